/**
 * The /microcompact stripping function: remove tool-call/result pairs and reasoning from all but
 * the last N turns, with no LLM call. User text, assistant text and the system message are never
 * touched (the system message is not even in the history policies see).
 *
 * Source: seed 000 (`000_88fcd3f0d05bd303.txt`, Hermes Agent issue #525 "/microcompact"), its
 * `microcompact(messages, keep_last_n=3)` sketch and "What Gets Stripped vs Preserved" table:
 * 1. the "turns" are the assistant messages with tool_calls; all but the last N lose their calls;
 * 2. the tool results answering those calls are removed;
 * 3. an assistant message left with no text is removed whole (orphan prevention);
 * 4. all but the last N assistant messages (counted after step 3) lose reasoning,
 *    reasoning_content and reasoning_details.
 * N = 0 strips everything. `unit: 'user-turn'` is a compactbench variant: the last N *user* turns
 * are kept byte-identical and everything before them is stripped.
 *
 * Deviations, both to keep the history valid mid-session: calls still waiting for their results
 * are never stripped (upstream runs between turns, where none are pending); step 3 only removes
 * messages whose calls were stripped here (the sketch's filter would also drop an empty assistant
 * message inside the protected tail).
 */
import { freezeMessage, type Message } from '../../core/messages.js';

export type TurnUnit = 'tool-call' | 'user-turn';

export interface StripOptions {
  /** turns kept intact @default 3 */
  keepLastN: number;
  /** what a "turn" is @default 'tool-call' (seed 000) */
  unit: TurnUnit;
  /** told of every message the run changes (`to`) or removes (`to` undefined), e.g. to keep a token total */
  onChange?: (from: Message, to: Message | undefined) => void;
  /**
   * A prefix the run can skip (see `settledPrefix`): `history[0 : index]` holds no tool result, no
   * assistant message with calls and none with reasoning, and `assistants` assistant messages. Such a
   * prefix is left as it is by a run, so the outcome is the same; a run then costs O(history − index)
   * (plus a copy of the prefix).
   */
  settled?: Settled;
}

export interface Settled {
  index: number;
  assistants: number;
}

export interface StripOutcome extends StripCounts {
  history: Message[];
}

/** A run's result from its settled prefix on (`stripTail`): the history is `input[0 : from]` then `tail`. */
export interface TailOutcome extends StripCounts {
  from: number;
  tail: Message[];
}

export interface StripCounts {
  /** assistant messages whose tool_calls were removed */
  toolTurnsStripped: number;
  toolCallsStripped: number;
  toolResultsRemoved: number;
  /** assistant messages removed because only tool calls were left in them */
  assistantMessagesRemoved: number;
  /** assistant messages that lost reasoning fields */
  reasoningStripped: number;
}

export const hasCalls = (m: Message): boolean => m.role === 'assistant' && !!m.tool_calls && m.tool_calls.length > 0;

export const hasReasoning = (m: Message): boolean =>
  m.reasoning !== undefined || m.reasoning_content !== undefined || m.reasoning_details !== undefined;

/** No text and no image: the message would say nothing once its calls are gone. */
function isEmptyContent(m: Message): boolean {
  const c = m.content;
  if (c == null) return true;
  if (typeof c === 'string') return c.trim() === '';
  return c.every((p) => p.type === 'text' && p.text.trim() === '');
}

// New messages are frozen where they are made: their token count (the run's onChange) then lands in their
// memo slot, which the harness reads again when it takes the result, instead of in a WeakMap entry that the
// harness's frozen message would not find (one count and one hash-table entry per changed message saved).
function withoutCalls(m: Message): Message {
  const { tool_calls: _drop, ...rest } = m;
  return freezeMessage(rest);
}

