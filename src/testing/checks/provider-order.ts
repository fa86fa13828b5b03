/**
 * Message-order rules of the two wire formats agents send, applied to a request (system prompt
 * first), each usable on its own.
 *
 * OpenAI chat completions: a `tool` message must answer a call of the assistant message directly
 * before its run of tool messages, and an assistant message with `tool_calls` must be followed by a
 * tool message for each call before any other message ("An assistant message with 'tool_calls' must
 * be followed by tool messages responding to each 'tool_call_id'").
 *
 * An assistant message needs content or tool_calls.
 *
 * Anthropic Messages, after the mapping agents' adapters do (system messages go to the `system`
 * parameter; tool results become `tool_result` blocks of a user turn; consecutive messages of one side
 * form one turn): the first turn is `user`; each `tool_use` gets its `tool_result` in the very next
 * turn, and a `tool_result` answers a `tool_use` of the turn just before it; tool results come before
 * any text in their turn; no user or assistant message is empty (except a final assistant prefill).
 * These hold whether or not an adapter merges same-role messages.
 *
 * Strict alternation (no two user or two assistant messages in a row) is checked on its own: the
 * Messages API and SDK adapters merge such turns, but Bedrock's Converse API, many open models' chat
 * templates ("Conversation roles must alternate") and agents that send their list as-is reject them,
 * and Hermes picks its summary's role to avoid them.
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
  request.forEach((m, i) => {
    if (m.role === 'assistant' && m.content == null && !m.tool_calls?.length) {
      out.push({ index: i, rule: 'assistant-content', detail: `assistant message ${i} has neither content nor tool_calls` });
    }
  });
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
  /** the messages of the turn (indices in the request) */
  indices: number[];
  uses: Set<string>;
  results: { id: string; index: number }[];
  /** a user turn has text (results must come before it) */
  hasText: boolean;
}

/**
 * The request as Anthropic turns: system messages hoisted; consecutive messages of the same side
 * (assistant; or user text and tool results) form one turn, as adapters send them. Records where a
 * tool result comes after user text within a turn.
 */
function toTurns(request: readonly Message[], out: OrderViolation[]): Turn[] {
  const turns: Turn[] = [];
  request.forEach((m, i) => {
    if (m.role === 'system') return; // hoisted into the system parameter
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    let t = turns[turns.length - 1];
    if (!t || t.role !== role) turns.push((t = { role, indices: [], uses: new Set(), results: [], hasText: false }));
    t.indices.push(i);
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) t.uses.add(c.id);
    else if (m.role === 'tool') {
      if (t.hasText) out.push({ index: i, rule: 'results-first', detail: `tool result ${i} comes after user text in the same user turn (tool_result blocks must come first)` });
      t.results.push({ id: m.tool_call_id ?? '', index: i });
    } else t.hasText = true;
  });
  return turns;
}

const isEmpty = (m: Message): boolean =>
  m.role !== 'tool' && !m.tool_calls?.length && (m.content == null || (typeof m.content === 'string'
    ? m.content.trim() === ''
    : m.content.every((p) => p.type === 'text' && p.text.trim() === '')));

/** Anthropic's structural rules, which hold even where adapters merge same-role messages into one turn. */
export function anthropicOrderViolations(request: readonly Message[]): OrderViolation[] {
  const out: OrderViolation[] = [];
  const turns = toTurns(request, out);
  request.forEach((m, i) => {
    // "all messages must have non-empty content except for the optional final assistant message"
    if (m.role !== 'system' && isEmpty(m) && !(i === request.length - 1 && m.role === 'assistant')) {
      out.push({ index: i, rule: 'non-empty', detail: `${m.role} message ${i} has no content (no text, image or tool_use)` });
    }
  });
  const first = turns[0];
  if (first && first.role !== 'user') {
    out.push({ index: first.indices[0]!, rule: 'first-user', detail: `the first message after the system prompt (${first.indices[0]}) is ${first.role}, not user` });
  }
  turns.forEach((t, k) => {
    if (t.role === 'assistant' && t.uses.size) {
      const next = turns[k + 1];
      const answered = new Set(next ? next.results.map((r) => r.id) : []);
      const missing = [...t.uses].filter((id) => !answered.has(id));
      if (missing.length) out.push({ index: t.indices[0]!, rule: 'use-answered', detail: `tool_use in the assistant turn at message ${t.indices[0]} has no tool_result in the next user turn: ${missing.join(', ')}` });
    }
    const prev = turns[k - 1];
    for (const r of t.results) {
      if (prev?.role !== 'assistant' || !prev.uses.has(r.id)) {
        out.push({ index: r.index, rule: 'result-after-use', detail: `tool_result ${r.index} (${r.id}) does not answer a tool_use of the turn just before it` });
      }
    }
  });
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Strict alternation: no two user messages and no two assistant messages in a row (tool results and the
 * user text right after them count as one user turn). Bedrock's Converse API and many open models' chat
 * templates reject such requests; Anthropic's Messages API and SDK adapters merge them instead.
 */
export function alternationViolations(request: readonly Message[]): OrderViolation[] {
  const out: OrderViolation[] = [];
  let prev: { side: 'user' | 'assistant'; kind: Message['role']; index: number } | null = null;
  request.forEach((m, i) => {
    if (m.role === 'system') return;
    const side = m.role === 'assistant' ? 'assistant' : 'user';
    if (prev && prev.side === side && !(m.role === 'tool' && prev.kind === 'tool') && !(m.role === 'user' && prev.kind === 'tool')) {
      out.push({ index: i, rule: 'alternation', detail: `${m.role} message ${i} follows ${prev.kind} message ${prev.index}: two ${side} turns in a row` });
    }
    prev = { side, kind: m.role, index: i };
  });
  return out;
}
