/**
 * Anthropic's 20-block lookback (claude-sonnet-4.5, min 1,024): a lookup walks back at most 20 content
 * blocks from each breakpoint, so an entry further back is not found even when it is valid.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { driver, m, toolCalls } from './helpers.js';

/** An assistant message with `n` tool calls (n blocks) and their `n` results (n blocks). */
function parallelCalls(n: number): Message[] {
  return [toolCalls(n, 10 * n), ...Array.from({ length: n }, () => m('tool', 10))];
}

describe('lookback over appended blocks', () => {
  const base = [m('system', 2000), m('user', 100)];
  const step2 = [...base, ...parallelCalls(10)]; // 20 blocks appended: 100 + 100 tokens
  const step3 = [...step2, ...parallelCalls(11)]; // 22 blocks appended: 110 + 110 tokens

  it('an entry exactly 20 blocks back is found', () => {
    const d = driver('claude-sonnet-4.5');
    d.send(base, 0);
    expect(d.send(step2, 1)).toMatchObject({ cacheReadTokens: 2100, cacheWriteTokens: 200, breakCause: null });
  });

  it('22 blocks back it is not: auto mode falls back to the system entry (lookback-miss)', () => {
    const d = driver('claude-sonnet-4.5');
    d.send(base, 0);
    d.send(step2, 1);
    const u = d.send(step3, 2);
    expect(u).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 520, uncachedTokens: 0 });
    expect(u.breakCause).toBe('lookback-miss');
  });

  it('system_and_3 reaches it from the third-to-last mark (20 blocks back)', () => {
    const d = driver('claude-sonnet-4.5', { breakpoints: 'system_and_3' });
    d.send(base, 0);
    d.send(step2, 1);
    const u = d.send(step3, 2);
    expect(u).toMatchObject({ cacheReadTokens: 2300, cacheWriteTokens: 220, breakCause: null });
  });
});

describe('an edit deep in the history defeats the lookback', () => {
  /** n steps of one call + one result (2 blocks each), 10 s apart, all within the 5-minute TTL */
  function grow(steps: number) {
    const d = driver('claude-sonnet-4.5');
    let req: Message[] = [m('system', 2000), m('user', 100)];
    d.send(req, 0);
    for (let i = 1; i <= steps; i++) {
      req = [...req, toolCalls(1, 50), m('tool', 100)];
      d.send(req, 10 * i);
    }
    return { d, req, now: 10 * steps + 10 };
  }
  const pruneAt3 = (req: Message[]) => [...req.slice(0, 3), m('tool', 5), ...req.slice(4)];

  it('short history: the edit at message 3 still reads the entry at message 1 (4 blocks back)', () => {
    const { d, req, now } = grow(2);
    const u = d.send(pruneAt3(req), now, { changedFrom: 3, editKind: 'history' });
    expect(u.cacheReadTokens).toBe(2100);
    expect(u.breakCause).toBe('compaction');
  });

  it('long history: the same entry is valid but 24 blocks back, so only the system prompt is read', () => {
    const { d, req, now } = grow(12);
    const u = d.send(pruneAt3(req), now, { changedFrom: 3, editKind: 'history' });
    expect(u.cacheReadTokens).toBe(2000);
    expect(u.cacheWriteTokens).toBe(u.promptTokens - 2000);
    expect(u.breakCause).toBe('compaction');
  });
});
