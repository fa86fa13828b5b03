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
 *
 * Cost: `clearThinking` is the whole-history definition; the policy uses `ClearedThinking`, which tracks the
 * same edit over the appended messages and patches one view (a step costs O(appended + newly cleared)).
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

/** A request: the messages (the history itself when nothing is cleared) and what it cleared. */
export interface ThinkingRequest {
  /** the tracker's patched view (patched again by later requests: read it before the next call) or the history */
  messages: readonly Message[];
  cleared: number;
  /** with the patched view: `messages[i]` is what the previous request returned at `i` for all `i < changedFrom` */
  changedFrom?: number;
}

/**
 * `clearThinking`, tracked incrementally over an append-only history: what a step costs is what was
 * appended plus what newly aged out of the kept turns, not the history. The kept turns only move forward
 * (new turns with thinking can only push the k-th newest one later), so each message is stripped at
 * most once. The edited view is one array patched in place, returned with the first position patched
 * since the previous request (`changedFrom`, ViewResult.changedFrom). A history that is not the previous
 * one plus appended messages (a rewrite) is re-indexed from the start. Same result as `clearThinking`.
 */
export class ClearedThinking {
  /** history messages indexed so far, and the last of them (to notice a rewritten history) */
  private scanned = 0;
  private lastSeen: Message | undefined;
  /** user-message indices of the finished turns that carry thinking, oldest first */
  private turnStarts: number[] = [];
  /** the user message of the turn in progress (−1 before the first), and whether it has thinking yet */
  private openTurn = -1;
  private openHasThinking = false;
  /** messages before this index have their thinking removed in `view`; `cleared` of them had some */
  private from = 0;
  private cleared = 0;
  private view: Message[] = [];
  /** the first view position patched since the view was last returned, and that view's length (−1: none returned) */
  private dirtyFrom = 0;
  private returnedLength = -1;

  constructor(private readonly keepTurns: number) {}

  request(history: readonly Message[]): ThinkingRequest {
    this.index(history);
    this.advance(history, this.keptFrom(history.length));
    if (this.cleared === 0) {
      this.returnedLength = -1; // the next edited view is compared with nothing
      return { messages: history, cleared: 0 };
    }
    const changedFrom = this.returnedLength < 0 ? 0 : Math.min(this.dirtyFrom, this.returnedLength);
    this.returnedLength = this.view.length;
    this.dirtyFrom = Infinity;
    return { messages: this.view, cleared: this.cleared, changedFrom };
  }

  /** `keptThinkingFrom` from the indexed turns. */
  private keptFrom(length: number): number {
    if (this.keepTurns <= 0) return length;
    const n = this.turnStarts.length + (this.openHasThinking ? 1 : 0);
    if (n < this.keepTurns) return 0;
    const k = n - this.keepTurns; // the k-th (0-based) thinking turn, the open one last
    return k < this.turnStarts.length ? this.turnStarts[k]! : this.openTurn;
  }

  /** Indexes the messages appended since the last call (re-indexes everything after a rewrite). */
  private index(history: readonly Message[]): void {
    if (history.length < this.scanned || (this.scanned > 0 && history[this.scanned - 1] !== this.lastSeen)) this.reset();
    for (let i = this.scanned; i < history.length; i++) {
      const m = history[i]!;
      if (m.role === 'user') {
        if (this.openTurn >= 0 && this.openHasThinking) this.turnStarts.push(this.openTurn);
        this.openTurn = i;
        this.openHasThinking = false;
      } else if (this.openTurn >= 0 && hasThinking(m)) this.openHasThinking = true;
      this.view.push(m); // appended messages are past `from`, which never passes the indexed history
    }
    this.scanned = history.length;
    this.lastSeen = history[history.length - 1];
  }

  /** Strips the thinking of the messages that aged out of the kept turns (`from` never moves back). */
  private advance(history: readonly Message[], next: number): void {
    for (let i = this.from; i < next; i++) {
      const m = history[i]!;
      if (!hasThinking(m)) continue;
      this.view[i] = strip(m);
      this.cleared++;
      if (i < this.dirtyFrom) this.dirtyFrom = i;
    }
    if (next > this.from) this.from = next;
  }

  private reset(): void {
    Object.assign(this, { scanned: 0, lastSeen: undefined, turnStarts: [], openTurn: -1, openHasThinking: false, from: 0, cleared: 0, view: [], dirtyFrom: 0, returnedLength: -1 });
  }
}
