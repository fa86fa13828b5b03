/**
 * The summary call's input as Hermes serializes it (`_serialize_for_summary` @ 8fa8aabb), and its token
 * count taken piece by piece (so bodies the simulator already counted are cache hits).
 */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import { serializedSummaryTokens, serializeForSummary } from '../../src/policies/hermes/serialize-turns.js';

const turns: PyMsg[] = [
  { role: 'user', content: 'Fix the failing test in src/app.ts' },
  { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{"command": "npm test"}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: `FAIL src/app.test.ts\n${'  at line 12: expected 3, got 4\n'.repeat(300)}` },
  { role: 'assistant', content: 'Done.' },
];

describe('serializeForSummary', () => {
  it('labels each message, cuts long bodies to head + tail, and lists tool calls', () => {
    const text = serializeForSummary(turns);
    expect(text.startsWith('[USER]: Fix the failing test in src/app.ts\n\n[ASSISTANT]: Looking.\n[Tool calls:\n  terminal({"command": "npm test"})\n]\n\n[TOOL RESULT c1]: FAIL')).toBe(true);
    expect(text).toContain('\n...[truncated]...\n');
    expect(text.endsWith('\n\n[ASSISTANT]: Done.')).toBe(true);
  });

  it('counts tokens piece by piece within a token per piece boundary of the joined text', () => {
    const tokens = createTokenCounter();
    const whole = tokens.count(serializeForSummary(turns));
    const pieces = serializedSummaryTokens(turns, (t) => tokens.count(t));
    expect(pieces).toBeGreaterThan(whole * 0.95);
    expect(Math.abs(pieces - whole)).toBeLessThanOrEqual(2 * turns.length + 3);
  });
});

describe('the summary backend charges the serialized input', () => {
  it('takes an unchanged body from the per-message count, equal to counting it', async () => {
    const { backendFromSummarizer } = await import('../../src/policies/hermes/summarizer-backend.js');
    const seen: number[] = [];
    const s = { summarize: (r: { inputTokens?: number }) => (seen.push(r.inputTokens!), { ok: true as const, text: 'x', inputTokens: 1, outputTokens: 1 }) };
    const tokens = createTokenCounter();
    backendFromSummarizer(s as never, { tokens }).summarize({ turns, previousSummary: null, budgetTokens: 100 } as never);
    expect(seen[0]).toBe(serializedSummaryTokens(turns, (t) => tokens.count(t)));
  });
});
