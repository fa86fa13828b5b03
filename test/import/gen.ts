/**
 * fast-check generators for the import tests: random well-formed conversations, and writers that render
 * them in each source format (following the format's own rules), so a test can import them back.
 */
import fc from 'fast-check';
import type { Message, ToolCall } from '../../src/core/messages.js';
import { pyJson } from '../../src/workload/import/py-json.js';

const WORDS = ['fix', 'the', 'bug', 'in', 'parser', 'run', 'tests', 'ok', 'café', '→', 'line\nnext', 'a"b', 'x\\y', '{tag}', 'ÿ', '1.5'];
export const text = (min = 0): fc.Arbitrary<string> => fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: 8 }).map((w) => w.join(' '));
const nonEmpty = text(1);
const args = fc.dictionary(fc.constantFrom('command', 'path', 'limit', 'flag'), fc.oneof(text(), fc.integer({ min: -5, max: 500 }), fc.boolean()), { maxKeys: 3 });
const toolName = fc.constantFrom('Bash', 'Read', 'Edit', 'web_search');

export interface GenCall {
  name: string;
  args: Record<string, unknown>;
  result: string;
}
export interface GenStep {
  content: string;
  reasoning: string;
  calls: GenCall[];
}
export interface GenTurn {
  user: string;
  steps: GenStep[];
}
export interface GenConversation {
  system: string;
  turns: GenTurn[];
}

const step = fc.record({ content: text(), reasoning: fc.oneof(fc.constant(''), nonEmpty), calls: fc.array(fc.record({ name: toolName, args, result: text() }), { maxLength: 3 }) })
  .map((s) => (s.calls.length === 0 && s.content === '' ? { ...s, content: 'done' } : s));

