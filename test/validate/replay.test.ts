/**
 * The replay on synthetic recordings whose usage follows Anthropic's cache (marks on the system block
 * and the last message): pure appends, TTL expiry, compaction and model switches agree; a client
 * re-render is a labelled disagreement; a warm start is taken from the first call's recorded read.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { validateTrace } from '../../src/validate/index.js';
import type { CompactionPoint, ImportedTrace, RecordedCall } from '../../src/workload/import/types.js';

const tokens = createTokenCounter();
const S = 6000;

interface Step { append: Message[]; prompt: number; read: number; t: number; model?: string; compaction?: boolean; noWrites?: boolean }

/** A trace whose call k has `prompt` tokens of which `read` were cached and the rest written. */
function recording(steps: Step[]): ImportedTrace {
  const messages: Message[] = [];
  const calls: RecordedCall[] = [];
  const compactions: CompactionPoint[] = [];
  const times: (number | null)[] = [];
  steps.forEach((s, k) => {
    if (s.compaction) compactions.push({ beforeMsgIndex: messages.length, trigger: 'auto' });
    for (const m of s.append) (messages.push(m), times.push(s.t));
    const write = s.noWrites ? 0 : s.prompt - s.read; // prefix caches bill no writes: the rest is uncached input
    calls.push({ msgIndex: messages.length, input: s.prompt - s.read - write, cacheRead: s.read, cacheWrite: write, output: 10, model: s.model ?? 'claude-sonnet-4-5' });
    messages.push({ role: 'assistant', content: `step ${k}` });
    times.push(s.t + 1);
  });
  return {
    messages, warnings: [],
    meta: { format: 'claude-code', source: 'synthetic', calls, compactions, times, startEpoch: 0, unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {} },
  };
}

const user = (content: string): Message => ({ role: 'user', content });

/** Pure appends: each call reads the previous prompt and writes its growth. */
function appends(n: number, start = S + 200, t0 = 0): Step[] {
  const out: Step[] = [];
  let prev = 0;
  for (let k = 0; k < n; k++) {
    const prompt = start + 700 * k;
    out.push({ append: [user(`turn ${t0 + k} with some words`)], prompt, read: prev, t: t0 + 10 * k });
    prev = prompt;
  }
  return out;
}

describe('validate-cache replay (synthetic recordings)', () => {
  it('agrees on every call of a pure-append session, with exact totals', () => {
    const r = validateTrace(recording(appends(8)), { tokens, systemTokens: S });
    expect(r.agreeing).toBe(8);
    expect(r.modelled).toEqual(r.recorded);
  });

  it('predicts a TTL expiry (5-minute tier) when the recording shows one', () => {
    const steps = appends(4);
    const prompt = steps[3]!.prompt + 700;
    steps.push({ append: [user('back after lunch')], prompt, read: 0, t: steps[3]!.t + 3600 });
    const r = validateTrace(recording(steps), { tokens, systemTokens: S });
    expect(r.calls[4]).toMatchObject({ agrees: true, modelBreak: 'ttl-expiry' });
    expect(r.ttlSeconds).toBe(300);
  });

  it('reads only the system block after a recorded compaction', () => {
    const steps = appends(4);
    steps.push({ append: [user('This session is being continued: summary...')], prompt: S + 900, read: S, t: 100, compaction: true });
    steps.push({ append: [user('next')], prompt: S + 1300, read: S + 900, t: 110 });
    const r = validateTrace(recording(steps), { tokens });
    expect(r.systemSource).toBe('measured');
    expect(r.systemTokens).toBe(S);
    expect(r.calls.slice(4).map((c) => [c.agrees, c.modelled.cacheRead])).toEqual([[true, S], [true, S + 900]]);
  });

  it('labels a re-render after a user interrupt, and agrees again afterwards', () => {
    const steps = appends(4);
    const p = steps[3]!.prompt;
    steps.push({ append: [user('[Request interrupted by user]'), user('do it differently')], prompt: p + 500, read: S, t: 50 });
    steps.push({ append: [user('thanks')], prompt: p + 900, read: p + 500, t: 60 });
    const r = validateTrace(recording(steps), { tokens, systemTokens: S });
    expect(r.disagreements).toEqual([{ call: 4, cause: 'interrupt' }]);
    expect(r.calls[5]!.agrees).toBe(true);
  });

  it('starts a model switch cold, as the provider does', () => {
    const steps = appends(3);
    steps.push({ append: [user('use the small model')], prompt: steps[2]!.prompt + 400, read: 0, t: 40, model: 'claude-haiku-4-5' });
    const r = validateTrace(recording(steps), { tokens, systemTokens: S });
    expect(r.calls[3]).toMatchObject({ agrees: true, modelBreak: 'model-switch', model: 'claude-haiku-4-5' });
  });

  it('warms the cache from the first recorded read, unless told not to', () => {
    const steps = appends(3);
    steps[0]!.read = S; // the system block was cached by an earlier session
    const warm = validateTrace(recording(steps), { tokens, systemTokens: S });
    expect(warm.warmedTokens).toBe(S);
    expect(warm.agreeing).toBe(3);
    const cold = validateTrace(recording(steps), { tokens, systemTokens: S, warmStart: false });
    expect(cold.disagreements).toEqual([{ call: 0, cause: 'warm-start' }]);
  });

  it('flags the calls around an uncached tail (the client mark not on the last block)', () => {
    const steps = appends(4);
    const trace = recording(steps);
    const c2 = trace.meta.calls[2]!;
    c2.input = 600; // 600 tokens after the client's last mark: not written
    c2.cacheWrite! -= 600;
    trace.meta.calls[3]!.cacheRead! -= 600;
    trace.meta.calls[3]!.cacheWrite! += 600;
    const r = validateTrace(trace, { tokens, systemTokens: S });
    expect(r.disagreements).toEqual([{ call: 2, cause: 'uncached-tail' }, { call: 3, cause: 'uncached-tail' }]);
  });

  it('on a prefix cache (OpenAI), agrees with 128-token hits and labels a whole-prefix miss', () => {
    const steps = appends(5).map((s) => ({ ...s, model: 'gpt-4o', noWrites: true, read: Math.floor(s.read / 128) * 128 }));
    steps[3]!.read = 0;
    const r = validateTrace(recording(steps), { tokens, systemTokens: S });
    expect(r.breakpoints).toBe('none');
    expect(r.disagreements).toEqual([{ call: 3, cause: 'best-effort-miss' }]);
    expect(r.calls[4]!.agrees).toBe(true);
  });
});
