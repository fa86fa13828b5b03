/**
 * The stripping function as first written (three allocating passes over the whole history), kept as
 * the reference the single-pass `microcompactHistory` must equal (test/microcompact/equivalence.test.ts).
 */
import type { Message } from '../../src/core/messages.js';
import type { StripOptions, StripOutcome } from '../../src/policies/microcompact/strip.js';

const hasCalls = (m: Message): boolean => m.role === 'assistant' && !!m.tool_calls && m.tool_calls.length > 0;

const hasReasoning = (m: Message): boolean =>
  m.reasoning !== undefined || m.reasoning_content !== undefined || m.reasoning_details !== undefined;

/** No text and no image: the message would say nothing once its calls are gone. */
function isEmptyContent(m: Message): boolean {
  const c = m.content;
  if (c == null) return true;
  if (typeof c === 'string') return c.trim() === '';
  return c.every((p) => p.type === 'text' && p.text.trim() === '');
}

function withoutCalls(m: Message): Message {
  const { tool_calls: _drop, ...rest } = m;
  return rest;
}

function withoutReasoning(m: Message): Message {
  const { reasoning: _a, reasoning_content: _b, reasoning_details: _c, ...rest } = m;
  return rest;
}

/** Index from which the last `n` user messages start (history.length when n = 0; 0 when fewer exist). */
function lastUserTurnsStart(history: readonly Message[], n: number): number {
  if (n === 0) return history.length;
  let seen = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]!.role === 'user' && ++seen === n) return i;
  }
  return 0;
}

/** Indices of tool-calling assistant messages to strip, never one with a call still waiting. */
function selectToolTurns(history: readonly Message[], o: StripOptions, boundary: number): Set<number> {
  const answered = new Set<string>();
  for (const m of history) if (m.role === 'tool' && m.tool_call_id !== undefined) answered.add(m.tool_call_id);
  const turns: number[] = [];
  history.forEach((m, i) => { if (hasCalls(m)) turns.push(i); });
  const candidates = o.unit === 'user-turn'
    ? turns.filter((i) => i < boundary)
    : turns.slice(0, Math.max(0, turns.length - o.keepLastN));
  return new Set(candidates.filter((i) => history[i]!.tool_calls!.every((tc) => answered.has(tc.id))));
}

export function referenceMicrocompact(history: readonly Message[], o: StripOptions): StripOutcome {
  const boundary = o.unit === 'user-turn' ? lastUserTurnsStart(history, o.keepLastN) : history.length;
  const strip = selectToolTurns(history, o, boundary);
  const stripIds = new Set<string>();
  let toolCallsStripped = 0;
  for (const i of strip) for (const tc of history[i]!.tool_calls!) { stripIds.add(tc.id); toolCallsStripped++; }

  // Pass 1: drop stripped calls, their results, and assistant messages left empty.
  const kept: { msg: Message; index: number }[] = [];
  let toolResultsRemoved = 0;
  let assistantMessagesRemoved = 0;
  history.forEach((m, i) => {
    if (m.role === 'tool' && m.tool_call_id !== undefined && stripIds.has(m.tool_call_id)) { toolResultsRemoved++; return; }
    if (!strip.has(i)) { kept.push({ msg: m, index: i }); return; }
    const next = withoutCalls(m);
    if (isEmptyContent(next)) { assistantMessagesRemoved++; return; }
    kept.push({ msg: next, index: i });
  });

  // Pass 2: reasoning goes from all but the last N surviving assistant messages (or, per user
  // turn, from every assistant message before the protected turns).
  const assistants = kept.filter((k) => k.msg.role === 'assistant');
  const stripReasoning = o.unit === 'user-turn'
    ? assistants.filter((k) => k.index < boundary)
    : assistants.slice(0, Math.max(0, assistants.length - o.keepLastN));
  let reasoningStripped = 0;
  for (const k of stripReasoning) {
    if (!hasReasoning(k.msg)) continue;
    k.msg = withoutReasoning(k.msg);
    reasoningStripped++;
  }
  return {
    history: kept.map((k) => k.msg),
    toolTurnsStripped: strip.size, toolCallsStripped, toolResultsRemoved, assistantMessagesRemoved, reasoningStripped,
  };
}
