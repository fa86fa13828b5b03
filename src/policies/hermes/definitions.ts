/**
 * The Hermes policy family for the registry:
 * - `hermes`: the current upstream compressor (NousResearch/hermes-agent agent/context_compressor.py
 *   @ 8fa8aabb) on its agent loop;
 * - `hermes-prune-first`: seed 003's naive two-phase variant — prune old middle tool outputs first and
 *   take prune-only as soon as it lands under the threshold;
 * - `hermes-runway`: seed 003's conservative variant — prune-only only when it leaves
 *   max(prune minimum, runwayFraction × threshold) of runway, else summarise at once.
 * The two variants were proposed upstream (PRs #1231/#1238/#27082) and never merged.
 */
import type { ParamSpec, PolicyDefinition } from '../types.js';
import { HERMES_PARAMS, PRUNE_PARAMS, RUNWAY_PARAM, readHermesParams } from './params.js';
import { HermesContextPolicy } from './policy.js';
import { HERMES_UPSTREAM_PROPERTIES } from './upstream-properties.js';

/**
 * The seed-003 variants claim commits of 2026-03-14, when `protect_last_n` defaulted to 4
 * (agent/context_compressor.py @ 5c479eed); it became 20 on 2026-03-24 (9231a335d #2554, with the
 * config defaults in 7ca22ea1). Their other compressor rules are 8fa8aabb's.
 */
const SEED_003_PROTECT_LAST_N = 4;
const seed003Params = (specs: readonly ParamSpec[]): ParamSpec[] =>
  specs.map((p) => (p.name === 'protectLastN' ? { ...p, default: SEED_003_PROTECT_LAST_N, description: `${p.description} (4 at the seed's date, 5c479eed)` } : p));

export const HERMES_SOURCE = 'NousResearch/hermes-agent agent/context_compressor.py @ 8fa8aabb (agent loop: agent/turn_context.py, agent/conversation_loop.py, agent/conversation_compression.py)';

export const hermesPolicy: PolicyDefinition = {
  id: 'hermes',
  description:
    "Hermes Agent's compressor: at 50% of the window (75% under 512K), prune old tool outputs to one-line summaries, keep the head and a token-budget tail, summarise the middle (iteratively), with anti-thrash and failure cooldown.",
  source: HERMES_SOURCE,
  version: '8fa8aabb',
  params: HERMES_PARAMS,
  upstreamProperties: HERMES_UPSTREAM_PROPERTIES,
  create: (params) => new HermesContextPolicy('hermes', params, readHermesParams(params)),
};

export const hermesPruneFirstPolicy: PolicyDefinition = {
  id: 'hermes-prune-first',
  description: 'Hermes with seed 003\'s naive prune-first phase: old middle tool outputs become placeholders and the summary is skipped whenever that lands under the threshold.',
  source: `seed 003 (teyrebaz33 119bad65, Hermes PR #1231, not merged) on ${HERMES_SOURCE}`,
  version: '119bad65',
  params: seed003Params(HERMES_PARAMS),
  upstreamProperties: HERMES_UPSTREAM_PROPERTIES,
  create: (params) => new HermesContextPolicy('hermes-prune-first', params, readHermesParams(params, { protectLastN: SEED_003_PROTECT_LAST_N }), 'naive'),
};

export const hermesRunwayPolicy: PolicyDefinition = {
  id: 'hermes-runway',
  description: 'Hermes with seed 003\'s cache-aware prune-first: prune-only is accepted only with max(prune minimum, 15% of threshold) of runway, else the summary runs at once.',
  source: `seed 003 (teknium1 a1a90f3f, Hermes PR #1238/#27082, not merged) on ${HERMES_SOURCE}`,
  version: 'a1a90f3f',
  params: seed003Params([...HERMES_PARAMS, ...PRUNE_PARAMS, RUNWAY_PARAM]),
  upstreamProperties: HERMES_UPSTREAM_PROPERTIES,
  create: (params) => new HermesContextPolicy('hermes-runway', params, readHermesParams(params, { protectLastN: SEED_003_PROTECT_LAST_N }), 'runway'),
};
