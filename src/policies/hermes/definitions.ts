/**
 * The Hermes policy family for the registry:
 * - `hermes`: Hermes as it runs by default today: the 0000416b compressor (conformance-checked), the
 *   lean tail (the default since 2026-08-26) and today's token estimators (read from source), on its
 *   agent loop; `hermes@0000416b` and `hermes@8fa8aabb` are the older upstreams, each checked against
 *   data its own compressor produced;
 * - `hermes-prune-first`: seed 003's naive two-phase variant — prune old middle tool outputs first and
 *   take prune-only as soon as it lands under the threshold;
 * - `hermes-runway`: seed 003's conservative variant — prune-only only when it leaves
 *   max(prune minimum, runwayFraction × threshold) of runway, else summarise at once.
 * The two variants were proposed upstream (PRs #1231/#1238/#27082) and never merged.
 */
import type { ParamSpec, PolicyDefinition } from '../types.js';
import { HERMES_PARAMS, PRUNE_PARAMS, RUNWAY_PARAM, readHermesParams, type HermesParams } from './params.js';
import { HermesContextPolicy, type HermesUpstream } from './policy.js';
import { HERMES_0000416B_UPSTREAM_PROPERTIES, HERMES_UPSTREAM_PROPERTIES } from './upstream-properties.js';

/**
 * The seed-003 variants claim commits of 2026-03-14, when `protect_last_n` defaulted to 4
 * (agent/context_compressor.py @ 5c479eed); it became 20 on 2026-03-24 (9231a335d #2554, with the
 * config defaults in 7ca22ea1). Their other compressor rules are 8fa8aabb's.
 */
const SEED_003_PROTECT_LAST_N = 4;
const seed003Params = (specs: readonly ParamSpec[]): ParamSpec[] =>
  specs.map((p) => (p.name === 'protectLastN' ? { ...p, default: SEED_003_PROTECT_LAST_N, description: `${p.description} (4 at the seed's date, 5c479eed)` } : p));

export const HERMES_SOURCE = 'NousResearch/hermes-agent agent/context_compressor.py @ 8fa8aabb (agent loop: agent/turn_context.py, agent/conversation_loop.py, agent/conversation_compression.py)';

const AGENT_LOOP = 'agent loop: agent/turn_context.py, agent/conversation_loop.py, agent/conversation_compression.py @ 8fa8aabb';
export const HERMES_0000416B_SOURCE = `NousResearch/hermes-agent agent/context_compressor.py @ 0000416b34a3 (conformance: shared/conformance/hermes-0000416b; ${AGENT_LOOP})`;
export const HERMES_CURRENT_SOURCE =
  'NousResearch/hermes-agent: agent/context_compressor.py @ 0000416b34a3 (conformance-checked) with compression.tail_mode=lean ' +
  '(PR #87326, the default since PR #95571, 2026-08-26; read from the pull requests), agent/model_metadata.py estimators @ 00067189dfec ' +
  '(per-message rounding, UTF-8 bytes for non-ASCII, CJK 1 token/char) and agent/image_token_cost.py @ 11cf2064 (learned image cost, ' +
  `PR #104575, 2026-09-06), read from source; ${AGENT_LOOP}`;

const DESCRIPTION =
  "Hermes Agent's compressor: at 50% of the window (75% under 512K), prune old tool outputs to one-line summaries, keep the head and a token-budget tail, summarise the middle (iteratively), with anti-thrash and failure cooldown.";

const hermesAt = (id: string, upstream: HermesUpstream, defaults: Partial<HermesParams> = {}) =>
  (params: Readonly<Record<string, unknown>>) => new HermesContextPolicy(id, params, readHermesParams(params, defaults), undefined, upstream);

const withDefault = (specs: readonly ParamSpec[], name: string, value: number | boolean | string): ParamSpec[] =>
  specs.map((p) => (p.name === name ? { ...p, default: value } : p));

const hermes8fa8aabb: PolicyDefinition = {
  id: 'hermes@8fa8aabb',
  description: `${DESCRIPTION} [8fa8aabb, 2026-07-15: before the pressure pass, grounded summaries and the lean tail]`,
  source: HERMES_SOURCE,
  version: '8fa8aabb',
  params: HERMES_PARAMS,
  upstreamProperties: HERMES_UPSTREAM_PROPERTIES,
  create: hermesAt('hermes@8fa8aabb', { version: '8fa8aabb', currentEstimators: false }),
};

const hermes0000416b: PolicyDefinition = {
  id: 'hermes@0000416b',
  description: `${DESCRIPTION} [0000416b, 2026-07-23..08-16: protected-tail pressure pass, actionable-user anchors, grounded summaries; legacy tail, older estimators]`,
  source: HERMES_0000416B_SOURCE,
  version: '0000416b',
  params: HERMES_PARAMS,
  upstreamProperties: HERMES_0000416B_UPSTREAM_PROPERTIES,
  create: hermesAt('hermes@0000416b', { version: '0000416b', currentEstimators: false }),
};

export const hermesPolicy: PolicyDefinition = {
  id: 'hermes',
  description: `${DESCRIPTION} As Hermes runs by default today: 0000416b's compressor, the lean tail (10–25K tokens kept verbatim) and today's estimators.`,
  source: HERMES_CURRENT_SOURCE,
  version: '2026-09-06',
  versions: {
    '0000416b': { description: hermes0000416b.description, definition: hermes0000416b },
    '8fa8aabb': { description: hermes8fa8aabb.description, definition: hermes8fa8aabb },
  },
  params: withDefault(HERMES_PARAMS, 'tailMode', 'lean'),
  upstreamProperties: HERMES_0000416B_UPSTREAM_PROPERTIES,
  create: hermesAt('hermes', { version: '0000416b', currentEstimators: true }, { tailMode: 'lean' }),
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
