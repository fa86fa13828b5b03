/** traceToWorkload: assistant messages are responses, what lies between them is appended. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { importTrace, traceToWorkload } from '../../src/workload/import/index.js';
import { PLACEHOLDER_SYSTEM } from '../../src/workload/import/to-workload.js';
import type { ImportedTrace } from '../../src/workload/import/types.js';
import { TRACES } from './reference.js';

const tokens = createTokenCounter();
const opts = { contextWindow: 200_000, maxOutputTokens: 32_000, model: 'claude-sonnet-4.5', tokens };

describe('traceToWorkload', () => {
  it('splits a Claude Code session into steps that rebuild the conversation exactly', async () => {
    const t = await importTrace(path.join(TRACES, 'claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl'));
    const w = traceToWorkload(t, opts);
    expect(w.steps).toHaveLength(t.messages.filter((m) => m.role === 'assistant').length);
    const rebuilt = w.steps.flatMap((s) => [...s.append, s.response]);
    expect(rebuilt).toEqual(t.messages.slice(0, rebuilt.length));
    expect(w.meta?.trailingMessages).toBe(t.messages.length - rebuilt.length);
    expect(w.system.content).toBe(PLACEHOLDER_SYSTEM);
    expect(w.meta?.systemRecorded).toBe(false);
    // recorded usage and output tokens come from the transcript
    const first = w.steps[0]!;
    expect(first.recorded).toMatchObject({ inputTokens: 3, cacheReadTokens: 17842, cacheWriteTokens: 8037, outputTokens: 441, model: 'claude-opus-4-6' });
    expect(first.outputTokens).toBe(441);
    // the compaction point maps to the step whose append carries the summary
    const comp = (w.meta?.compactions as { beforeMsgIndex: number; step: number }[])[0]!;
    expect(w.steps[comp.step]!.append).toContain(t.messages[comp.beforeMsgIndex]);
  });

  it('derives gaps and latency from recorded times, and numbers user turns', async () => {
    const t = await importTrace(path.join(TRACES, 'claude-code/tool_heavy.jsonl'));
    const w = traceToWorkload(t, opts);
    const times = t.meta.times!;
    const a = t.messages.findIndex((m, i) => i > 0 && m.role === 'assistant' && t.messages[i - 1]!.role === 'tool');
    const step = w.steps[t.messages.slice(0, a).filter((m) => m.role === 'assistant').length]!;
    expect(step.latency).toBeCloseTo(times[a]! - times[a - 1]!, 3);
    expect(w.steps.every((s) => s.gapBefore >= 0 && s.latency >= 0)).toBe(true);
    expect(w.steps[0]!.userTurn).toBe(0);
    expect(w.steps.at(-1)!.userTurn).toBeGreaterThan(0);
  });

  it('uses the recorded system message, exact output counts and default gaps when nothing is recorded', () => {
    const trace: ImportedTrace = {
      messages: [
        { role: 'system', content: 'sys' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello there' },
        { role: 'user', content: 'more' }, { role: 'assistant', content: 'ok' },
      ],
      meta: { format: 'openai', source: 'x.jsonl', calls: [], compactions: [], unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {} },
      warnings: [],
    };
    const w = traceToWorkload(trace, { ...opts, defaultGaps: { userSeconds: 7, latencySeconds: 3 } });
    expect(w.system).toEqual({ role: 'system', content: 'sys' });
    expect(w.steps.map((s) => [s.userTurn, s.gapBefore, s.latency])).toEqual([[0, 0, 3], [1, 7, 3]]);
    expect(w.steps[0]!.outputTokens).toBe(tokens.message(trace.messages[2]!));
    expect(w.steps[0]!.recorded).toBeUndefined();
  });

  it('emits a model-switch event when the recorded model changes', () => {
    const trace: ImportedTrace = {
      messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'c' }, { role: 'assistant', content: 'd' }],
      meta: {
        format: 'openai', source: 'x', compactions: [], unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {},
        calls: [{ msgIndex: 1, model: 'claude-opus-4-6' }, { msgIndex: 3, model: 'claude-haiku-4-5' }],
      },
      warnings: [],
    };
    const w = traceToWorkload(trace, opts);
    expect(w.steps[0]!.events).toBeUndefined();
    expect(w.steps[1]!.events).toEqual([{ type: 'model-switch', model: 'claude-haiku-4-5', contextWindow: 200_000, maxOutputTokens: 32_000 }]);
  });
});
