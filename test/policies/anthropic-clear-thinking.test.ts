import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { ClearedThinking, clearThinking } from '../../src/policies/anthropic/clear-thinking.js';
import { anthropicClearThinkingPolicy } from '../../src/policies/anthropic/definitions.js';
import type { ViewResult } from '../../src/policies/types.js';
import { create, makeCtx } from './helpers.js';

const think = (m: Message, r: string): Message => ({ ...m, reasoning: r });

/** Three user turns; the last is still in its tool loop, with thinking on each assistant message. */
const h: Message[] = [
  user('one'), think(assistant('a1'), 'r1'),
  user('two'), think(assistant(null, [call('c1', 'Bash', {})]), 'r2a'), toolResult('c1', 'out'), think(assistant('a2'), 'r2b'),
  user('three'), think(assistant(null, [call('c2', 'Bash', {})]), 'r3a'), toolResult('c2', 'out'),
];
const RUNS = Number(process.env.CB_PROP_RUNS ?? 200);
const reasoning = (msgs: readonly Message[]) => msgs.filter((m) => m.role === 'assistant').map((m) => m.reasoning ?? null);

describe('anthropic-clear-thinking (clear_thinking_20251015)', () => {
  it('keeps only the thinking of the last assistant turn by default, including its tool loop', () => {
    const v = create(anthropicClearThinkingPolicy).view!(h, makeCtx()) as ViewResult;
    expect(v.kind).toBe('clear-thinking');
    expect(reasoning(v.messages)).toEqual([null, null, null, 'r3a']);
    expect(reasoning(h)).toEqual(['r1', 'r2a', 'r2b', 'r3a']);
  });

  it('keeps N thinking turns, or all of them (the history itself) with keep "all"', () => {
    const v = create(anthropicClearThinkingPolicy, { keepThinkingTurns: 2 }).view!(h, makeCtx()) as ViewResult;
    expect(reasoning(v.messages)).toEqual([null, 'r2a', 'r2b', 'r3a']);
    expect(create(anthropicClearThinkingPolicy, { keepAll: true }).view!(h, makeCtx())).toBe(h);
  });

  it('cuts the request where thinking was removed: the first cleared message', () => {
    const v = create(anthropicClearThinkingPolicy).view!(h, makeCtx()) as ViewResult;
    const first = v.messages.findIndex((m, i) => m !== h[i]);
    expect(first).toBe(1);
  });
});

describe('anthropic-clear-thinking, incremental tracker', () => {
  /** one appended message: a user prompt, an assistant message with or without thinking (in any field), a tool pair */
  const msg = fc.oneof(
    fc.constant<Message>(user('u')),
    fc.constant<Message>(assistant('a')),
    fc.constant<Message>(think(assistant('a'), 'r')),
    fc.constant<Message>({ ...assistant('a'), reasoning_content: 'rc' }),
    fc.constant<Message>({ ...assistant('a'), reasoning_details: [{ type: 'reasoning.text', text: 'd' }] }),
    fc.constant<Message>({ ...assistant('a'), reasoning: '' }), // empty thinking is no thinking
  );
  /** steps of appended messages; a step may instead rewrite history (keep a prefix), which re-indexes */
  const session = fc.array(fc.record({ append: fc.array(msg, { maxLength: 6 }), rewriteTo: fc.option(fc.nat(), { freq: 8 }) }), { maxLength: 30 });

  it('every request equals the whole-history edit, and its changedFrom hint holds', () => {
    fc.assert(fc.property(session, fc.integer({ min: 1, max: 4 }), (steps, keep) => {
      const tracker = new ClearedThinking(keep);
      let hist: Message[] = [];
      let prev: readonly Message[] | undefined;
      for (const s of steps) {
        if (s.rewriteTo !== null) {
          hist = hist.slice(0, s.rewriteTo % (hist.length + 1));
          prev = undefined;
        }
        hist.push(...s.append.map((m) => ({ ...m }))); // fresh objects: identity never hides a difference
        const got = tracker.request(hist);
        const want = clearThinking(hist, keep);
        expect(got.cleared).toBe(want.cleared);
        expect(got.messages === hist).toBe(want.messages === hist);
        expect(got.messages.map((m) => m.reasoning ?? m.reasoning_content ?? m.reasoning_details ?? null))
          .toEqual(want.messages.map((m) => m.reasoning ?? m.reasoning_content ?? m.reasoning_details ?? null));
        expect(got.messages.every((m, i) => m.role === hist[i]!.role && m.content === hist[i]!.content)).toBe(true);
        if (got.messages !== hist) {
          if (prev) expect(got.messages.slice(0, got.changedFrom).every((m, i) => m === prev![i])).toBe(true);
          prev = got.messages.slice();
        } else prev = undefined;
      }
    }), { numRuns: RUNS, seed: 1015 });
  });
});
