/** `recent-tools-summary` (arXiv 2606.10209 C4): last 5 tool pairs + running summary, window 3. */
import { describe, expect, it } from 'vitest';
import { contentText } from '../../src/core/messages.js';
import { recentToolsSummaryPolicy, SUMMARY_HEADER } from '../../src/policies/recent-tools-summary/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn } from './helpers.js';

describe('recent-tools-summary', () => {
  it('waits until 3 pairs lie beyond the newest 5', () => {
    expect(create(recentToolsSummaryPolicy).beforeStep!(history(turn({ resultTokens: 10, calls: 7 }, 't')), makeCtx())).toBeUndefined();
  });
  it('prunes older steps into a running summary on the task message; keeps the newest 5 pairs', () => {
    const summarizer = recordingSummarizer();
    const p = create(recentToolsSummaryPolicy);
    const h = history(turn({ resultTokens: 10, calls: 8 }, 't'));
    const r = p.beforeStep!(h, makeCtx({ summarizer })) as PolicyResult;
    expect(r.history.filter((m) => m.role === 'tool').length).toBe(5);
    expect(contentText(r.history[0]!)).toContain(SUMMARY_HEADER);
    expect(summarizer.requests[0]!.messages.filter((m) => m.role === 'tool').length).toBe(3);
    // the next update rolls the previous summary in and replaces (not stacks) it on the task
    const more = [...r.history, ...history(turn({ resultTokens: 10, calls: 3 }, 'u')).slice(1, -1)];
    const r2 = p.beforeStep!(more, makeCtx({ summarizer })) as PolicyResult;
    expect(summarizer.requests[1]!.previousSummary).toBeDefined();
    expect(contentText(r2.history[0]!).split(SUMMARY_HEADER).length).toBe(2);
  });
});
