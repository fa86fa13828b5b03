/**
 * Cache-read share over steps: the fraction of prompt tokens read from the prompt cache in consecutive
 * 10-step buckets, pooled over seeds (Σ cacheReadTokens / Σ promptTokens over the bucket's steps of
 * every seed that reached them), as a heatmap per scenario: one row per policy, so many policies stay
 * distinguishable where overlaid lines near 100% would not. Dark cells are cache breaks. The colour
 * scale is cubic so the range that matters (80–100%) gets most of the colours.
 */
import type { SessionRun } from '../../sim/records.js';
import type { Row } from '../table.js';
import { baselineAxis, parsedData, scenarioPanels, NO_ITEM_ARIA, topLevel, twoPanelWidth, type Chart, type RunChartContext } from './common.js';

export const SHARE_BUCKET = 10;

interface Bucket {
  scenario: string;
  policy: string;
  policyLabel: string;
  from: number;
  to: number;
  read: number;
  prompt: number;
  steps: number;
}

/** One run's share of the buckets: per bucket of its steps, in step order, its sums. */
export interface RunBucket {
  from: number;
  to: number;
  read: number;
  prompt: number;
  steps: number;
}

/**
 * A run's buckets, or null when a token count is not an integer. Why per run: the report computes them
 * where the run was simulated (report/run-digest.ts), so a worker's step records need not be rebuilt
 * here; pooled in run order they give the same sums as adding step by step, because integer sums (far
 * below 2^53) do not depend on the order of the additions — hence the check.
 */
export function runBuckets(run: SessionRun): RunBucket[] | null {
  const out: RunBucket[] = [];
  let b: RunBucket | undefined;
  for (const s of run.steps) {
    if (!Number.isSafeInteger(s.cacheReadTokens) || !Number.isSafeInteger(s.promptTokens)) return null;
    const from = Math.floor(s.step / SHARE_BUCKET) * SHARE_BUCKET;
    if (!b || b.from !== from) {
      b = out.find((x) => x.from === from);
      if (!b) out.push((b = { from, to: from, read: 0, prompt: 0, steps: 0 }));
    }
    b.to = Math.max(b.to, s.step + 1);
    b.read += s.cacheReadTokens;
    b.prompt += s.promptTokens;
    b.steps++;
  }
  return out;
}

const kept = new WeakMap<SessionRun, RunBucket[]>();

/** Keeps a run's buckets computed ahead of the report (report/run-digest.ts). */
export function keepRunBuckets(run: SessionRun, b: RunBucket[]): void {
  kept.set(run, b);
}

/** Buckets keyed by (scenario, policy label, first step), in run order. */
function buckets(runs: readonly SessionRun[]): Bucket[] {
  const out = new Map<string, Bucket>();
  for (const r of runs) {
    for (const rb of kept.get(r) ?? runBuckets(r) ?? stepBuckets(r)) {
      const k = `${r.key.scenario}\u0000${r.key.policyLabel}\u0000${rb.from}`;
      let b = out.get(k);
      if (!b) out.set(k, (b = { scenario: r.key.scenario, policy: r.key.policy, policyLabel: r.key.policyLabel, from: rb.from, to: rb.from, read: 0, prompt: 0, steps: 0 }));
      b.to = Math.max(b.to, rb.to);
      b.read += rb.read;
      b.prompt += rb.prompt;
      b.steps += rb.steps;
    }
  }
  return [...out.values()];
}

/** A run whose token counts are not all integers: one entry per step, so the pooled sums add step by step. */
function stepBuckets(run: SessionRun): RunBucket[] {
  return run.steps.map((s) => {
    const from = Math.floor(s.step / SHARE_BUCKET) * SHARE_BUCKET;
    return { from, to: s.step + 1, read: s.cacheReadTokens, prompt: s.promptTokens, steps: 1 };
  });
}

export function cacheShareChart(runs: readonly SessionRun[], ctx: RunChartContext): Chart {
  const rows: Row[] = buckets(runs).map((b) => ({
    scenario: b.scenario, policy: b.policy, policyLabel: b.policyLabel, stepFrom: b.from, stepTo: b.to,
    cacheReadShare: b.prompt > 0 ? b.read / b.prompt : null, sessionSteps: b.steps,
  }));
  const table = { columns: ['scenario', 'policy', 'policyLabel', 'stepFrom', 'stepTo', 'cacheReadShare', 'sessionSteps'], rows };
  const chart: Chart = {
    name: 'cache-share',
    title: `Cache-read share of prompt tokens over steps (${SHARE_BUCKET}-step buckets)`,
    caption: `Fraction of prompt tokens read from the prompt cache per ${SHARE_BUCKET}-step bucket, pooled over seeds; darker = less reuse (cache breaks).`,
    table,
    spec: (data) =>
      topLevel(chart, parsedData(data, table), scenarioPanels(ctx, {
        width: twoPanelWidth(ctx.labels, 110),
        height: { step: 16 },
        mark: { type: 'rect', ...NO_ITEM_ARIA },
        encoding: {
          x: { field: 'stepFrom', type: 'quantitative', title: 'step (model request)', scale: { nice: false, zero: true } },
          x2: { field: 'stepTo' },
          y: { field: 'policyLabel', type: 'nominal', title: null, sort: [...ctx.labels], scale: { domain: [...ctx.labels] }, axis: baselineAxis(ctx) },
          color: { field: 'cacheReadShare', type: 'quantitative', title: 'cache-read share', scale: { type: 'pow', exponent: 3, domain: [0, 1], scheme: 'viridis' }, legend: { format: '.0%', gradientLength: 200, values: [0, 0.6, 0.8, 0.9, 1] } },
          tooltip: [
            { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'stepFrom', title: 'from step' }, { field: 'stepTo', title: 'to step (excl.)' },
            { field: 'cacheReadShare', title: 'cache-read share', format: '.1%' }, { field: 'sessionSteps', title: 'steps pooled (all seeds)' },
          ],
        },
      })),
  };
  return chart;
}
