/**
 * Every raw transcript in shared/traces/ imports without error and matches its reference conversion in
 * shared/traces/openai/: same roles, contents, reasoning, tool names and arguments, and the same
 * call/result pairing (synthesized ids may differ). Its recorded usage and compaction points match the
 * reference sidecar.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importTrace } from '../../src/workload/import/index.js';
import { normalizeUsage } from '../../src/workload/import/usage.js';
import { compareMessages, readJsonl, referencePairs } from './reference.js';

const pairs = referencePairs();

describe('reference conversions', () => {
  it('finds the shared traces (PROVENANCE.md lists them)', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(36);
  });

  for (const p of pairs) {
    const name = p.converted.split('/').pop()!;
    it(`${name}: messages match`, async () => {
      const t = await importTrace(p.raw);
      expect(compareMessages(t.messages, readJsonl(p.converted), { reasoning: true })).toEqual([]);
    });

    it(`${name}: recorded usage and compactions match the reference sidecar`, async () => {
      const t = await importTrace(p.raw);
      const ref = JSON.parse(readFileSync(p.converted.replace(/\.jsonl$/, '.meta.json'), 'utf8'));
      const refCalls = (ref.assistant_usage ?? []).map((u: { msg_index: number; usage: unknown }) => ({ msgIndex: u.msg_index, ...normalizeUsage(u.usage) }));
      if (refCalls.length) {
        const mine = t.meta.calls.map(({ msgIndex, input, cacheRead, cacheWrite, output }) => ({ msgIndex, input, cacheRead, cacheWrite, output }));
        expect(mine).toEqual(refCalls);
      }
      const refPoints = (ref.compactions ?? []).filter((c: { before_msg_index?: number }) => c.before_msg_index !== undefined);
      expect(t.meta.compactions.map((c) => c.beforeMsgIndex)).toEqual(refPoints.map((c: { before_msg_index: number }) => c.before_msg_index));
      expect(t.meta.unansweredToolCalls.length).toBe((ref.unanswered_tool_calls ?? []).length);
    });
  }
});
