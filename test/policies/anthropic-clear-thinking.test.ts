import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
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
