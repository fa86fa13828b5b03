/** `openhands`: LLMSummarizingCondenser @ 0d2b16d9 (events, keep_first 4, tail max_size/2 − 5). */
import { describe, expect, it } from 'vitest';
import { eventsOf, openhandsPolicy } from '../../src/policies/openhands/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn } from './helpers.js';

describe('openhands condenser', () => {
  // 1 user + 60 × (call, result) + answer = 122 history events; with the system event 123
  const h = history(turn({ resultTokens: 10, calls: 60 }, 'a'));
  const events = (msgs: readonly { role: string }[]) => msgs.reduce((n, m) => n + eventsOf(m as never), 0);

  it('does nothing at 120 events or fewer', () => {
    const small = history(turn({ resultTokens: 10, calls: 59 }, 'a')); // 120 history events + system = 121
    expect(create(openhandsPolicy).beforeStep!(small.slice(0, -2), makeCtx())).toBeUndefined(); // 119 events
  });

  it('keeps the first 4 events and the newest 55, with one summary at offset 4', () => {
    const summarizer = recordingSummarizer();
    const r = create(openhandsPolicy).beforeStep!(h, makeCtx({ summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.history.slice(0, 3)).toEqual(h.slice(0, 3)); // system + 3 history events
    expect(r.history[3]!.role).toBe('user');
    const tail = r.history.slice(4);
    expect(events(tail)).toBeGreaterThanOrEqual(55);
    expect(tail[0]!.role).not.toBe('tool');
    expect(r.history.at(-1)).toBe(h.at(-1));
    expect(summarizer.requests[0]!.messages.length).toBe(h.length - 3 - tail.length);
  });

  it('rolls: the previous summary is forgotten and handed over as previous_summary', () => {
    const summarizer = recordingSummarizer();
    const p = create(openhandsPolicy);
    const r1 = p.beforeStep!(h, makeCtx({ summarizer })) as PolicyResult;
    const grown = [...r1.history, ...history(turn({ resultTokens: 10, calls: 40 }, 'b'))];
    const r2 = p.beforeStep!(grown, makeCtx({ summarizer })) as PolicyResult;
    expect(r2.kind).toBe('summary');
    expect(summarizer.requests[1]!.previousSummary).toBe(r1.history[3]!.content);
    expect(summarizer.requests[1]!.messages).not.toContain(r1.history[3]);
  });
});
