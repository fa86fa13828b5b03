/** `goose`: context_mgmt/mod.rs @ 331a8429. */
import { describe, expect, it } from 'vitest';
import { contentText, user } from '../../src/core/messages.js';
import { CONTINUE_CONVERSATION, CONTINUE_TOOL_LOOP, filterToolResponses, goosePolicy } from '../../src/policies/goose/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';

describe('goose', () => {
  const h = history(turn({ resultTokens: 100, calls: 10 }, 'a'), turn({ resultTokens: 100, calls: 4 }, 'b'));

  it('removes tool responses middle out (10% → the one left of the middle first)', () => {
    const tools = h.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0); // 14 results, middle 7
    const out = filterToolResponses(h, 10); // max(1, floor(1.4)) = 1
    expect(out.length).toBe(h.length - 1);
    expect(out).not.toContain(h[tools[6]!]);
    const half = filterToolResponses(h, 50); // 7: indices 6, 7, 5, 8, 4, 9, 3
    const gone = tools.filter((i) => !half.includes(h[i]!)).map((i) => tools.indexOf(i));
    expect(gone).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(filterToolResponses(h, 100).some((m) => m.role === 'tool')).toBe(false);
  });

  it('compacts at a user message once usage passes 80% of the window (strictly)', () => {
    const withUser = [...h, user('next task')];
    expect(create(goosePolicy).beforeStep!(withUser, makeCtx({ turnStart: true, lastUsage: usage(159_900, 100) }))).toBeUndefined();
    const summarizer = recordingSummarizer();
    const r = create(goosePolicy).beforeStep!(withUser, makeCtx({ turnStart: true, lastUsage: usage(160_000, 100), summarizer })) as PolicyResult;
    expect(r.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(contentText(r.history[1]!)).toBe(CONTINUE_CONVERSATION);
    expect(contentText(r.history[2]!)).toBe('next task');
    expect(summarizer.requests[0]!.messages).toEqual(withUser);
    expect(summarizer.requests[0]!.reusesMainCache).toBe(false);
    expect(create(goosePolicy).beforeStep!(withUser, makeCtx({ turnStart: false, lastUsage: usage(190_000) }))).toBeUndefined();
  });

  it('on overflow mid-loop: tool-loop note and the last user message copied', () => {
    const r = create(goosePolicy).onOverflow!(h, makeCtx()) as PolicyResult;
    expect(contentText(r.history[1]!)).toBe(CONTINUE_TOOL_LOOP);
    expect(contentText(r.history[2]!)).toBe('Please work on b.');
  });
});
