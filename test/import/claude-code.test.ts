/** Claude Code specifics: block merging, interleaved results, usage, compaction, sidechains, subagents. */
import { describe, expect, it } from 'vitest';
import { importTrace } from '../../src/workload/import/index.js';
import { cc, jsonl, tmpFile, usageOf } from './fixtures.js';

const T = (s: number) => `2026-02-10T10:00:${String(s).padStart(2, '0')}.000Z`;

describe('claude-code importer', () => {
  it('merges the streamed blocks of one message and puts interleaved tool results after it', async () => {
    const file = tmpFile('s.jsonl', jsonl([
      cc.progress(T(0)),
      cc.user('run both', T(1)),
      cc.assistant('m1', cc.thinking('plan'), T(2), usageOf(100, 50, 3)),
      cc.assistant('m1', cc.text('Running.'), T(3), usageOf(100, 50, 3)),
      cc.assistant('m1', cc.toolUse('t1', 'Bash', { command: 'ls', timeout: 5 }), T(4), usageOf(100, 50, 3)),
      cc.user([cc.result('t1', 'a.txt')], T(5)),
      cc.assistant('m1', cc.toolUse('t2', 'Read', { file_path: '/x' }), T(6), usageOf(100, 50, 42)),
      cc.user([cc.result('t2', [{ type: 'text', text: 'l1' }, { type: 'text', text: 'l2' }])], T(7)),
    ]));
    const t = await importTrace(file);
    expect(t.meta.format).toBe('claude-code');
    expect(t.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    const a = t.messages[1]!;
    expect(a.content).toBe('Running.');
    expect(a.reasoning).toBe('plan');
    expect(a.tool_calls?.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['t1', 'Bash', '{"command": "ls", "timeout": 5}'],
      ['t2', 'Read', '{"file_path": "/x"}'],
    ]);
    expect(t.messages[2]).toMatchObject({ tool_call_id: 't1', name: 'Bash', content: 'a.txt' });
    expect(t.messages[3]).toMatchObject({ tool_call_id: 't2', name: 'Read', content: 'l1\nl2' });
    // usage of the last streamed line (final output count), timestamp of the first
    expect(t.meta.calls).toHaveLength(1);
    expect(t.meta.calls[0]).toMatchObject({ msgIndex: 1, input: 1, cacheRead: 100, cacheWrite: 50, output: 42, model: 'claude-opus-4-6', timestamp: T(2) });
    expect(t.meta.unansweredToolCalls).toEqual([]);
    expect(t.warnings).toEqual([]);
  });

  it('joins text blocks with a blank line and keeps an empty assistant text as ""', async () => {
    const file = tmpFile('s.jsonl', jsonl([
      cc.user('hi', T(1)),
      cc.assistant('m1', cc.text('\n\n'), T(2)),
      cc.assistant('m1', cc.text('Hello'), T(3)),
      cc.user('again', T(4)),
      cc.assistant('m2', cc.toolUse('t9', 'Glob', {}), T(5)),
    ]));
    const t = await importTrace(file);
    expect(t.messages[1]!.content).toBe('\n\n\n\nHello');
    expect(t.messages[3]!.content).toBe('');
    expect(t.meta.unansweredToolCalls).toEqual(['t9']);
  });

  it('records a compaction point at the summary message after a compact_boundary', async () => {
    const file = tmpFile('s.jsonl', jsonl([
      cc.user('start', T(1)),
      cc.assistant('m1', cc.text('ok'), T(2)),
      cc.boundary(T(3)),
      cc.user('This session is being continued...', T(4), { isCompactSummary: true }),
      cc.assistant('m2', cc.text('continuing'), T(5)),
    ]));
    const t = await importTrace(file);
    expect(t.meta.compactions).toEqual([{ beforeMsgIndex: 2, trigger: 'auto', preTokens: 1234, timestamp: T(3) }]);
    expect(t.messages[2]).toEqual({ role: 'user', content: 'This session is being continued...' });
  });

  it('keeps a tool result with no call, and flags it', async () => {
    const file = tmpFile('s.jsonl', jsonl([cc.user('x', T(1)), cc.user([cc.result('ghost', 'out')], T(2)), cc.assistant('m1', cc.text('y'), T(3))]));
    const t = await importTrace(file);
    expect(t.messages[1]).toMatchObject({ role: 'tool', tool_call_id: 'ghost', content: 'out' });
    expect(t.meta.orphanToolResults).toEqual([1]);
    expect(t.warnings.join('\n')).toMatch(/ghost/);
  });

  it('keeps sidechain lines out of a main session (a session of their own), and keeps every line of a subagent file', async () => {
    const side = { isSidechain: true };
    const main = tmpFile('main.jsonl', jsonl([
      cc.user('main', T(1)), cc.user('sub task', T(2), side), cc.assistant('m9', cc.text('sub'), T(3), usageOf(1, 1), side), cc.assistant('m1', cc.text('done'), T(4)),
    ]));
    const t = await importTrace(main);
    expect(t.messages.map((m) => m.content)).toEqual(['main', 'done']);
    expect(t.meta.isSubagent).toBe(false);
    expect(t.meta.notes.join(' ')).toMatch(/2 subagent line/);
    // the subagent's call is its own, never the parent's
    expect(t.meta.calls.map((c) => c.msgIndex)).toEqual([1]);
    expect(t.sidechains).toHaveLength(1);
    expect(t.sidechains![0]!.messages.map((m) => m.content)).toEqual(['sub task', 'sub']);
    expect(t.sidechains![0]!.meta.calls).toHaveLength(1);
    expect(t.sidechains![0]!.meta.isSubagent).toBe(true);

    const sub = tmpFile('sess/subagents/agent-a1.jsonl', jsonl([cc.user('sub task', T(2), side), cc.assistant('m9', cc.text('sub'), T(3), usageOf(1, 1), side)]));
    const s = await importTrace(sub);
    expect(s.messages).toHaveLength(2);
    expect(s.meta.isSubagent).toBe(true);
  });

  it('lists the subagent files beside a session without inlining them', async () => {
    const sub = tmpFile('abc/subagents/agent-x.jsonl', jsonl([cc.user('s', T(1), { isSidechain: true }), cc.assistant('q', cc.text('r'), T(2), usageOf(1, 1), { isSidechain: true })]));
    const dir = sub.slice(0, sub.indexOf('/abc/'));
    const main = `${dir}/abc.jsonl`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(main, jsonl([cc.user('m', T(1)), cc.assistant('z', cc.text('n'), T(2))]));
    const t = await importTrace(main);
    expect(t.messages).toHaveLength(2);
    expect(t.meta.subagentFiles).toEqual([sub]);
  });

  it('warns about unknown line types instead of dropping them silently', async () => {
    const file = tmpFile('s.jsonl', jsonl([cc.user('x', T(1)), { type: 'brand-new-kind', timestamp: T(2), sessionId: 's' }, cc.assistant('m', cc.text('y'), T(3))]));
    const t = await importTrace(file, { format: 'claude-code' });
    expect(t.warnings.join('\n')).toMatch(/brand-new-kind/);
  });

  it('records message times in seconds from the first timestamp', async () => {
    const file = tmpFile('s.jsonl', jsonl([cc.user('x', T(1)), cc.assistant('m', cc.text('a'), T(3)), cc.assistant('m', cc.text('b'), T(7))]));
    const t = await importTrace(file);
    expect(t.meta.times).toEqual([0, 6]);
    expect(t.meta.startEpoch).toBe(Date.parse(T(1)) / 1000);
  });
});
