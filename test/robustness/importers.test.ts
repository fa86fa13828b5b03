/** Issue 13, findings 5-6: importers pair repeated ids correctly, read resolver output, never salvage. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import { traceScenarios } from '../../src/cli/trace-scenarios.js';
import { importTrace } from '../../src/workload/import/index.js';
import { uniquifyToolCallIds } from '../../src/workload/import/unique-ids.js';
import type { Message } from '../../src/core/messages.js';
import { tempDir } from '../cli/helpers.js';

const RESOLVER = 'test/robustness/fixtures/openhands-resolver-output.jsonl';
const call = (id: string, cmd: string): Message => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ cmd }) } }] });
const result = (id: string, out: string): Message => ({ role: 'tool', tool_call_id: id, content: out });

describe('repeated tool-call ids (finding 5)', () => {
  it('pairs each result with the latest unanswered call of its id and makes ids unique, deterministically', () => {
    const msgs: Message[] = [{ role: 'user', content: 'go' }, call('x', 'a'), result('x', 'A'), call('x', 'b'), result('x', 'B'), call('x~2', 'c'), result('x~2', 'C')];
    const rewrites = uniquifyToolCallIds(msgs);
    expect(msgs[3]!.tool_calls![0]!.id).toBe('x~3');
    expect(msgs[4]!.tool_call_id).toBe('x~3');
    expect(rewrites).toEqual([{ msgIndex: 3, role: 'assistant', from: 'x', to: 'x~3' }, { msgIndex: 4, role: 'tool', from: 'x', to: 'x~3' }]);
    expect(checkInvariants(msgs, { allowPendingTail: false })).toEqual([]);
    const again: Message[] = [{ role: 'user', content: 'go' }, call('x', 'a'), result('x', 'A'), call('x', 'b'), result('x', 'B'), call('x~2', 'c'), result('x~2', 'C')];
    uniquifyToolCallIds(again);
    expect(again).toEqual(msgs);
  });

  it('records the rewrites in the sidecar meta of an imported trace', async () => {
    const d = tempDir();
    const f = join(d, 't.jsonl');
    writeFileSync(f, [{ role: 'user', content: 'go' }, call('dup', 'a'), result('dup', 'A'), call('dup', 'b'), result('dup', 'B'), { role: 'assistant', content: 'done' }].map((m) => JSON.stringify(m)).join('\n'));
    const t = await importTrace(f, { format: 'openai' });
    expect(t.meta.toolCallIdRewrites).toEqual([{ msgIndex: 3, role: 'assistant', from: 'dup', to: 'dup~2' }, { msgIndex: 4, role: 'tool', from: 'dup', to: 'dup~2' }]);
    expect(t.meta.notes.join()).toMatch(/made unique/);
    expect(checkInvariants(t.messages, { allowPendingTail: false })).toEqual([]);
  });
});

describe('OpenHands resolver output (finding 6)', () => {
  it('reads a legacy history as assistant tool calls and their observations', async () => {
    const t = await importTrace(`${RESOLVER}#0`);
    expect(t.meta.format).toBe('openhands');
    expect(t.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    // named as the model saw them: the CodeAct functions behind the `run` / `run_ipython` actions
    expect(t.messages[1]!.tool_calls![0]!.function).toEqual({ name: 'execute_bash', arguments: JSON.stringify({ command: 'touch LICENSE' }) });
    expect(t.messages[2]!.content).toBe('out of touch LICENSE');
    expect(t.messages[3]!.tool_calls![0]!.function.name).toBe('execute_ipython_cell');
    expect(JSON.parse(t.messages[3]!.tool_calls![0]!.function.arguments)).toEqual({ code: expect.any(String) });
    // the final finish is a call too, kept unanswered: the session ended on it
    expect(t.messages[5]!.tool_calls![0]!.function.name).toBe('finish');
    expect(t.meta.unansweredToolCalls).toEqual([t.messages[5]!.tool_calls![0]!.id]);
    expect(t.entries).toBe(2);
    expect(checkInvariants(t.messages, { allowPendingTail: true })).toEqual([]);
  });

  it('run --trace replays each record as its own session; FILE#N picks one', async () => {
    const all = await traceScenarios([RESOLVER]);
    expect(all.map((s) => s.name)).toEqual(['trace:openhands-resolver-output.jsonl#0', 'trace:openhands-resolver-output.jsonl#1']);
    expect(all[0]!.hash).not.toBe(all[1]!.hash);
    expect((await traceScenarios([`${RESOLVER}#1`])).map((s) => s.hash)).toEqual([all[1]!.hash]);
  });

  it('an unrecognized structure is an error, never a salvaged transcript of user turns', async () => {
    const d = tempDir();
    const f = join(d, 'o.jsonl');
    writeFileSync(f, `${JSON.stringify({ history: [{ observation: 'run', content: 'a' }, { observation: 'run', content: 'b' }] })}\n`);
    await expect(importTrace(f)).rejects.toThrow(/no assistant message found/);
  });
});
