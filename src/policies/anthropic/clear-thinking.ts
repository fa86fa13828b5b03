/**
 * Anthropic's `clear_thinking_20251015` context edit (shared/reference/policies.md §3b): thinking blocks
 * of earlier assistant turns are removed server-side, except the newest `keep` turns that carry thinking
 * (or all of them with `keep: "all"`). When thinking is on and the strategy is not configured, the API
 * keeps only the last turn's thinking, i.e. keep = 1. Clearing thinking cuts the cache where it occurs;
 * `keep: "all"` maximises cache hits.
 *
 * An assistant turn is everything the assistant sends between two user messages (its tool loop
 * included): the thinking of the turn in progress must be sent back while it is still calling tools.
 * In the OpenAI-format history, thinking lives in `reasoning`, `reasoning_content` and `reasoning_details`.
 * The edit has no trigger and turns only age, so it is a pure function of history: a block once cleared
 * stays cleared, as the server state requires.
 */
import type { Message } from '../../core/messages.js';

const hasThinking = (m: Message): boolean =>
  m.role === 'assistant' && (!!m.reasoning || !!m.reasoning_content || (m.reasoning_details?.length ?? 0) > 0);

const stripped = new WeakMap<Message, Message>();
function strip(m: Message): Message {
  let c = stripped.get(m);
  if (!c) {
    c = { ...m };
    delete c.reasoning;
    delete c.reasoning_content;
    delete c.reasoning_details;
    stripped.set(m, c);
  }
  return c;
}

/** Index of the first message of the oldest kept thinking turn (history.length when none is kept). */
export function keptThinkingFrom(history: readonly Message[], keepTurns: number): number {
  if (keepTurns <= 0) return history.length;
  let turns = 0;
  let turnHasThinking = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (hasThinking(m)) turnHasThinking = true;
    if (m.role === 'user') {
      if (turnHasThinking && ++turns >= keepTurns) return i;
      turnHasThinking = false;
    }
  }
  return 0;
}

/** `history` with thinking removed before the kept turns (the history itself when nothing is removed). */
export function clearThinking(history: readonly Message[], keepTurns: number | 'all'): { messages: readonly Message[]; cleared: number } {
  if (keepTurns === 'all') return { messages: history, cleared: 0 };
  const from = keptThinkingFrom(history, keepTurns);
  let cleared = 0;
  for (let i = 0; i < from; i++) if (hasThinking(history[i]!)) cleared++;
  if (cleared === 0) return { messages: history, cleared: 0 };
  return { messages: history.map((m, i) => (i < from && hasThinking(m) ? strip(m) : m)), cleared };
}
