/** Codex rollouts: items to chat messages, usage from token_count (deduplicated), compactions, redaction. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { detectFormat, importTrace } from '../../src/workload/import/index.js';
import { expandRedacted, standIn } from '../../src/workload/import/redacted.js';
import { jsonl, tmpFile } from './fixtures.js';
import { TRACES } from './reference.js';

const T = (s: number) => `2026-02-23T10:00:${String(s).padStart(2, '0')}.000Z`;
const line = (s: number, type: string, payload: unknown) => ({ timestamp: T(s), type, payload });
const msg = (role: string, text: string) => ({ type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }] });
const usage = (input: number, cached: number, output: number) => ({ input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 0, total_tokens: input + output });
const tokenCount = (s: number, total: ReturnType<typeof usage>, last: ReturnType<typeof usage>) =>
  line(s, 'event_msg', { type: 'token_count', info: { total_token_usage: total, last_token_usage: last } });

function rollout(): string {
  return jsonl([
    line(0, 'session_meta', { id: 'sess', cli_version: '0.104.0', base_instructions: { text: 'You are Codex.' } }),
    line(0, 'response_item', msg('developer', 'sandbox rules')),
    line(1, 'response_item', msg('user', 'fix the bug')),
    line(1, 'turn_context', { model: 'gpt-5.3-codex' }),
    line(1, 'event_msg', { type: 'token_count', info: null }),
    line(2, 'response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: 'plan' }], encrypted_content: 'x' }),
    line(2, 'response_item', msg('assistant', 'Looking.')),
    line(3, 'response_item', { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}', call_id: 'c1' }),
    line(3, 'response_item', { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch', call_id: 'c2' }),
    tokenCount(3, usage(5000, 1024, 50), usage(5000, 1024, 50)),
    line(4, 'response_item', { type: 'function_call_output', call_id: 'c1', output: 'a.txt' }),
    line(4, 'response_item', { type: 'custom_tool_call_output', call_id: 'c2', output: 'ok' }),
    tokenCount(5, usage(5000, 1024, 50), usage(5000, 1024, 50)),
    line(6, 'response_item', msg('assistant', 'Done.')),
    tokenCount(6, usage(10200, 6016, 60), usage(5200, 4992, 10)),
    line(7, 'compacted', { message: '', replacement_history: [msg('user', 'fix the bug'), { type: 'compaction', encrypted_content: '[REDACTED_ENCRYPTED_CONTENT len=40 sha=abcd1234]' }] }),
    line(8, 'response_item', msg('assistant', 'Again.')),
    tokenCount(9, usage(12200, 7040, 70), usage(2000, 1024, 10)),
  ]);
}

describe('codex importer', () => {
  it('is detected from its first line', async () => {
    expect(await detectFormat(tmpFile('rollout-x.jsonl', rollout()))).toBe('codex');
  });

  it('converts items, merges one call\'s outputs, and records deduplicated usage', async () => {
    const t = await importTrace(tmpFile('rollout-a.jsonl', rollout()));
    expect(t.meta.format).toBe('codex');
    expect(t.messages.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'user', 'assistant']);
    expect(t.messages[0]!.content).toBe('You are Codex.');
    const a = t.messages[3]!;
    expect([a.content, a.reasoning]).toEqual(['Looking.', 'plan']);
    expect(a.tool_calls!.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([['c1', 'exec_command', '{"cmd":"ls"}'], ['c2', 'apply_patch', '*** Begin Patch']]);
    expect(t.messages[5]).toMatchObject({ role: 'tool', tool_call_id: 'c2', name: 'apply_patch', content: 'ok' });
    // the repeated token_count (same totals) is dropped; input_tokens include the cached part
    expect(t.meta.calls.map((c) => [c.msgIndex, c.input, c.cacheRead, c.cacheWrite, c.output, c.model])).toEqual([
      [3, 3976, 1024, 0, 50, 'gpt-5.3-codex'], [6, 208, 4992, 0, 10, 'gpt-5.3-codex'], [9, 976, 1024, 0, 10, 'gpt-5.3-codex'],
    ]);
    expect(t.meta.compactions).toEqual([{ beforeMsgIndex: 7, trigger: 'auto', preTokens: 5200, timestamp: T(7) }]);
    expect(t.messages[8]!.content).toBe(standIn('abcd1234', 40));
    expect(t.meta.times![4]).toBe(4);
    expect(t.meta.notes.join(' ')).toMatch(/1 repeated token_count/);
  });

  it('redacted text becomes prose of the recorded length, the same for the same hash', () => {
    const a = expandRedacted('x [REDACTED_TEXT len=300 sha=0a1b2c3d] y');
    expect(a).toHaveLength(304);
    expect(expandRedacted('[REDACTED_MESSAGE len=300 sha=0a1b2c3d]')).toBe(a.slice(2, 302));
    expect(standIn('0a1b2c3e', 300)).not.toBe(standIn('0a1b2c3d', 300));
    expect(standIn('ff', 0)).toBe('');
    expect(standIn('0a1b2c3d', 300)).toMatch(/^[A-Z]/);
  });

  it('imports every shared rollout with well-formed history and usage on every call', async () => {
    const dir = path.join(TRACES, 'codex');
    const files = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort();
    expect(files.length).toBe(4);
    const tokens = createTokenCounter();
    for (const f of files) {
      const t = await importTrace(path.join(dir, f));
      expect(t.meta.format).toBe('codex');
      expect(t.meta.model).toBe('gpt-5.3-codex');
      expect(t.warnings).toEqual([]);
      expect(t.meta.calls.length).toBeGreaterThan(0);
      expect(t.meta.calls.every((c) => t.messages[c.msgIndex]!.role === 'assistant' && c.cacheRead! % 128 === 0)).toBe(true);
      expect(checkInvariants(t.messages, { allowPendingTail: true }).filter((v) => v.code !== 'missing-result')).toEqual([]);
      // the shared instructions are identical text in every session (same hash, same stand-in)
      expect(tokens.count(t.messages[0]!.content as string)).toBe(tokens.count(standIn('036b7e47', 13131)));
    }
    const big = await importTrace(path.join(dir, files[1]!));
    expect(big.meta.calls.length).toBe(286);
    expect(big.meta.compactions.length).toBe(1);
    expect(big.meta.compactions[0]!.preTokens).toBeGreaterThan(200_000);
  });
});
