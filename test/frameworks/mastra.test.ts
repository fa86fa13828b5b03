/**
 * The Mastra adapter's parts without the package: the prompt conversions keep identity, the hook mapping
 * follows Mastra's run semantics (stepNumber and state per agent run, tripwires), and a missing package
 * or an unsupported Node is a one-line reason. The adapter on the real package:
 * test/frameworks/real-node22/mastra.test.ts (1.x) and test/frameworks/real/mastra.test.ts (0.x, Node 20).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, type Message } from '../../src/core/messages.js';
import type { AsyncPolicyContext } from '../../src/frameworks/async-policy.js';
import { PromptMap, type PromptMessage, type PromptPart } from '../../src/frameworks/mastra/convert.js';
import { CoreMessageMap, type CoreMessage } from '../../src/frameworks/mastra/convert-core.js';
import { llmRequestPolicy } from '../../src/frameworks/mastra/llm-request.js';
import { checkedMastraVersion, nodeSatisfies } from '../../src/frameworks/mastra/load.js';
import { memoryProcessorPolicy } from '../../src/frameworks/mastra/memory.js';
import { exportedProcessors } from '../../src/frameworks/mastra/user-processors.js';

const u1: Message = { role: 'user', content: 'fix the parser' };
const a1: Message = { role: 'assistant', content: 'looking', tool_calls: [call('c1', 'bash', { cmd: 'ls' })] };
const t1: Message = { role: 'tool', tool_call_id: 'c1', content: 'a.ts b.ts' };
const a2: Message = { role: 'assistant', content: 'done' };
const u2: Message = { role: 'user', content: 'now the docs' };

const ctx = (step: number, userTurn: number): AsyncPolicyContext => ({
  contextWindow: 32_000, maxOutputTokens: 8_000, step, userTurn, turnStart: false, now: 0, systemTokens: 10,
  systemPrompt: 'You are a coding agent.', model: 'm', rng: () => 0.5,
} as unknown as AsyncPolicyContext);

describe('the Mastra 1.x prompt (LanguageModelV2Prompt)', () => {
  it('puts the instructions first, gives user text as parts, and maps untouched messages back to themselves', () => {
    const map = new PromptMap();
    const prompt = map.toPrompt([u1, a1, t1], 'SYS');
    expect(prompt[0]).toEqual({ role: 'system', content: 'SYS' });
    expect(prompt[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'fix the parser' }] });
    expect(prompt[2]!.content).toContainEqual({ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { cmd: 'ls' } });
    expect(prompt[3]!.content).toEqual([{ type: 'tool-result', toolCallId: 'c1', toolName: 'bash', output: { type: 'text', value: 'a.ts b.ts' } }]);
    // the same objects on the next step, and back to the very messages
    const again = map.toPrompt([u1, a1, t1, a2], 'SYS');
    expect(again.slice(0, 4).every((m, i) => m === prompt[i])).toBe(true);
    const back = map.fromPrompt(again);
    expect(back).toHaveLength(4);
    expect(back.every((m, i) => m === [u1, a1, t1, a2][i])).toBe(true);
  });

  it('rebuilds a message a processor filtered, keeping the text it left', () => {
    const map = new PromptMap();
    const prompt = map.toPrompt([u1, a1, t1], '');
    const a = prompt[1] as { role: 'assistant'; content: PromptPart[] };
    const filtered = [prompt[0]!, { ...a, content: a.content.filter((p) => p.type !== 'tool-call') }] as PromptMessage[];
    const back = map.fromPrompt(filtered);
    expect(back[0]).toBe(u1);
    expect(back[1]).toEqual({ role: 'assistant', content: 'looking' });
  });
});

describe('the Mastra 0.x memory messages (AI SDK 4 CoreMessage)', () => {
  it('uses args and result, and maps a filtered list back to the originals', () => {
    const map = new CoreMessageMap();
    const core = map.toCore([u1, a1, t1, a2]);
    expect(core[1]!.content).toContainEqual({ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', args: { cmd: 'ls' } });
    expect(core[2]!.content).toEqual([{ type: 'tool-result', toolCallId: 'c1', toolName: 'bash', result: 'a.ts b.ts' }]);
    const back = map.fromCore([core[0]!, core[3]!]);
    expect(back[0]).toBe(u1);
    expect(back[1]).toBe(a2);
  });
});

describe('processLLMRequest as a per-request view', () => {
  it('counts stepNumber and keeps state per agent run (user turn), each processor taking the previous prompt', async () => {
    const seen: { stepNumber: number; state: Record<string, unknown>; length: number }[] = [];
    const dropFirst = {
      id: 'drop-first',
      processLLMRequest: ({ prompt, stepNumber, state }: { prompt: PromptMessage[]; stepNumber: number; state: Record<string, unknown> }) => {
        seen.push({ stepNumber, state, length: prompt.length });
        return { prompt: [prompt[0]!, ...prompt.slice(2)] };
      },
    };
    const noop = { id: 'noop', processLLMRequest: ({ prompt }: { prompt: PromptMessage[] }) => { seen.push({ stepNumber: -1, state: {}, length: prompt.length }); } };
    const p = llmRequestPolicy('t', {}, [dropFirst, noop], '1.71.0');
    const r0 = (await p.view!([u1, a1, t1], ctx(0, 0))) as { messages: Message[]; kind: string };
    expect(r0.messages).toEqual([a1, t1]);
    expect(r0.messages[0]).toBe(a1);
    expect(r0.kind).toBe('drop-first');
    await p.view!([u1, a1, t1, a2], ctx(1, 0));
    await p.view!([u1, a1, t1, a2, u2], ctx(2, 1));
    const first = seen.filter((s) => s.stepNumber >= 0);
    expect(first.map((s) => s.stepNumber)).toEqual([0, 1, 0]);
    expect(first[0]!.state).toBe(first[1]!.state);
    expect(first[2]!.state).not.toBe(first[0]!.state);
    // the second processor got the first one's prompt (system + 3 − 1)
    expect(seen[1]!.length).toBe(3);
    expect(await p.telemetry!()).toMatchObject({ 'mastra.requests': 3, 'mastra.promptChanges': 3, 'mastra.drop-first.changes': 3, 'mastra.noop.changes': 0 });
  });

  it('a tripwire fails the hook with the processor and its reason', async () => {
    const trips = { id: 'guard', processLLMRequest: ({ abort }: { abort: (r: string) => never }) => abort('too long') };
    const p = llmRequestPolicy('t', {}, [trips], '1.71.0');
    await expect(p.view!([u1], ctx(0, 0))).rejects.toThrow(/Mastra tripwire from guard: too long/);
  });
});

describe('memory processors once per agent run', () => {
  it('processes the recalled history at each user turn, with the new message beside it, and keeps the result for the run', async () => {
    const calls: { n: number; fresh: number }[] = [];
    const dropTools = {
      name: 'ToolCallFilter',
      process: (messages: CoreMessage[], opts: Record<string, unknown>) => {
        calls.push({ n: messages.length, fresh: (opts.newMessages as unknown[]).length });
        return messages.filter((m) => !(Array.isArray(m.content) && m.content.some((p) => p.type === 'tool-call' || p.type === 'tool-result')));
      },
    };
    const p = memoryProcessorPolicy('t', {}, [dropTools], 'core@0.24.9');
    // turn 0: nothing recalled yet
    expect(await p.view!([u1], ctx(0, 0))).toEqual([u1]);
    expect(await p.view!([u1, a1, t1], ctx(1, 0))).toEqual([u1, a1, t1]);
    // turn 1: the earlier run's tool call and result are filtered, for every step of the run
    const r = (await p.view!([u1, a1, t1, a2, u2], ctx(2, 1))) as { messages: Message[]; kind: string };
    expect(r.messages).toEqual([u1, a2, u2]);
    expect(r.kind).toBe('prune');
    const a3: Message = { role: 'assistant', content: 'ok' };
    const r2 = (await p.view!([u1, a1, t1, a2, u2, a3], ctx(3, 1))) as { messages: Message[] };
    expect(r2.messages).toEqual([u1, a2, u2, a3]);
    expect(r2.messages[3]).toBe(a3);
    expect(calls).toEqual([{ n: 0, fresh: 1 }, { n: 4, fresh: 1 }]);
  });
});

describe('finding Mastra', () => {
  it('compares Node versions against >= ranges', () => {
    expect(nodeSatisfies('>=22.13.0', '22.13.0')).toBe(true);
    expect(nodeSatisfies('>=22.13.0', '22.12.9')).toBe(false);
    expect(nodeSatisfies('>=22.13.0', '20.20.2')).toBe(false);
    expect(nodeSatisfies('>=20', '20.0.1')).toBe(true);
    expect(nodeSatisfies(undefined, '18.0.0')).toBe(true);
  });

  it('says what to install, or which Node, in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-mastra-load-'));
    expect(() => checkedMastraVersion(join(dir, 'package.json'), dir)).toThrow(/Mastra is not installed in .*: npm install @mastra\/core/);
    mkdirSync(join(dir, 'node_modules', '@mastra', 'core'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '@mastra', 'core', 'package.json'), JSON.stringify({ name: '@mastra/core', version: '9.0.0', engines: { node: '>=99' } }));
    expect(() => checkedMastraVersion(join(dir, 'package.json'), dir)).toThrow(/@mastra\/core 9\.0\.0 needs Node >=99; this is Node \S+: run compactbench under Node >= 22\.13/);
  });

  it("takes a user file's processors from default, inputProcessors, processors or processor", () => {
    const p = { id: 'x', processLLMRequest: () => undefined };
    expect(exportedProcessors({ default: [p] }, 'f')).toEqual([p]);
    expect(exportedProcessors({ inputProcessors: p }, 'f')).toEqual([p]);
    expect(() => exportedProcessors({}, 'f.ts')).toThrow(/f\.ts exports no Mastra processor/);
  });
});
