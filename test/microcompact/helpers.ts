/** Hermes-style histories for the microcompact tests: hand-made ones, and generated turns rendered (property tests). */
import { call, freezeMessage, toolResult, type Message } from '../../src/core/messages.js';

export interface AgentHistoryOptions {
  turns?: number;
  /** tool-calling steps per user turn */
  toolSteps?: number;
  /** give every `k`-th tool-calling message some text (0: never) */
  textEvery?: number;
  /** end with a tool call whose result has not arrived yet */
  pendingTail?: boolean;
}

/**
 * user → (assistant[calls, reasoning] → tool)* → assistant[text, reasoning], per turn.
 * Messages are frozen, as the harness freezes them.
 */
export function agentHistory(o: AgentHistoryOptions = {}): Message[] {
  const turns = o.turns ?? 3;
  const steps = o.toolSteps ?? 2;
  const out: Message[] = [];
  let id = 0;
  let k = 0;
  for (let t = 0; t < turns; t++) {
    out.push({ role: 'user', content: `Turn ${t}: please look at module ${t}.` });
    for (let s = 0; s < steps; s++) {
      const c = call(`call_${id++}`, 'terminal', { command: `cat mod_${t}_${s}.py` });
      k++;
      const text = o.textEvery && k % o.textEvery === 0 ? `Checking module ${t} part ${s}.` : '';
      out.push({ role: 'assistant', content: text, reasoning: `thinking about ${t}.${s}`, reasoning_details: [{ type: 'r', n: k }], tool_calls: [c] });
      out.push(toolResult(c.id, `def f_${t}_${s}():\n    return ${t * 10 + s}\n`.repeat(20), 'terminal'));
    }
    out.push({ role: 'assistant', content: `Module ${t} looks fine.`, reasoning: `wrap up ${t}`, reasoning_content: `wrap up ${t}` });
  }
  if (o.pendingTail) {
    out.push({ role: 'user', content: 'One more thing.' });
    out.push({ role: 'assistant', content: '', tool_calls: [call(`call_${id++}`, 'terminal', { command: 'ls' })] });
  }
  return out.map((m) => freezeMessage(m));
}

export const textOf = (m: Message): string => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content));

/** One tool-calling step of a generated turn: its text, reasoning, number of calls and result size. */
export interface StepCase {
  text?: string;
  reasoning?: string;
  calls: number;
  /** characters of each result before its call id (default: a short fixed text) */
  chars?: number;
}

/**
 * Generated turns (property tests) as a history: user → (assistant[calls] → its results)* → final
 * answer, optionally ending with a call whose result has not arrived. Frozen, as the harness freezes them.
 */
export function renderTurns(turns: readonly { steps: readonly StepCase[]; final: string }[], pending = false): Message[] {
  const out: Message[] = [];
  let id = 0;
  turns.forEach((t, ti) => {
    out.push({ role: 'user', content: `question ${ti}` });
    for (const s of t.steps) {
      const calls = Array.from({ length: s.calls }, () => call(`c${id++}`, 'read_file', { path: `f${id}` }));
      out.push({ role: 'assistant', content: s.text ?? '', ...(s.reasoning ? { reasoning: s.reasoning } : {}), tool_calls: calls });
      for (const c of calls) out.push({ role: 'tool', tool_call_id: c.id, content: s.chars === undefined ? `contents of ${c.id}` : 'x'.repeat(s.chars) + c.id });
    }
    out.push({ role: 'assistant', content: t.final, reasoning_content: 'r' });
  });
  if (pending) out.push({ role: 'assistant', content: '', tool_calls: [call(`c${id++}`, 'ls', {})] });
  return out.map((m) => freezeMessage(m));
}
