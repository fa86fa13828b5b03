/**
 * The policy registry: a short map keyed by policy id. Each entry is a PolicyDefinition (factory
 * plus the metadata `compactbench policies` prints).
 */
import { nonePolicy } from './none.js';
import { ParamError, parsePolicySpec, resolveParams, type RawParams } from './params.js';
import { thresholdSummaryPolicy } from './threshold-summary.js';
import { microcompactPolicy } from './microcompact.js';
import { insertionTrimPolicy, withInsertionTrim } from './insertion-trim.js';
import { hermesPolicy, hermesPruneFirstPolicy, hermesRunwayPolicy } from './hermes/index.js';
import { hermesAnthropicNativePolicy, hermesBackgroundPolicy, hermesMicroCompactPolicy, hermesProactivePrunePolicy } from './hermes/index.js';
import { claudeCodePolicy } from './claude-code/policy.js';
import { claudeCodeTutorialPolicy } from './claude-code/tutorial.js';
import { anthropicClearThinkingPolicy, anthropicClearToolUsesPolicy, anthropicCompactionPolicy } from './anthropic/definitions.js';
import { kilocodePolicy, opencodePolicy } from './opencode/policy.js';
import { twoPhasePolicy } from './opencode/two-phase.js';
import { codexPolicy } from './codex/policy.js';
import { miniSweAgentPolicy } from './mini-swe-agent/policy.js';
import { sweAgentPolicy } from './swe-agent/policy.js';
import { geminiCliPolicy } from './gemini-cli/policy.js';
import { clinePolicy } from './cline/policy.js';
import { openhandsPolicy } from './openhands/policy.js';
import { goosePolicy } from './goose/policy.js';
import { rooCodePolicy } from './roo-code/policy.js';
import { aiderPolicy } from './aider/policy.js';
import { complexityTrapHybridPolicy } from './complexity-trap/policy.js';
import { recentToolsSummaryPolicy } from './recent-tools-summary/policy.js';
import { cacheAlignedPolicy } from './cache-aligned/policy.js';
import type { PolicyDefinition } from './types.js';
import { FRAMEWORK_DEFINITIONS } from '../frameworks/definitions.js';
import { versionOf } from './versions.js';
import { paramsHash, policyLabel, type ResolvedPolicy } from './label.js';

const DEFINITIONS: readonly PolicyDefinition[] = [
  nonePolicy,
  thresholdSummaryPolicy,
  hermesPolicy,
  hermesPruneFirstPolicy,
  hermesRunwayPolicy,
  hermesBackgroundPolicy,
  hermesAnthropicNativePolicy,
  hermesProactivePrunePolicy,
  hermesMicroCompactPolicy,
  microcompactPolicy,
  insertionTrimPolicy,
  withInsertionTrim(hermesPolicy),
  claudeCodePolicy,
  claudeCodeTutorialPolicy,
  anthropicClearToolUsesPolicy,
  anthropicClearThinkingPolicy,
  anthropicCompactionPolicy,
  opencodePolicy,
  kilocodePolicy,
  twoPhasePolicy,
  codexPolicy,
  miniSweAgentPolicy,
  sweAgentPolicy,
  geminiCliPolicy,
  clinePolicy,
  openhandsPolicy,
  goosePolicy,
  rooCodePolicy,
  aiderPolicy,
  complexityTrapHybridPolicy,
  recentToolsSummaryPolicy,
  cacheAlignedPolicy,
];

export const REGISTRY: ReadonlyMap<string, PolicyDefinition> = new Map(DEFINITIONS.map((d) => [d.id, d]));

export function policyIds(): string[] {
  return [...REGISTRY.keys()];
}

/** The framework adapters (src/frameworks/): named like any policy, but not in the default set. */
export const FRAMEWORK_REGISTRY: ReadonlyMap<string, PolicyDefinition> = new Map(FRAMEWORK_DEFINITIONS.map((d) => [d.id, d]));

/** A registered id, or `id@version` for another upstream version of it (see PolicyDefinition.versions). */
export function getPolicy(id: string): PolicyDefinition {
  const at = id.indexOf('@');
  const name = at < 0 ? id : id.slice(0, at);
  const def = REGISTRY.get(name) ?? FRAMEWORK_REGISTRY.get(name);
  if (!def) throw new ParamError(`unknown policy ${JSON.stringify(name)}; known policies: ${[...policyIds(), ...FRAMEWORK_REGISTRY.keys()].join(', ')}`);
  return at < 0 ? def : versionOf(def, id.slice(at + 1));
}

export function resolvePolicy(def: PolicyDefinition, overrides: RawParams = {}): ResolvedPolicy {
  const params = resolveParams(def, overrides);
  return { def, params, label: policyLabel(def, params), paramsHash: paramsHash(def.id, params) };
}

/** `id` or `id:key=value,...` (the CLI form) to a resolved policy. */
export function resolvePolicySpec(spec: string): ResolvedPolicy {
  const { id, overrides } = parsePolicySpec(spec);
  return resolvePolicy(getPolicy(id), overrides);
}