function withoutReasoning(m: Message): Message {
  const { reasoning: _a, reasoning_content: _b, reasoning_details: _c, ...rest } = m;
  return freezeMessage(rest);
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

/**
 * Indices of tool-calling assistant messages to strip, never one with a call still waiting. Only the
 * candidates' call ids are looked up among the results (in a long session almost every older turn is
 * already stripped, so there are few).
 */
function selectToolTurns(history: readonly Message[], turns: readonly number[], o: StripOptions, boundary: number, from: number): number[] {
  let end = 0;
  if (o.unit === 'user-turn') while (end < turns.length && turns[end]! < boundary) end++;
  else end = Math.max(0, turns.length - o.keepLastN);
  if (end === 0) return [];
  const waiting = new Set<string>();
  for (let t = 0; t < end; t++) for (const tc of history[turns[t]!]!.tool_calls!) waiting.add(tc.id);
  for (let i = from; i < history.length; i++) {
    const m = history[i]!;
    if (m.role === 'tool' && m.tool_call_id !== undefined) waiting.delete(m.tool_call_id);
  }
  const out: number[] = [];
  for (let t = 0; t < end; t++) if (waiting.size === 0 || history[turns[t]!]!.tool_calls!.every((tc) => !waiting.has(tc.id))) out.push(turns[t]!);
  return out;
}

/** One run of the stripping function: the whole new history. */
export function microcompactHistory(history: readonly Message[], o: StripOptions): StripOutcome {
  const { from, tail, ...counts } = stripTail(history, o);
  return { history: from === 0 ? tail : history.slice(0, from).concat(tail), ...counts };
}

/**
 * One run of the stripping function, as the messages from the settled prefix on (the prefix is left as
 * it is). Counts come first (which turns go, how many assistant messages survive them), so the tail is
 * built in a single pass; a run costs a few cheap passes over the messages after the settled prefix and
 * a copy of only the messages that change, not a copy of the history.
 */
export function stripTail(history: readonly Message[], o: StripOptions): TailOutcome {
  const boundary = o.unit === 'user-turn' ? lastUserTurnsStart(history, o.keepLastN) : history.length;
  const from = o.settled?.index ?? 0;
  const turns: number[] = [];
  let assistants = o.settled?.assistants ?? 0;
  for (let i = from; i < history.length; i++) {
    const m = history[i]!;
    if (m.role !== 'assistant') continue;
    assistants++;
    if (hasCalls(m)) turns.push(i);
  }
  const strip = selectToolTurns(history, turns, o, boundary, from);
  const stripIds = new Set<string>();
  let toolCallsStripped = 0;
  let assistantMessagesRemoved = 0;
  for (const i of strip) {
    const m = history[i]!;
    for (const tc of m.tool_calls!) { stripIds.add(tc.id); toolCallsStripped++; }
    if (isEmptyContent(m)) assistantMessagesRemoved++; // removing the calls leaves the content as it is
  }
  // reasoning goes from all but the last N surviving assistant messages (or, per user turn, from every
  // assistant message before the protected turns)
  const reasoningBefore = Math.max(0, assistants - assistantMessagesRemoved - o.keepLastN);

  const out: Message[] = [];
  let toolResultsRemoved = 0;
  let reasoningStripped = 0;
  let survivor = o.settled?.assistants ?? 0; // every assistant message of the settled prefix survives
  let s = 0; // next entry of `strip` (ascending)
  for (let i = from; i < history.length; i++) {
    const from = history[i]!;
    let m = from;
    if (m.role === 'tool') {
      if (stripIds.size > 0 && m.tool_call_id !== undefined && stripIds.has(m.tool_call_id)) {
        toolResultsRemoved++;
        o.onChange?.(from, undefined);
        continue;
      }
    } else if (m.role === 'assistant') {
      if (s < strip.length && strip[s] === i) {
        s++;
        m = withoutCalls(m);
        if (isEmptyContent(m)) {
          o.onChange?.(from, undefined);
          continue;
        }
      }
      const losesReasoning = o.unit === 'user-turn' ? i < boundary : survivor < reasoningBefore;
      survivor++;
      if (losesReasoning && hasReasoning(m)) {
        m = withoutReasoning(m);
        reasoningStripped++;
      }
    }
    if (m !== from) o.onChange?.(from, m);
    out.push(m);
  }
  return {
    from, tail: out,
    toolTurnsStripped: strip.length, toolCallsStripped, toolResultsRemoved, assistantMessagesRemoved, reasoningStripped,
  };
}

/** True when the outcome changed nothing. */
export const stripIsNoop = (o: StripCounts): boolean =>
  o.toolTurnsStripped === 0 && o.toolResultsRemoved === 0 && o.reasoningStripped === 0;

/**
 * `settled` moved forward over `history[settled.index:]` as far as the prefix stays settled (no tool
 * result, no assistant message with calls or reasoning): after a run, everything before the first turn
 * it kept. O(messages passed).
 */
export function settledPrefix(history: readonly Message[], settled: Settled): Settled {
  let { index, assistants } = settled;
  for (; index < history.length; index++) {
    const m = history[index]!;
    if (m.role === 'tool') break;
    if (m.role === 'assistant') {
      if (hasCalls(m) || hasReasoning(m)) break;
      assistants++;
    }
  }
  return { index, assistants };
}
