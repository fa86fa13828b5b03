import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import type { Message } from '../../src/core/messages.js';
import { microcompactHistory, stripIsNoop } from '../../src/policies/microcompact/strip.js';
import { agentHistory, textOf } from './helpers.js';

const toolTurns = (h: readonly Message[]) => h.filter((m) => m.role === 'assistant' && m.tool_calls?.length);
const hasReasoning = (m: Message) => m.reasoning !== undefined || m.reasoning_content !== undefined || m.reasoning_details !== undefined;

describe('microcompact stripping (seed 000, tool-call turns)', () => {
  const input = agentHistory({ turns: 3, toolSteps: 2 });
  const before = JSON.stringify(input);
  const out = microcompactHistory(input, { keepLastN: 3, unit: 'tool-call' });

  it('keeps the calls and results of the last N tool turns, strips the older ones', () => {
    const keptTurns = toolTurns(input).slice(-3);
    expect(toolTurns(out.history).map((m) => m.tool_calls)).toEqual(keptTurns.map((m) => m.tool_calls));
    const keptIds = new Set(keptTurns.flatMap((m) => m.tool_calls!.map((c) => c.id)));
    const results = out.history.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual([...keptIds]);
    for (const r of results) expect(input).toContain(r); // the same objects, untouched
    expect(out.toolTurnsStripped).toBe(3);
    expect(out.toolResultsRemoved).toBe(3);
  });

  it('leaves the last N assistant messages as they were', () => {
    const lastIn = input.filter((m) => m.role === 'assistant').slice(-3);
    const lastOut = out.history.filter((m) => m.role === 'assistant').slice(-3);
    lastOut.forEach((m, i) => expect(m).toBe(lastIn[i]));
  });

  it('never changes user text or assistant text', () => {
    expect(out.history.filter((m) => m.role === 'user')).toEqual(input.filter((m) => m.role === 'user'));
    const texts = (h: readonly Message[]) => h.filter((m) => m.role === 'assistant' && textOf(m).trim()).map(textOf);
    expect(texts(out.history)).toEqual(texts(input));
  });

  it('strips reasoning from all but the last N assistant messages', () => {
    const assistants = out.history.filter((m) => m.role === 'assistant');
    for (const m of assistants.slice(0, -3)) expect(hasReasoning(m)).toBe(false);
    for (const m of assistants.slice(-3)) expect(hasReasoning(m)).toBe(true);
    expect(out.reasoningStripped).toBe(assistants.length - 3);
  });

  it('removes tool-calling messages left empty and leaves no orphaned pairs', () => {
    expect(out.assistantMessagesRemoved).toBe(3);
    expect(out.history.length).toBe(input.length - 6);
    expect(checkInvariants(out.history, { allowPendingTail: false })).toEqual([]);
  });

  it('does not mutate its input', () => {
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe('microcompact stripping, edge cases', () => {
  it('keeps the text of a tool-calling message and drops only its calls', () => {
    const input = agentHistory({ turns: 2, toolSteps: 2, textEvery: 1 });
    const out = microcompactHistory(input, { keepLastN: 1, unit: 'tool-call' });
    expect(out.assistantMessagesRemoved).toBe(0);
    const first = out.history[1]!;
    expect(first.role).toBe('assistant');
    expect(first.tool_calls).toBeUndefined();
    expect(first.content).toBe(input[1]!.content);
    expect(checkInvariants(out.history, { allowPendingTail: false })).toEqual([]);
  });

  it('N = 0 strips every call, result and reasoning', () => {
    const out = microcompactHistory(agentHistory(), { keepLastN: 0, unit: 'tool-call' });
    expect(out.history.some((m) => m.role === 'tool' || m.tool_calls || hasReasoning(m))).toBe(false);
    expect(out.history.every((m) => textOf(m).trim().length > 0)).toBe(true);
  });

  it('never strips a call whose result has not arrived (no orphan when it does)', () => {
    const input = agentHistory({ pendingTail: true });
    const out = microcompactHistory(input, { keepLastN: 0, unit: 'tool-call' });
    const last = out.history[out.history.length - 1]!;
    expect(last).toBe(input[input.length - 1]);
    const arrived = [...out.history, { role: 'tool', tool_call_id: last.tool_calls![0]!.id, content: 'a b' } as Message];
    expect(checkInvariants(arrived, { allowPendingTail: false })).toEqual([]);
  });

  it('reports a no-op when there is nothing outside the last N turns', () => {
    const input = agentHistory({ turns: 1, toolSteps: 1 });
    const out = microcompactHistory(input, { keepLastN: 3, unit: 'tool-call' });
    expect(stripIsNoop(out)).toBe(true);
    out.history.forEach((m, i) => expect(m).toBe(input[i]));
  });
});

describe("microcompact stripping, unit 'user-turn'", () => {
  const input = agentHistory({ turns: 4, toolSteps: 2 });
  const out = microcompactHistory(input, { keepLastN: 2, unit: 'user-turn' });

  it('keeps the last N user turns byte-identical (same objects)', () => {
    const start = input.map((m) => m.role).lastIndexOf('user', input.length - 1);
    const secondLast = input.slice(0, start).map((m) => m.role).lastIndexOf('user');
    const tail = input.slice(secondLast);
    expect(out.history.slice(-tail.length)).toEqual(tail);
    out.history.slice(-tail.length).forEach((m, i) => expect(m).toBe(tail[i]));
  });

  it('strips every call, result and reasoning before them', () => {
    const head = out.history.slice(0, out.history.length - (input.length - 12));
    expect(head.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(head.some((m) => m.tool_calls || hasReasoning(m))).toBe(false);
    expect(checkInvariants(out.history, { allowPendingTail: false })).toEqual([]);
  });
});
