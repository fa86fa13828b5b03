/** OpenHands: parallel calls of one model response merge; output.jsonl instances and action/observation pairs. */
import { describe, expect, it } from 'vitest';
import { importTrace } from '../../src/workload/import/index.js';
import { tmpFile } from './fixtures.js';

const response = (id: string, calls: [string, string][]) => ({
  id, model: 'claude-3-5-sonnet',
  choices: [{ message: { role: 'assistant', content: 'two at once', tool_calls: calls.map(([cid, cmd]) => ({ id: cid, type: 'function', function: { name: 'execute_bash', arguments: JSON.stringify({ command: cmd }) } })) } }],
  usage: { prompt_tokens: 500, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 300 }, cache_creation_input_tokens: 150 },
});
const tcm = (cid: string, resp: unknown) => ({ function_name: 'execute_bash', tool_call_id: cid, model_response: resp });

describe('openhands importer', () => {
  it('merges the actions of one model response into one assistant message with all its calls', async () => {
    const r = response('r1', [['c1', 'ls'], ['c2', 'pwd']]);
    const events = [
      { id: 0, source: 'user', action: 'message', args: { content: 'go' }, timestamp: '2025-01-01T00:00:00' },
      { id: 1, source: 'agent', action: 'run', args: { command: 'ls' }, tool_call_metadata: tcm('c1', r), timestamp: '2025-01-01T00:00:02' },
      { id: 2, source: 'agent', action: 'run', args: { command: 'pwd' }, tool_call_metadata: tcm('c2', r), timestamp: '2025-01-01T00:00:02' },
      { id: 3, source: 'agent', observation: 'run', cause: 1, content: 'a b', tool_call_metadata: tcm('c1', r) },
      { id: 4, source: 'agent', observation: 'run', cause: 2, content: '/w', tool_call_metadata: tcm('c2', r) },
      { id: 5, source: 'environment', observation: 'agent_state_changed', content: '', extras: {} },
      { id: 6, source: 'agent', observation: 'error', content: 'something failed' },
    ];
    const t = await importTrace(tmpFile('e.json', JSON.stringify(events, null, 2)));
    expect(t.messages.map((m) => [m.role, m.tool_calls?.length ?? 0, m.tool_call_id ?? ''])).toEqual([
      ['user', 0, ''], ['assistant', 2, ''], ['tool', 0, 'c1'], ['tool', 0, 'c2'], ['user', 0, ''],
    ]);
    expect(t.meta.calls).toEqual([expect.objectContaining({ msgIndex: 1, input: 50, cacheRead: 300, cacheWrite: 150, output: 9 })]);
  });

  it('picks an instance of an output.jsonl and flattens [action, observation] pairs', async () => {
    const r = response('r9', [['k1', 'echo hi']]);
    const inst = (n: number) => ({
      instance_id: `task-${n}`,
      history: [
        [{ id: 0, source: 'user', action: 'message', args: { content: `task ${n}` } }, { id: 1, source: 'user', observation: 'null', content: '' }],
        [{ id: 2, source: 'agent', action: 'run', tool_call_metadata: tcm('k1', r) }, { id: 3, source: 'agent', observation: 'run', cause: 2, content: 'hi', tool_call_metadata: tcm('k1', r) }],
      ],
    });
    const file = tmpFile('output.jsonl', `${JSON.stringify(inst(0))}\n${JSON.stringify(inst(1))}\n`);
    const t = await importTrace(file, { format: 'openhands', entry: 1 });
    expect(t.messages.map((m) => m.content)).toEqual(['task 1', 'two at once', 'hi']);
    expect(t.meta.extra.instance_id).toBe('task-1');
    expect(t.meta.notes.join()).toMatch(/holds 2 instances/);
  });
});
