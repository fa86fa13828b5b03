/**
 * Issue 31, imports: Gemini CLI sessions, lines holding two records, Codex 0.4x token counts, inline
 * subagents as sessions of their own, Claude Code 1.0 `isCompactSummary` compactions.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, importTrace } from '../../src/workload/import/index.js';
import { splitConcatenatedObjects } from '../../src/workload/import/lines.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';
import { tmpFile } from './fixtures.js';

const T = (p: string): string => join(SHARED_DIR, 'traces', p);
const have = requireShared('traces/agtrace', 'new trace sources');

describe('lines holding two JSON records', () => {
  it('splits objects written back to back, strings and escapes respected', () => {
    expect(splitConcatenatedObjects('{"a":"}{"}{"b":[1,{"c":"\\"}"}]}')).toEqual(['{"a":"}{"}', '{"b":[1,{"c":"\\"}"}]}']);
    expect(splitConcatenatedObjects('{"a":1}')).toBeUndefined();
    expect(splitConcatenatedObjects('{"a":1} x {"b":2}')).toBeUndefined();
    expect(splitConcatenatedObjects('{"a":1}{"b":')).toBeUndefined();
  });

  it('imports both records of such a line, and still fails on a broken one', async () => {
    const u = (id: string, text: string) => JSON.stringify({ type: 'user', uuid: id, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: text } });
    const a = JSON.stringify({ type: 'assistant', uuid: 'a', sessionId: 's', timestamp: '2026-01-01T00:00:01Z', message: { id: 'm1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }], usage: { input_tokens: 1, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 1 } } });
    const t = await importTrace(tmpFile('resumed.jsonl', `${u('1', 'first')}\n${a}${u('2', 'after the crash')}\n`));
    expect(t.messages.map((m) => m.content)).toEqual(['first', 'ok', 'after the crash']);
    await expect(importTrace(tmpFile('broken.jsonl', `${u('1', 'first')}\n${a}{"type":\n`))).rejects.toThrow(/broken\.jsonl:2: invalid JSON/);
  });
});

describe.runIf(have)('Gemini CLI sessions', () => {
  it('detects and imports them: calls with their tool results, usage with the cached part read from cache', async () => {
    const f = T('agtrace/gemini_session.json');
    expect(await detectFormat(f)).toBe('gemini-cli');
    const t = await importTrace(f);
    expect(t.meta.format).toBe('gemini-cli');
    expect(t.meta.model).toBe('gemini-2.5-flash');
    expect(t.meta.calls).toHaveLength(7);
    // the first response: {input 13629, output 52, cached 6979, thoughts 86}
    expect(t.meta.calls[0]).toMatchObject({ input: 13629 - 6979, cacheRead: 6979, cacheWrite: 0, output: 52 + 86 });
    const first = t.messages[t.meta.calls[0]!.msgIndex]!;
    expect(first.tool_calls![0]!.function.name).toBe('run_shell_command');
    expect(t.messages[t.meta.calls[0]!.msgIndex + 1]).toMatchObject({ role: 'tool', tool_call_id: first.tool_calls![0]!.id });
    expect(t.meta.unansweredToolCalls).toEqual([]);
  });

  it('a response recorded with every count 0 carries no usage', async () => {
    const t = await importTrace(T('ai-sessions/gemini-cli-pomodoro-timer.json'));
    expect(t.meta.calls).toHaveLength(14);
    expect(t.meta.calls[0]!.input).toBeUndefined();
    expect(t.meta.calls.filter((c) => c.input !== undefined)).toHaveLength(13);
  });
});

describe.runIf(have)('Codex rollouts of both orders', () => {
  it('prices a Codex 0.4x call whose token_count comes before its output items', async () => {
    const t = await importTrace(T('ai-sessions/codex-pomodor-timer.jsonl'));
    expect(t.meta.calls).toHaveLength(21);
    // the first call: 4,990 input tokens, none cached (the session's first request)
    expect(t.meta.calls[0]).toMatchObject({ input: 4990, cacheRead: 0 });
    expect(t.warnings.join(' ')).not.toMatch(/not attributed/);
  });
});

describe.runIf(have)('Claude Code subagents and 1.0 compactions', () => {
  it('imports inline agent_progress subagents as their own sessions, with their own (Haiku) calls', async () => {
    const t = await importTrace(T('claude-code-entire-cli/649d11045222-0.full.jsonl'));
    expect(t.meta.calls).toHaveLength(61);
    expect(t.meta.calls.every((c) => !/haiku/.test(c.model ?? ''))).toBe(true);
    expect(t.sidechains!.map((s) => s.meta.calls.length)).toEqual([16, 3]);
    expect(t.sidechains!.every((s) => /haiku/.test(s.meta.model ?? '') && s.meta.isSubagent)).toBe(true);
  });

  it('marks CLI 1.0 isCompactSummary compactions (no compact_boundary) and keeps sidechains out of the main session', async () => {
    const t = await importTrace(T('claude-code-happy-cli/400429ba-c1e1-4ef5-a7ec-fe40608df53b.jsonl'));
    expect(t.meta.compactions).toHaveLength(2);
    for (const p of t.meta.compactions) expect(t.messages[p.beforeMsgIndex]!.role).toBe('user');
    expect(t.meta.calls).toHaveLength(320);
    expect(t.sidechains).toHaveLength(7);
    expect(t.sidechains!.reduce((n, s) => n + s.meta.calls.length, 0)).toBe(86);
  });
});
