/**
 * `npm run bench -- --blocks`: where a session's CPU time goes, 1,000 steps at a time.
 *
 * For one policy, the 1k-step session and the 10k-step session of the same scenario and seed (the 1k
 * workload is the first 1,000 steps of the 10k one) are run alternately, each a few times. A timing hook
 * (a `beforeStep` wrapped around the policy's own, or added when it has none: one more hook call per step)
 * reads the process's CPU time at every 1,000th step, so each 10k session yields the CPU cost of each of
 * its ten blocks; the median over the runs is kept, block by block. Next to it: the garbage collection
 * the block paid for (V8's own pause costs, from a `v8.GCProfiler` restarted at every mark: a session that
 * keeps more of what it allocates pays more per step, as its survivors are copied and promoted), and the
 * block's mean request (prompt tokens, history messages) and its compaction events, from the session's
 * own records. The 1k session is timed the same way, so `session1k` and `blocks10k[0]` measure the same
 * 1,000 steps in two sessions.
 *
 * Like for like (`steps`): the same hook reads the clock at every step, and each step's wall time is
 * filed by whether the step carried an event (a compaction, a strip: the session's own event records)
 * or not. The medians of each kind at 1k and at 10k say whether a step of the same kind costs more in a
 * longer session, which the whole-session ratio cannot say when the two lengths have different shares of
 * event steps (a policy that fires only above a threshold fires on few of the 1k session's steps).
 * Medians of wall time: a collection or a preemption moves a few steps, not the median.
 *
 * Policy and harness (`steps.policy*`): every hook of the policy is timed too, and its time
 * is filed under the step whose interval it falls in (a step's interval runs from its beforeStep to the
 * next one's, so it holds that step's view and afterStep and the next step's appends). So the bench says
 * whose time a step is: the policy's own code, or the harness's handling of what it returned (the cache
 * cut, the request patch, the invariant index, the event's record, the pricing) and the garbage both
 * leave. Medians again: the means of a step's wall time here are not a steady figure (the runs alternate,
 * so a 1k run may pay for the collection of the 10k run's garbage: `none` measured 0.8–0.9 as a ratio of
 * means). Two clock reads per hook call (~0.1 µs) are in the wall figures.
 */
import { GCProfiler } from 'node:v8';
import type { TokenCounter } from '../dist/core/tokens.js';
import { resolvePolicy } from '../dist/policies/registry.js';
import type { ContextPolicy, PolicyDefinition } from '../dist/policies/types.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
import type { Scenario } from '../dist/workload/scenario.js';
import type { Workload } from '../dist/workload/types.js';

export const BLOCK = 1_000;

/** One length of the scenario: its workload, generated once. */
export interface Cell {
  scenario: Scenario;
  workload: Workload;
  tokens: TokenCounter;
}

export interface BlockFigures {
  /** µs of CPU per step over the whole 1k-step session (from its first step to its end) */
  session1k: number;
  /** ms of GC in the 1k-step session (V8's pause costs; mean over the runs: a collection falls in some runs, not others) */
  gcMs1k: number;
  /** µs of CPU per step in each 1,000-step block of the 10k-step session */
  blocks10k: number[];
  /** ms of GC in each block of the 10k-step session (mean over the runs) */
  gcMs10k: number[];
  /** per block: mean prompt tokens of the requests, mean history messages, compaction events */
  promptTokens: number[];
  historyMessages: number[];
  events: number[];
  /** median wall µs of a step without an event and of a step with one, at 1k and 10k (pooled over the runs), and how many of each there were per run */
  steps: {
    plain1k: number; plain10k: number; event1k: number | null; event10k: number | null; eventSteps1k: number; eventSteps10k: number;
    /** median µs of those steps spent in the policy's own hooks */
    policyPlain1k: number; policyPlain10k: number; policyEvent1k: number | null; policyEvent10k: number | null;
  };
}

const HOOKS = ['onAppend', 'beforeStep', 'view', 'afterStep', 'onOverflow', 'onCommand', 'telemetry'] as const;

/** CPU µs used so far, and GC ms since the previous mark (a GC profiler runs from mark to mark). */
type Mark = [cpuUs: number, gcMs: number];

class Marker {
  readonly marks: Mark[] = [];
  /** wall ms at the first hook of each step (NaN: not reached) */
  readonly stepStart: Float64Array;
  /** wall ms spent in the policy's hooks during each step's interval */
  readonly policyMs: Float64Array;
  private current = 0;
  private gc: GCProfiler | undefined;

  constructor(steps: number) {
    this.stepStart = new Float64Array(steps + 1).fill(Number.NaN);
    this.policyMs = new Float64Array(steps + 1);
  }

  step(step: number): void {
    if (step < this.stepStart.length && Number.isNaN(this.stepStart[step]!)) this.stepStart[step] = performance.now();
    this.current = Math.min(step, this.policyMs.length - 1);
  }

  policy(ms: number): void {
    this.policyMs[this.current]! += ms;
  }

  mark(): void {
    const gcMs = this.gc ? this.gc.stop().statistics.reduce((t, e) => t + e.cost, 0) / 1000 : 0;
    const c = process.cpuUsage();
    this.marks.push([c.user + c.system, gcMs]);
    this.gc = new GCProfiler();
    this.gc.start();
  }

  end(): void {
    this.mark();
    this.gc!.stop();
    this.gc = undefined;
  }
}

/**
 * `def` with a timer: `marker` marks the start of every 1,000th step. The policy's own hooks are called
 * bound to the policy object (class instances with private fields work unchanged).
 */
