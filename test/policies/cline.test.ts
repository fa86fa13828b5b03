/** `cline`: context-window-utils.ts and ContextManager.ts @ a12c565c. */
import { describe, expect, it } from 'vitest';
import { assistant, call, contentText, toolResult, user, type Message } from '../../src/core/messages.js';
import { clinePolicy } from '../../src/policies/cline/policy.js';
import { apiMessageStarts, dedupeFileReads, DUPLICATE_READ_NOTICE, maxAllowedSize, TRUNCATION_NOTICE, truncationRange } from '../../src/policies/cline/truncation.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, text, turn, usage } from './helpers.js';

describe('cline limits and ranges', () => {
  it('maxAllowedSize: 64k → 37k, 128k → 98k, 200k → 160k, else max(w − 40k, 0.8w)', () => {
    expect([64_000, 128_000, 200_000, 1_000_000, 100_000].map(maxAllowedSize)).toEqual([37_000, 98_000, 160_000, 960_000, 80_000]);
  });
  it('removes half (or three quarters) of the messages after the first pair, ending on an assistant', () => {
    const roles = Array.from({ length: 22 }, (_, i) => (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant');
    expect(truncationRange(roles, 'half')).toEqual([2, 11]); // floor(20/4)·2 = 10 messages
    expect(truncationRange(roles, 'quarter')).toEqual([2, 15]); // floor(20·3/4/2)·2 = 14
  });
  it('groups tool results with the user text after them into one API message', () => {
    const h: Message[] = [user('a'), assistant(null, [call('c1', 'Bash', {})]), toolResult('c1', 'x'), user('b'), assistant('ok')];
    expect(apiMessageStarts(h)).toEqual([0, 1, 2, 4]);
  });
});

describe('cline duplicate file reads', () => {
  const read = (id: string, path: string, body: string): Message[] => [assistant(null, [call(id, 'read_file', { path })]), toolResult(id, body)];
  it('every read but the newest of a file becomes the notice', () => {
    const h = [user('go'), assistant('ok'), ...read('r1', 'a.ts', text(1000, 1)), ...read('r2', 'b.ts', text(10, 2)), ...read('r3', 'a.ts', text(1000, 3))];
    const { history: out, savedFraction } = dedupeFileReads(h, 2);
    expect(contentText(out[3]!)).toBe(DUPLICATE_READ_NOTICE);
    expect(out[5]).toBe(h[5]);
    expect(out[7]).toBe(h[7]);
    expect(savedFraction).toBeGreaterThan(0.4);
  });
});

describe('cline policy', () => {
  const h = history(turn({ resultTokens: 2_000, calls: 10 }, 'a'), turn({ resultTokens: 2_000, calls: 10 }, 'b'));
  it('waits until the previous request reaches window − 40k (200k window)', () => {
    expect(create(clinePolicy).beforeStep!(h, makeCtx({ lastUsage: usage(159_800, 100) }))).toBeUndefined();
  });
  it('keeps the first exchange with a notice and drops half of the rest', () => {
    const r = create(clinePolicy).beforeStep!(h, makeCtx({ lastUsage: usage(160_000, 100) })) as PolicyResult;
    expect(r.kind).toBe('sliding-window');
    expect(r.history[0]).toBe(h[0]);
    expect(contentText(r.history[1]!).startsWith(TRUNCATION_NOTICE)).toBe(true);
    expect(r.history.at(-1)).toBe(h.at(-1));
    expect(r.detail).toMatchObject({ keep: 'half' });
    expect(r.history.length).toBeLessThan(h.length * 0.6);
    expect(create(clinePolicy).beforeStep!(h, makeCtx({ lastUsage: usage(330_000, 100) }))).toMatchObject({ detail: { keep: 'quarter' } });
  });
});
