/**
 * Message-order rules of the two wire formats agents send, applied to a request (system prompt
 * first), each usable on its own.
 *
 * OpenAI chat completions: a `tool` message must answer a call of the assistant message directly
 * before its run of tool messages, and an assistant message with `tool_calls` must be followed by a
 * tool message for each call before any other message ("An assistant message with 'tool_calls' must
 * be followed by tool messages responding to each 'tool_call_id'").
 *
 * Anthropic Messages, after the mapping agents' adapters do (system messages go to the `system`
 * parameter; tool results become `tool_result` blocks of a user turn; a user text right after tool
 * results joins that turn, after them): the first turn is `user`; turns alternate user/assistant;
 * each `tool_use` gets its `tool_result` in the very next user turn, and a `tool_result` answers a
 * `tool_use` of the turn just before it; tool results come before any text in their turn. The live
 * API merges consecutive same-role turns instead of rejecting them, but Bedrock's Converse API and
 * other Anthropic-compatible endpoints reject them, and agents (Hermes) pick roles to avoid them, so
 * strict alternation is checked.
 */
import type { Message } from '../../core/messages.js';

export interface OrderViolation {
  /** index in the request (system prompt = 0) */
  index: number;
  rule: string;
  detail: string;
}

export function openaiOrderViolations(request: readonly Message[]): OrderViolation[] {
  const out: OrderViolation[] = [];
  let open: { index: number; ids: Set<string>; answered: Set<string> } | null = null;
  const close = (): void => {
    if (!open) return;
    const missing = [...open.ids].filter((id) => !open!.answered.has(id));
    if (missing.length) {
      out.push({ index: open.index, rule: 'calls-answered', detail: `assistant message ${open.index} has tool_calls without tool messages right after it: ${missing.join(', ')}` });
    }
    open = null;
  };
  request.forEach((m, i) => {
    if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      if (!open) out.push({ index: i, rule: 'tool-follows-calls', detail: `tool message ${i} (${id}) does not directly follow an assistant message with tool_calls` });
      else if (!open.ids.has(id)) out.push({ index: i, rule: 'tool-follows-calls', detail: `tool message ${i} answers ${id}, which assistant message ${open.index} did not call` });
      else open.answered.add(id);
      return;
    }
    close();
    if (m.role === 'assistant' && m.tool_calls?.length) {
      open = { index: i, ids: new Set(m.tool_calls.map((c) => c.id)), answered: new Set() };
    }
  });
  close();
  return out;
}

interface Turn {
  role: 'user' | 'assistant';
  index: number;
  uses: Set<string>;
  results: { id: string; index: number }[];
  hasText: boolean;
}

export function anthropicOrderViolations(request: readonly Message[]): OrderViolation[] {
  const out: OrderViolation[] = [];
  const turns: Turn[] = [];
  request.forEach((m, i) => {
    if (m.role === 'system') return; // hoisted into the system parameter
    const last = turns[turns.length - 1];
    if (m.role === 'assistant') {
      if (last?.role === 'assistant') out.push({ index: i, rule: 'alternation', detail: `assistant message ${i} follows another assistant turn (message ${last.index})` });
      turns.push({ role: 'assistant', index: i, uses: new Set((m.tool_calls ?? []).map((c) => c.id)), results: [], hasText: false });
      return;
    }
    if (m.role === 'tool') {
      const result = { id: m.tool_call_id ?? '', index: i };
      if (last?.role === 'user' && last.results.length && !last.hasText) last.results.push(result);
      else if (last?.role === 'user') {
        out.push({ index: i, rule: 'results-first', detail: `tool result ${i} comes after user text in the same user turn (tool_result blocks must come first)` });
        last.results.push(result);
      } else turns.push({ role: 'user', index: i, uses: new Set(), results: [result], hasText: false });
      return;
    }
    if (last?.role === 'user' && last.results.length && !last.hasText) last.hasText = true;
    else {
      if (last?.role === 'user') out.push({ index: i, rule: 'alternation', detail: `user message ${i} follows another user turn (message ${last.index})` });
      turns.push({ role: 'user', index: i, uses: new Set(), results: [], hasText: true });
    }
  });
  if (turns[0] && turns[0].role !== 'user') {
    out.push({ index: turns[0].index, rule: 'first-user', detail: `the first message after the system prompt (${turns[0].index}) is ${turns[0].role}, not user` });
  }
  turns.forEach((t, k) => {
    if (t.role === 'assistant' && t.uses.size) {
      const next = turns[k + 1];
      const answered = new Set(next?.role === 'user' ? next.results.map((r) => r.id) : []);
      const missing = [...t.uses].filter((id) => !answered.has(id));
      if (missing.length) out.push({ index: t.index, rule: 'use-answered', detail: `tool_use in message ${t.index} has no tool_result in the next user turn: ${missing.join(', ')}` });
    }
    if (t.role === 'user') {
      const prev = turns[k - 1];
      for (const r of t.results) {
        if (prev?.role !== 'assistant' || !prev.uses.has(r.id)) {
          out.push({ index: r.index, rule: 'result-after-use', detail: `tool_result ${r.index} (${r.id}) does not answer a tool_use of the turn just before it` });
        }
      }
    }
  });
  return out.sort((a, b) => a.index - b.index);
}