function timed(def: PolicyDefinition, marker: Marker): PolicyDefinition {
  return {
    ...def,
    create(params) {
      const p = def.create(params);
      const w: Record<string, unknown> = { id: p.id, params: p.params };
      for (const h of HOOKS) {
        if (typeof p[h] !== 'function') continue;
        const hook = (p[h] as (...a: unknown[]) => unknown).bind(p);
        w[h] = (...a: unknown[]): unknown => {
          const t0 = performance.now();
          try {
            return hook(...a);
          } finally {
            marker.policy(performance.now() - t0);
          }
        };
      }
      const inner = w.beforeStep as ContextPolicy['beforeStep'];
      w.beforeStep = (history: Parameters<NonNullable<ContextPolicy['beforeStep']>>[0], ctx: Parameters<NonNullable<ContextPolicy['beforeStep']>>[1]) => {
        if (ctx.step % BLOCK === 0) marker.mark();
        marker.step(ctx.step);
        return inner ? inner(history, ctx) : undefined;
      };
      return w as unknown as ContextPolicy;
    },
  };
}

interface TimedRun {
  cpuUs: number[];
  gcMs: number[];
  steps: Array<{ promptTokens: number; historyMessages: number }>;
  eventSteps: number[];
  /** wall µs of each step but the last, with or without an event, and the policy's µs within each */
  plainUs: number[];
  eventUs: number[];
  policyPlainUs: number[];
  policyEventUs: number[];
}

function runTimed(cell: Cell, def: PolicyDefinition, overrides: Record<string, string>): TimedRun {
  const marker = new Marker(cell.workload.steps.length);
  const run = runSession(makeSetup({
    scenario: cell.scenario.name, seed: 1, workload: cell.workload, policy: resolvePolicy(timed(def, marker), overrides),
    settings: scenarioSettings(cell.scenario), tokens: cell.tokens,
  }));
  marker.end();
  const marks = marker.marks;
  const withEvent = new Set(run.events.map((e) => e.step));
  const plainUs: number[] = [];
  const eventUs: number[] = [];
  const policyPlainUs: number[] = [];
  const policyEventUs: number[] = [];
  const t = marker.stepStart;
  for (let s = 0; s + 1 < t.length; s++) {
    const us = (t[s + 1]! - t[s]!) * 1000;
    if (!Number.isFinite(us)) continue;
    const event = withEvent.has(s);
    (event ? eventUs : plainUs).push(us);
    (event ? policyEventUs : policyPlainUs).push(marker.policyMs[s]! * 1000);
  }
  return {
    plainUs, eventUs, policyPlainUs, policyEventUs,
    cpuUs: marks.slice(1).map((m, i) => m[0] - marks[i]![0]),
    gcMs: marks.slice(1).map((m) => m[1]),
    steps: run.steps,
    eventSteps: run.events.map((e) => e.step),
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const round = (x: number, d = 1): number => +x.toFixed(d);
const medianOrNull = (xs: number[]): number | null => (xs.length ? round(median(xs), 2) : null);
/** Per-block figures of `def` on the two cells (`runs` timed runs of each, alternating, after one of each untimed). */
export function blockFigures(def: PolicyDefinition, cell1k: Cell, cell10k: Cell, runs = 5, overrides: Record<string, string> = {}): BlockFigures {
  (globalThis as { gc?: () => void }).gc?.();
  runTimed(cell1k, def, overrides);
  runTimed(cell10k, def, overrides);
  const r1: TimedRun[] = [];
  const r10: TimedRun[] = [];
  for (let i = 0; i < runs; i++) {
    r1.push(runTimed(cell1k, def, overrides));
    r10.push(runTimed(cell10k, def, overrides));
  }
  const last = r10[r10.length - 1]!;
  const blocks = last.cpuUs.map((_, b) => b);
  const blockMean = (b: number, f: (s: TimedRun['steps'][number]) => number): number => {
    const part = last.steps.slice(b * BLOCK, (b + 1) * BLOCK);
    return part.reduce((s, x) => s + f(x), 0) / part.length;
  };
  return {
    session1k: round(median(r1.map((r) => r.cpuUs[0]!)) / BLOCK),
    gcMs1k: round(mean(r1.map((r) => r.gcMs[0]!))),
    blocks10k: blocks.map((b) => round(median(r10.map((r) => r.cpuUs[b]!)) / BLOCK)),
    gcMs10k: blocks.map((b) => round(mean(r10.map((r) => r.gcMs[b]!)))),
    promptTokens: blocks.map((b) => Math.round(blockMean(b, (s) => s.promptTokens))),
    historyMessages: blocks.map((b) => Math.round(blockMean(b, (s) => s.historyMessages))),
    events: blocks.map((b) => last.eventSteps.filter((s) => s >= b * BLOCK && s < (b + 1) * BLOCK).length),
    steps: {
      plain1k: round(median(r1.flatMap((r) => r.plainUs)), 2), plain10k: round(median(r10.flatMap((r) => r.plainUs)), 2),
      event1k: medianOrNull(r1.flatMap((r) => r.eventUs)), event10k: medianOrNull(r10.flatMap((r) => r.eventUs)),
      eventSteps1k: r1[0]!.eventUs.length, eventSteps10k: r10[0]!.eventUs.length,
      policyPlain1k: round(median(r1.flatMap((r) => r.policyPlainUs)), 2), policyPlain10k: round(median(r10.flatMap((r) => r.policyPlainUs)), 2),
      policyEvent1k: medianOrNull(r1.flatMap((r) => r.policyEventUs)), policyEvent10k: medianOrNull(r10.flatMap((r) => r.policyEventUs)),
    },
  };
}