export const conversation: fc.Arbitrary<GenConversation> = fc.record({
  system: fc.oneof(fc.constant(''), nonEmpty),
  turns: fc.array(fc.record({ user: nonEmpty, steps: fc.array(step, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
});

/** The messages a conversation stands for, with call ids `<prefix><n>` and arguments rendered by `renderArgs`. */
export function messagesOf(c: GenConversation, idPrefix: string, renderArgs: (a: Record<string, unknown>) => string = pyJson): Message[] {
  const out: Message[] = [];
  if (c.system) out.push({ role: 'system', content: c.system });
  let n = 0;
  for (const t of c.turns) {
    out.push({ role: 'user', content: t.user });
    for (const s of t.steps) {
      const calls: ToolCall[] = s.calls.map((k) => ({ id: `${idPrefix}${++n}`, type: 'function', function: { name: k.name, arguments: renderArgs(k.args) } }));
      const a: Message = { role: 'assistant', content: s.content };
      if (s.reasoning) a.reasoning = s.reasoning;
      if (calls.length) a.tool_calls = calls;
      out.push(a);
      s.calls.forEach((k, i) => out.push({ role: 'tool', content: k.result, tool_call_id: calls[i]!.id, name: k.name }));
    }
  }
  return out;
}

export const writeOpenAi = (msgs: readonly Message[]): string => msgs.map((m) => JSON.stringify(m)).join('\n') + '\n';

/** Claude Code: one line per content block, blocks of one message share `message.id`. */
export function writeClaudeCode(c: GenConversation): string {
  const lines: unknown[] = [];
  let sec = 0;
  let n = 0;
  let m = 0;
  const ts = (): string => `2026-01-01T00:${String(Math.floor(sec / 60) % 60).padStart(2, '0')}:${String(sec++ % 60).padStart(2, '0')}.000Z`;
  const base = { isSidechain: false, sessionId: 's', userType: 'external' };
  for (const t of c.turns) {
    lines.push({ ...base, type: 'user', timestamp: ts(), message: { role: 'user', content: t.user } });
    for (const s of t.steps) {
      const id = `msg_${++m}`;
      const usage = { input_tokens: 1, cache_read_input_tokens: 1000 * m, cache_creation_input_tokens: 10, output_tokens: 7 };
      const blocks: unknown[] = [];
      if (s.reasoning) blocks.push({ type: 'thinking', thinking: s.reasoning, signature: 'sig' });
      if (s.content) blocks.push({ type: 'text', text: s.content });
      const ids = s.calls.map(() => `toolu_${++n}`);
      s.calls.forEach((k, i) => blocks.push({ type: 'tool_use', id: ids[i], name: k.name, input: k.args }));
      for (const b of blocks) lines.push({ ...base, type: 'assistant', timestamp: ts(), message: { model: 'claude-opus-4-6', id, role: 'assistant', content: [b], usage } });
      s.calls.forEach((k, i) => lines.push({ ...base, type: 'user', timestamp: ts(), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: ids[i], content: k.result }] } }));
      lines.push({ type: 'progress', sessionId: 's', timestamp: ts(), data: { type: 'hook_progress' } });
    }
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** Hermes Agent's ShareGPT trajectory (run_agent.py `_convert_to_trajectory_format`), one conversation per line. */
export function writeShareGpt(c: GenConversation): string {
  const conv: { from: string; value: string }[] = [];
  if (c.system) conv.push({ from: 'system', value: c.system });
  let n = 0;
  for (const t of c.turns) {
    conv.push({ from: 'human', value: t.user });
    for (const s of t.steps) {
      let v = s.reasoning ? `<think>\n${s.reasoning}\n</think>\n` : '';
      const ids = s.calls.map(() => `call_h${++n}`);
      if (s.calls.length) {
        if (s.content.trim()) v += `${s.content}\n`;
        for (const k of s.calls) v += `<tool_call>\n${JSON.stringify({ name: k.name, arguments: k.args })}\n</tool_call>\n`;
        if (!v.includes('<think>')) v = `<think>\n</think>\n${v}`;
        conv.push({ from: 'gpt', value: v.trimEnd() });
        const responses = s.calls.map((k, i) => `<tool_response>\n${JSON.stringify({ tool_call_id: ids[i], name: k.name, content: k.result })}\n</tool_response>`);
        conv.push({ from: 'tool', value: responses.join('\n') });
      } else {
        v += s.content;
        if (!v.includes('<think>')) v = `<think>\n</think>\n${v}`;
        conv.push({ from: 'gpt', value: v.trim() });
      }
    }
  }
  return `${JSON.stringify({ conversations: conv, model: 'hermes-test', completed: true })}\n`;
}

/** A small mini-swe-agent trajectory: each step one fenced bash action and its observation. */
export function writeMiniSwe(steps: readonly { thought: string; command: string; output: string }[]): string {
  const messages: unknown[] = [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'Fix the bug.' }];
  steps.forEach((s, i) => {
    const content = `THOUGHT: ${s.thought}\n\n\`\`\`bash\n${s.command}\n\`\`\``;
    const response = { model: 'google/gemini-3-pro-preview', created: 1763500000 + 5 * i, usage: { prompt_tokens: 1000 + 100 * i, completion_tokens: 20, prompt_tokens_details: { cached_tokens: 500 } }, choices: [{ message: { role: 'assistant', content } }] };
    messages.push({ role: 'assistant', content, extra: { response } }, { role: 'user', content: `<returncode>0</returncode>\n<output>\n${s.output}\n</output>` });
  });
  return JSON.stringify({ info: { exit_status: 'Submitted', mini_version: '1.15.0', config: { model: { model_name: 'google/gemini-3-pro-preview' } } }, messages, trajectory_format: 'mini-swe-agent-1' }, null, 2);
}

/** A small text-mode SWE-agent trajectory. */
export function writeSweAgent(steps: readonly { thought: string; command: string; output: string }[]): string {
  const history: unknown[] = [{ role: 'system', content: 'COMMANDS:\nopen:\n  docstring: opens a file\nsubmit:\n  docstring: submits', agent: 'primary' }, { role: 'user', content: 'Solve it.', agent: 'primary' }];
  for (const s of steps) {
    history.push({ role: 'assistant', content: `${s.thought}\n\`\`\`\n${s.command}\n\`\`\``, thought: `${s.thought}\n`, action: `${s.command}\n`, agent: 'primary' });
    history.push({ role: 'user', content: s.output, agent: 'primary' });
  }
  return JSON.stringify({ environment: 'swe_main', trajectory: [], history, info: { exit_status: 'submitted' } }, null, 2);
}

/** A small OpenHands event list: user message, then model actions with observations. */
export function writeOpenHands(steps: readonly { thought: string; command: string; output: string }[]): string {
  const events: unknown[] = [{ id: 0, timestamp: '2025-01-27T22:44:56.900854', source: 'user', message: 'go', action: 'message', args: { content: 'go' } }];
  steps.forEach((s, i) => {
    const tcm = {
      function_name: 'execute_bash', tool_call_id: `toolu_${i}`,
      model_response: { id: `resp_${i}`, model: 'claude-3-5-sonnet', choices: [{ message: { role: 'assistant', content: s.thought, tool_calls: [{ id: `toolu_${i}`, type: 'function', function: { name: 'execute_bash', arguments: JSON.stringify({ command: s.command }) } }] } }], usage: { prompt_tokens: 100, completion_tokens: 5 } },
    };
    events.push({ id: 2 * i + 1, timestamp: `2025-01-27T22:45:${String(10 + i).padStart(2, '0')}.000000`, source: 'agent', action: 'run', args: { command: s.command }, tool_call_metadata: tcm });
    events.push({ id: 2 * i + 2, timestamp: `2025-01-27T22:45:${String(10 + i).padStart(2, '0')}.500000`, source: 'agent', observation: 'run', cause: 2 * i + 1, content: s.output, tool_call_metadata: tcm });
  });
  return JSON.stringify(events, null, 2);
}

export const textSteps = fc.array(fc.record({ thought: nonEmpty, command: nonEmpty, output: text() }), { minLength: 1, maxLength: 4 });
