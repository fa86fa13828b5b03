/**
 * The Hermes options its users can switch on, each a variant of today's `hermes` with upstream's
 * defaults for everything else and the file and commit it follows in its source (read from source; no
 * conformance data covers them). Measured on the default suite in docs/policies-hermes.md.
 * Not a variant: the system-prompt and tool-set rebuild at a compaction commit
 * (agent/conversation_compression.py `_refresh_agent_tool_definitions`): the simulator's system prompt
 * and tools are fixed per scenario, so a rebuild changes nothing it caches (docs/policies-hermes.md).
 */
import type { ParamSpec, PolicyDefinition } from '../types.js';
import { HERMES_CURRENT_SOURCE, hermesPolicy } from './definitions.js';
import type { HermesOptions } from './options/index.js';
import { readHermesParams } from './params.js';
import { HermesContextPolicy } from './policy.js';

const REPO = 'NousResearch/hermes-agent';

function variant(id: string, description: string, source: string, options: (params: Readonly<Record<string, unknown>>) => HermesOptions, extra: readonly ParamSpec[] = []): PolicyDefinition {
  return {
    id,
    description: `${description} On today's hermes (lean tail, current estimators).`,
    source: `${source}; on ${HERMES_CURRENT_SOURCE}`,
    version: hermesPolicy.version!,
    params: [...hermesPolicy.params, ...extra],
    upstreamProperties: hermesPolicy.upstreamProperties,
    create: (params) => new HermesContextPolicy(id, params, readHermesParams(params, { tailMode: 'lean' }), undefined, { version: '0000416b', currentEstimators: true }, options(params)),
  };
}

export const hermesBackgroundPolicy = variant(
  'hermes-background',
  'Background compression applied (compression.background enabled, shadow_only false): a candidate compacted on a worker once the request reaches 0.65 of the window (at most 0.8 of the trigger), applied at a later turn start from 0.82 (at most 0.96 of the trigger) with the turns appended since kept verbatim.',
  `${REPO} agent/async_context_compression.py @ 3772aacc705c`,
  () => ({ background: true }),
);

export const hermesAnthropicNativePolicy = variant(
  'hermes-anthropic-native',
  "Anthropic native compaction as the summarizer (compression.anthropic_native): on Claude models with on-demand compaction the summary is written by the main model over its last answered request, read from the prompt cache, output capped at 20,000 tokens; else the auxiliary summarizer.",
  `${REPO} agent/anthropic_native_compaction.py @ 545d608bf37c`,
  () => ({ anthropicNative: true }),
);

const PRUNE_PARAMS: readonly ParamSpec[] = [
  { name: 'proactivePruneTokens', type: 'integer', default: 50_000, min: 0, description: "compression.proactive_prune_tokens: request tokens from which the no-LLM tool-result prune runs when compression does not (0 = off, upstream's default; 50,000 is this variant's choice)" },
  { name: 'proactivePruneMinResultChars', type: 'integer', default: 8000, min: 200, description: 'compression.proactive_prune_min_result_chars: only tool outputs longer than this are summarised (upstream default 8,000)' },
  { name: 'proactivePruneMinReclaimTokens', type: 'integer', default: 4096, min: 0, description: 'compression.proactive_prune_min_reclaim_tokens: a prune is committed only when it reclaims at least this many tokens (upstream default 4,096)' },
];

export const hermesProactivePrunePolicy = variant(
  'hermes-proactive-prune',
  'Proactive tool-result pruning (prune_tool_results_only, PR #70254): no LLM; from proactivePruneTokens, old tool outputs over 8,000 chars outside the last protect_last_n messages become one-line summaries, committed only when that reclaims at least 4,096 tokens.',
  `${REPO} agent/context_compressor.py prune_tool_results_only @ 0000416b34a3`,
  (p) => ({
    proactivePrune: {
      triggerTokens: Number(p.proactivePruneTokens ?? 50_000),
      minResultChars: Number(p.proactivePruneMinResultChars ?? 8000),
      minReclaimTokens: Number(p.proactivePruneMinReclaimTokens ?? 4096),
    },
  }),
  PRUNE_PARAMS,
);

export const hermesMicroCompactPolicy = variant(
  'hermes-micro-compact',
  'Micro-compaction (compression.micro_compact): after every turn the oldest unabsorbed assistant/tool exchange of the compressible window is merged into a rolling summary (one auxiliary call, at most 1,500 tokens out) and replaced by one assistant marker; at 2,000 tokens the rolling summary is re-summarised in place.',
  `${REPO} agent/micro_compaction.py @ 0a0b92d75ae6 (opt-in since PR #74522)`,
  () => ({ microCompact: true }),
);
