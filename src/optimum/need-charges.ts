/**
 * What forgetting costs in the offline optimum (issue 28): an operation that removes a tool result a
 * later step needs is charged for it, so the bound is the cheapest schedule for an agent that must get
 * back what it loses, not the cheapest schedule of total amnesia.
 *
 * The simulator's closed loop re-fetches a lost need with a probability per kind of removal, drawn per
 * need from the seed alone (src/sim/reaction.ts), so whether a need *would* be re-fetched is known before
 * any policy runs. A source removed at step q is charged when some need of it at a step ≥ q would be
 * re-fetched under every kind of removal (its draw is below the smallest probability): then any schedule
 * that lacks the source at that need pays a re-fetch, and one that keeps it pays for carrying it. The
 * charge is the lesser of two lower bounds:
 * - a re-fetch: the source's tokens sent as new input (the cheaper of the input and cache-write prices)
 *   plus the extra request's system prompt read from cache;
 * - keeping it instead: the tokens a removal saves, read from cache by every request from q to that need.
 * User messages are never re-fetched (the loop measures them, it does not repair them): never charged.
 * A source is removed at most once in the family (a summary or prune is never undone), so it is charged
 * at most once. Tool outputs capped at insertion count as intact: the cap only lowers the bound.
 */
import type { TokenCounter } from '../core/tokens.js';
import type { Workload } from '../workload/types.js';
import type { WorkloadBlocks } from './blocks.js';
import type { OptimumFamily } from './family.js';
import type { StepPrices } from './step-prices.js';

/** A need as the bound sees it: the step that uses a source, and the step whose appends carry it. */
export interface BoundNeed {
  step: number;
  source: string;
  sourceStep: number;
}

export interface NeedPricing {
  needs: readonly BoundNeed[];
  /** whether the closed loop re-fetches this need under every kind of removal (its draw is below every probability) */
  alwaysRefetched(need: BoundNeed): boolean;
}

/** Charges per removal step q: `between(q, from, to)` sums the charges of tool sources appended at steps in [from, to). */
export interface NeedCharges {
  between(q: number, from: number, to: number): number;
}

interface Source { step: number; full: number; saved: number; needSteps: number[] }

function toolSources(w: Workload, tokens: TokenCounter, family: OptimumFamily): Map<string, { step: number; full: number; saved: number }> {
  const framing = tokens.message({ role: 'tool', content: '', tool_call_id: 'x' });
  const placeholder = framing + family.placeholderTokens;
  const out = new Map<string, { step: number; full: number; saved: number }>();
  w.steps.forEach((st, t) => {
    for (const m of st.append) {
      if (m.role !== 'tool' || !m.tool_call_id) continue;
      let full = tokens.message(m);
      if (family.insertionCapTokens > 0) full = Math.min(full, framing + family.insertionCapTokens);
      out.set(m.tool_call_id, { step: t, full, saved: Math.max(0, full - placeholder) });
    }
  });
  return out;
}

/** null when no need would be re-fetched: the bound is then the forget-free one. */
export function needCharges(w: Workload, b: WorkloadBlocks, sp: StepPrices, tokens: TokenCounter, family: OptimumFamily, pricing: NeedPricing): NeedCharges | null {
  const all = toolSources(w, tokens, family);
  const sources = new Map<string, Source>();
  for (const nd of pricing.needs) {
    const s = all.get(nd.source);
    if (!s || nd.step <= s.step || nd.step >= b.n || !pricing.alwaysRefetched(nd)) continue;
    const src = sources.get(nd.source) ?? { ...s, needSteps: [] };
    src.needSteps.push(nd.step);
    sources.set(nd.source, src);
  }
  if (!sources.size) return null;
  const n = b.n;
  const W = n + 1;
  let readMin = Infinity;
  for (let t = 0; t < n; t++) readMin = Math.min(readMin, sp.read[t]!, sp.lcRead[t]!);
  // P[q * W + t]: the charges of removing at q every charged source appended before step t
  const P = new Float64Array(W * W);
  for (const src of sources.values()) {
    src.needSteps.sort((x, y) => x - y);
    let next = src.needSteps.length - 1;
    for (let q = src.needSteps[next]!; q > src.step; q--) {
      while (next > 0 && src.needSteps[next - 1]! >= q) next--;
      const at = src.needSteps[next]!; // the first re-fetched need at or after q
      const refetch = src.full * Math.min(sp.input[at]!, sp.write[at]!) + b.systemTokens * Math.min(sp.read[at]!, sp.lcRead[at]!);
      const keep = src.saved * (at - q + 1) * readMin;
      P[q * W + src.step + 1] += Math.min(refetch, keep);
    }
  }
  for (let q = 0; q < n; q++) for (let t = 1; t <= n; t++) P[q * W + t] += P[q * W + t - 1]!;
  return { between: (q, from, to) => (to > from ? P[q * W + to]! - P[q * W + from]! : 0) };
}
