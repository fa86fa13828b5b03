/** Text-mode agents: the fenced command becomes a synthesized call with a stable id. */
import { describe, expect, it } from 'vitest';
import { importTrace } from '../../src/workload/import/index.js';
import { commandsFromSystemPrompt, findActions, sweAgentToolName } from '../../src/workload/import/text-actions.js';
import { tmpFile } from './fixtures.js';
import { writeMiniSwe, writeSweAgent } from './gen.js';

const steps = [
  { thought: 'look around', command: 'ls -la', output: 'a\nb' },
  { thought: 'open it', command: 'open a.py', output: 'file shown' },
  { thought: 'done', command: 'submit', output: 'diff' },
];

describe('text-mode actions', () => {
  it('finds exactly one bash block and removes it from the text', () => {
    expect(findActions('THOUGHT: x\n\n```bash\nls\n```')).toEqual({ count: 1, only: { command: 'ls', rest: 'THOUGHT: x' } });
    expect(findActions('no action here').count).toBe(0);
    expect(findActions('```bash\na\n```\n```bash\nb\n```').count).toBe(2);
  });

  it('names SWE-agent calls after the interface command, else bash', () => {
    const cmds = commandsFromSystemPrompt('COMMANDS:\nopen:\n  docstring: opens\nmy_tool:\n  docstring: custom');
    expect([...cmds]).toEqual(['open', 'my_tool']);
    expect(sweAgentToolName('my_tool x', cmds)).toBe('my_tool');
    expect(sweAgentToolName('edit 1:2\nfoo\nend_of_edit', cmds)).toBe('edit');
    expect(sweAgentToolName('python x.py', cmds)).toBe('bash');
  });

  it('mini-swe-agent: command → bash call, observation → its result, usage and times recorded', async () => {
    const t = await importTrace(tmpFile('x.traj.json', writeMiniSwe(steps)));
    expect(t.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool']);
    expect(t.messages[2]).toEqual({ role: 'assistant', content: 'THOUGHT: look around', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command": "ls -la"}' } }] });
    expect(t.messages[3]).toEqual({ role: 'tool', content: '<returncode>0</returncode>\n<output>\na\nb\n</output>', tool_call_id: 'call_1', name: 'bash' });
    expect(t.meta.calls.map((c) => [c.msgIndex, c.input, c.cacheRead, c.output])).toEqual([[2, 500, 500, 20], [4, 600, 500, 20], [6, 700, 500, 20]]);
    expect(t.meta.times?.filter((x) => x !== null)).toEqual([0, 5, 10]);
    expect(t.meta.model).toBe('google/gemini-3-pro-preview');
  });

  it('mini-swe-agent: a rejected reply (two blocks) stays text and the format error stays a user message', async () => {
    const doc = JSON.parse(writeMiniSwe(steps.slice(0, 1)));
    doc.messages[2].content = 'two\n```bash\nls\n```\n```bash\npwd\n```';
    doc.messages[3].content = 'Please always provide EXACTLY ONE action';
    const t = await importTrace(tmpFile('x.traj.json', JSON.stringify(doc)));
    expect(t.messages[2]).toEqual({ role: 'assistant', content: doc.messages[2].content });
    expect(t.messages[3]).toEqual({ role: 'user', content: 'Please always provide EXACTLY ONE action' });
    expect(t.warnings.join()).toMatch(/2 action blocks/);
  });

  it('SWE-agent: thought (trimmed) + named call; a final unanswered call is listed', async () => {
    const doc = JSON.parse(writeSweAgent(steps));
    doc.history.pop(); // the submit gets no observation
    const t = await importTrace(tmpFile('x.traj', JSON.stringify(doc)));
    expect(t.messages.filter((m) => m.role === 'assistant').map((m) => [m.content, m.tool_calls?.[0]?.function.name])).toEqual([
      ['look around', 'bash'], ['open it', 'open'], ['done', 'submit'],
    ]);
    expect(t.messages[2]!.tool_calls![0]!.function.arguments).toBe('{"command": "ls -la\\n"}');
    expect(t.meta.unansweredToolCalls).toEqual(['call_3']);
  });
});
