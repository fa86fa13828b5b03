/** `aider`: ChatSummary @ e568d095 and the history budget from models.py. */
import { describe, expect, it } from 'vitest';
import { contentText, user } from '../../src/core/messages.js';
import { aiderPolicy, historyBudget, SUMMARY_PREFIX } from '../../src/policies/aider/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn } from './helpers.js';

describe('aider', () => {
  it('budget = min(max(window/16, 1024), 8192)', () => {
    expect([4_096, 32_000, 200_000].map(historyBudget)).toEqual([1024, 2000, 8192]);
  });

  const done = history(turn({ resultTokens: 1_000, calls: 6 }, 'a'), turn({ resultTokens: 1_000, calls: 6 }, 'b'), turn({ resultTokens: 100, calls: 2 }, 'c'));
  const h = [...done, user('now this')];

  it('leaves the history alone under the budget and inside a turn', () => {
    expect(create(aiderPolicy, { maxChatHistoryTokens: 1_000_000 }).beforeStep!(h, makeCtx({ turnStart: true }))).toBeUndefined();
    expect(create(aiderPolicy).beforeStep!(h, makeCtx({ turnStart: false }))).toBeUndefined();
  });

  it('summarizes the head of the finished exchanges, keeps a tail under half the budget and the current turn', () => {
    const summarizer = recordingSummarizer();
    const r = create(aiderPolicy).beforeStep!(h, makeCtx({ turnStart: true, summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(contentText(r.history[0]!).startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(r.history.at(-1)).toBe(h.at(-1));
    const tail = r.history.slice(1, -1);
    // the tail is a suffix of the finished exchanges; the head before it ends on an assistant message
    const start = done.length - tail.length;
    expect(tail).toEqual(done.slice(start));
    expect(done[start - 1]!.role).toBe('assistant');
    expect(tail[0]?.role).not.toBe('tool');
    expect(start).toBeGreaterThan(4);
    expect(summarizer.requests[0]!.messages.every((m) => m.role === 'user' || m.role === 'assistant')).toBe(true);
  });
});
