/**
 * cache-aligned's summary keeps user messages untouched: the request and the newest others within the
 * budget follow the summary as the same messages, and the summary is a message of its own.
 */
import { describe, expect, it } from 'vitest';
import { assistant, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { SUMMARIZED_NOTE, summarizeKeepingUsers } from '../../src/policies/cache-aligned/summary.js';
import { SUMMARY_PREFIX } from '../../src/policies/threshold-summary.js';
import type { PolicyContext } from '../../src/policies/types.js';
import type { SummaryRequest } from '../../src/summarizer/types.js';

const tokens = createTokenCounter();
const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'Bash', arguments: '{}' } });
const long = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');

function session(): Message[] {
  const h: Message[] = [];
  for (let t = 0; t < 6; t++) {
    h.push(user(`task ${t}: ${long('u', 30)}`));
    for (let k = 0; k < 3; k++) h.push(assistant('', [call(`c${t}-${k}`)]), toolResult(`c${t}-${k}`, long(`r${t}${k}-`, 300)));
  }
  return h;
}

function ctxWith(seen: SummaryRequest[]): PolicyContext {
  return {
    tokens, systemTokens: 100, contextWindow: 200_000,
    summarizer: { summarize: (req: SummaryRequest) => { seen.push(req); return { ok: true, text: 'S', inputTokens: 1, outputTokens: 1 }; } },
  } as unknown as PolicyContext;
}

describe('cache-aligned summary keeping user messages', () => {
  it('keeps the request and the newest user messages within the budget, untouched, after a summary message of its own', () => {
    const h = session();
    const seen: SummaryRequest[] = [];
    const userTokens = tokens.message(h[0]!) * 2.5; // room for two more user messages besides the request
    const r = summarizeKeepingUsers(h, ctxWith(seen), { tailTokens: 2000, summaryTokens: 100, reusesMainCache: true, userTokens });
    if ('veto' in r) throw new Error(r.veto);
    const next = r.history;
    expect(next[0]!.role).toBe('user');
    expect(next[0]!.content).toBe(SUMMARY_PREFIX + 'S');
    const users = h.filter((m) => m.role === 'user');
    // the same objects, in order: the two newest before the request, then the request (the newest user message)
    const keptUsers = next.slice(1).filter((m) => m.role === 'user');
    expect(keptUsers).toEqual(users.slice(-3));
    for (const m of keptUsers) expect(users.includes(m)).toBe(true);
    // the summarizer saw every other message before the tail, and no kept one
    const summarized = seen[0]!.messages;
    for (const m of keptUsers) expect(summarized.includes(m)).toBe(false);
    expect(summarized.includes(users[0]!)).toBe(true);
    // turns alternate: a short assistant note between two user messages the summary made adjacent
    for (let i = 1; i < next.length; i++) if (next[i]!.role === 'user') expect(next[i - 1]!.role).not.toBe('user');
    expect(next.filter((m) => m.content === SUMMARIZED_NOTE)).toHaveLength(3);
    // every call keeps its result: no result without its call right before
    for (let i = 0; i < next.length; i++) if (next[i]!.role === 'tool') expect(['assistant', 'tool']).toContain(next[i - 1]!.role);
    expect(r.detail).toMatchObject({ keptUsers: 3 });
  });

  it('with no budget keeps only the request, and vetoes when nothing else is left to summarize', () => {
    const h = session();
    const r = summarizeKeepingUsers(h, ctxWith([]), { tailTokens: 2000, summaryTokens: 100, reusesMainCache: false, userTokens: 0 });
    if ('veto' in r) throw new Error(r.veto);
    expect(r.history.filter((m) => m.role === 'user').slice(1)).toEqual([h.filter((m) => m.role === 'user').at(-1)]);
    const only = [user('just the request')];
    expect(summarizeKeepingUsers(only, ctxWith([]), { tailTokens: 0, summaryTokens: 100, reusesMainCache: false, userTokens: 1000 })).toHaveProperty('veto');
  });
});
