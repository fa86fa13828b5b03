/** Small hand-made workloads for the offline optimum, and an independent reference of its cost model. */
import seedrandom from 'seedrandom';
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import type { TokenCounter } from '../../src/core/tokens.js';
import type { OptimumFamily } from '../../src/optimum/family.js';
import { requestCost, type StepPrices } from '../../src/optimum/step-prices.js';
import type { ScriptStep, Workload } from '../../src/workload/types.js';

const words = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag}${i % 7}`).join(' ');

/** A tool-heavy session: user turns of 1–3 single-call steps, results of random size, some reasoning. */
export function smallWorkload(seed: string, steps: number, opts: { gap?: (t: number) => number } = {}): Workload {
  const rng = seedrandom.alea(seed);
  const out: ScriptStep[] = [];
  let turn = 0;
  let pendingCall: string | null = null;
  for (let t = 0; t < steps; t++) {
    const newTurn = pendingCall === null || rng() < 0.25;
    if (newTurn) turn++;
    // every call is answered (no orphans); a new user turn follows the last result
    const append: Message[] = [
      ...(pendingCall ? [toolResult(pendingCall, words(50 + Math.floor(rng() * 3000), `r${t}`))] : []),
      ...(newTurn ? [user(`task ${turn} ${words(5 + Math.floor(rng() * 40), 'u')}`)] : []),
    ];
    const id = `c${t}`;
    const response: Message = { ...assistant(words(3, 'a'), [call(id, 'Bash', { command: `run ${t}` })]), ...(rng() < 0.4 ? { reasoning: words(20 + Math.floor(rng() * 200), `th${t}`) } : {}) };
    pendingCall = id;
    out.push({ userTurn: turn - 1, append, response, outputTokens: 50 + Math.floor(rng() * 300), gapBefore: opts.gap ? opts.gap(t) : 5, latency: 3 });
  }
  return { id: `small-${seed}`, system: sys(words(2500, 's')), steps: out, model: 'claude-sonnet-4.5', contextWindow: 200_000, maxOutputTokens: 32_000 };
}

export type Op = 'none' | 'summary' | 'prune';

/**
 * The relaxed cost of one explicit schedule, computed message by message (independently of the
 * dynamic program's prefix-sum algebra): the history as a list of keyed entries, the shared prefix of
 * two requests found by comparing keys.
 */
export function referenceCost(w: Workload, tokens: TokenCounter, sp: StepPrices, family: OptimumFamily, ops: readonly Op[], outputScale = 1): number {
  interface Entry { key: string; tokens: number; block: number; prunable: number; kind: 'tool' | 'reasoning' | 'other' }
  const cap = family.insertionCapTokens;
  const emptyTool = tokens.message({ role: 'tool', content: '', tool_call_id: 'x' });
  const emptyUser = tokens.message({ role: 'user', content: '' });
  const reasoningOf = (m: Message): number => (m.reasoning ? tokens.count(m.reasoning) : 0);
  let history: Entry[] = [];
  let prev: Entry[] = [];
  let total = 0;
  const sysTokens = tokens.message(w.system);
  for (let t = 0; t < w.steps.length; t++) {
    const block = t > 0 ? [w.steps[t - 1]!.response, ...w.steps[t]!.append] : w.steps[t]!.append;
    block.forEach((m, i) => {
      let n = tokens.message(m);
      if (m.role === 'tool' && cap > 0) n = Math.min(n, emptyTool + cap);
      const kind = m.role === 'tool' ? 'tool' : m.role === 'assistant' && reasoningOf(m) > 0 ? 'reasoning' : 'other';
      const prunable = kind === 'tool' ? Math.max(0, n - emptyTool - family.placeholderTokens) : kind === 'reasoning' ? reasoningOf(m) : 0;
      history.push({ key: `${t}:${i}`, tokens: n, block: t, prunable, kind });
    });
    if (ops[t] === 'summary' && t > 0) {
      const input = history.filter((e) => e.block < t).reduce((s, e) => s + e.tokens, 0);
      total += input * sp.auxRead[t]! + family.summaryTokens * sp.auxOutput[t]!;
      history = [{ key: `sum${t}`, tokens: family.summaryTokens + emptyUser, block: t, prunable: 0, kind: 'other' }, ...history.filter((e) => e.block === t)];
    } else if (ops[t] === 'prune') {
      history = history.map((e) => (e.block < t - family.pruneKeepSteps && e.prunable > 0
        ? { ...e, key: `${e.key}#p`, tokens: e.tokens - e.prunable, prunable: 0 } : e));
    }
    const size = sysTokens + history.reduce((s, e) => s + e.tokens, 0);
    let shared = sysTokens;
    for (let i = 0; i < Math.min(prev.length, history.length) && prev[i]!.key === history[i]!.key; i++) shared += history[i]!.tokens;
    total += requestCost(sp, t, size, t === 0 ? 0 : shared, Math.round(w.steps[t]!.outputTokens * outputScale));
    prev = [...history];
  }
  return total;
}

/** Every schedule of `n` steps (3ⁿ of them). */
export function* allSchedules(n: number): Generator<Op[]> {
  const ops: Op[] = new Array<Op>(n).fill('none');
  const choices: Op[] = ['none', 'summary', 'prune'];
  const rec = function* (i: number): Generator<Op[]> {
    if (i === n) { yield [...ops]; return; }
    for (const c of choices) { ops[i] = c; yield* rec(i + 1); }
  };
  yield* rec(0);
}
