/**
 * Token counting: exact o200k_base counts through gpt-tokenizer, memoized, and the rough chars/4
 * estimate that agents' own policies use.
 *
 * Why memoize per string and per message object: a session replays the same messages on every step,
 * so without a cache the simulator would re-tokenize the whole history each step (cost growing with
 * history length). With it, a message is tokenized once, when it first appears. Policies that copy a
 * message keep the same content string, which hits the string cache.
 */
import { countTokens } from './bpe.js';
import { freezeMessage, imageCount, memoOf, type Message } from './messages.js';

/** Tokens charged per image part (Anthropic/OpenAI bill ~1.6k for a typical screenshot). */
export const IMAGE_TOKENS = 1600;
/** Per-message framing overhead of the chat format (role markers), as OpenAI documents it. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export interface TokenCounter {
  /** exact o200k tokens of a text */
  count(text: string): number;
  /** exact tokens of a message as sent: content, tool-call names and arguments, reasoning, framing */
  message(msg: Message): number;
  /** sum of `message` over a list (O(n); prefer incremental sums on hot paths) */
  messages(msgs: readonly Message[]): number;
  /** ceil(chars/4): the rough estimate most agents use */
  rough(text: string): number;
  /** record a count known in advance (e.g. by the generator), so the text need not be tokenized */
  prime(text: string, tokens: number): void;
}

export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface TokenCounterOptions {
  /** largest string kept in the memo table, in characters (bigger ones are still counted) */
  maxMemoChars?: number;
}

export function createTokenCounter(_opts: TokenCounterOptions = {}): TokenCounter {
  const byText = new Map<string, number>();
  const byMessage = new WeakMap<Message, number>();

  const count = (text: string): number => {
    if (text.length === 0) return 0;
    const hit = byText.get(text);
    if (hit !== undefined) return hit;
    const n = countTokens(text);
    byText.set(text, n);
    return n;
  };

  const message = (msg: Message): number => {
    const memo = memoOf(msg);
    if (memo?.tokens !== undefined) return memo.tokens;
    const hit = memo ? undefined : byMessage.get(msg);
    if (hit !== undefined) return hit;
    let n = MESSAGE_OVERHEAD_TOKENS;
    const c = msg.content;
    if (typeof c === 'string') n += count(c);
    else if (c) {
      for (const part of c) if (part.type === 'text') n += count(part.text);
      n += imageCount(msg) * IMAGE_TOKENS;
    }
    if (msg.tool_calls) {
      for (const tc of msg.tool_calls) n += count(tc.function.name) + count(tc.function.arguments) + 3;
    }
    if (msg.reasoning) n += count(msg.reasoning);
    if (msg.reasoning_content) n += count(msg.reasoning_content);
    if (msg.reasoning_details && msg.reasoning_details.length) n += count(JSON.stringify(msg.reasoning_details));
    if (memo) memo.tokens = n;
    else byMessage.set(msg, n);
    return n;
  };

  return {
    count,
    message,
    messages: (msgs) => {
      let n = 0;
      for (const m of msgs) n += message(m);
      return n;
    },
    rough: roughTokens,
    prime: (text, tokens) => {
      byText.set(text, tokens);
    },
  };
}

/**
 * o200k's split cannot cross from `x` into `y`: the pieces of `x + y` are those of `x`, then those of `y`,
 * so `count(x + y) = count(x) + count(y)`.
 *
 * The rule: o200k splits text into pieces by a regex (bpe.ts) and counts each on its own. When `x` ends
 * with an ASCII punctuation character and a line break (`]\n`, `:\n`), its last piece is a punctuation
 * run and that line break: the letter patterns take a punctuation character only in front of a letter,
 * and a line break follows it, so only the punctuation pattern matches there, and the pieces before it
 * end before it as they do in `x` alone. That pattern takes in further line breaks and slashes only, so
 * if `y` starts with none of `\r`, `\n`, `/`, the piece ends at the junction in `x + y` as in `x`, and the
 * split restarts there as on `y` alone (the regex looks nowhere behind). Texts with a special-token
 * marker are left to the library (bpe.ts). Checked against the full count in test/core/tokens.test.ts.
 */
export function splitsBetween(x: string, y: string): boolean {
  const n = x.length;
  if (n < 2 || x.charCodeAt(n - 1) !== 10 || !isAsciiPunct(x.charCodeAt(n - 2)) || y.length === 0) return false;
  const first = y.charCodeAt(0);
  return first !== 13 && first !== 10 && first !== 47 && !x.includes('<|') && !y.includes('<|');
}

/** `[^\s\p{L}\p{N}]` within ASCII: the printable characters that are neither letters nor digits. */
const isAsciiPunct = (c: number): boolean =>
  (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);

/**
 * Exact tokens of `x + y`, counted as `count(x) + count(y)` (both usually memoized or primed) when o200k's
 * split cannot cross the junction (`splitsBetween`), and recorded for the joined text; counted whole
 * otherwise.
 *
 * Why: a policy that appends fresh text to a fixed one on every event (recent-tools-summary merges its
 * running summary into the task message) would otherwise tokenize the whole joined text each time. Pass
 * `joined` (equal to `x + y`) when it is the very string that will be counted again: a long string is
 * hashed once for the memo, not once per copy.
 */
export function joinedCount(tokens: TokenCounter, x: string, y: string, joined: string = x + y): number {
  if (!splitsBetween(x, y)) return tokens.count(joined);
  const n = tokens.count(x) + tokens.count(y);
  tokens.prime(joined, n);
  return n;
}

/**
 * `{ role, content }`, frozen, with its exact count recorded in its memo slot: `contentTokens` is the
 * exact o200k count of `content`, known by construction (`splitsBetween`, a primed summary), so no
 * counter tokenizes the text, nor hashes it for the memo by text. Why: a summary message is new at every
 * compaction and ~10k characters long; counting it whole was a good part of what a compaction cost.
 * The count is `message`'s for that message: framing plus content.
 */
export function messageWithCount(role: Message['role'], content: string, contentTokens: number): Message {
  const msg = freezeMessage({ role, content });
  memoOf(msg)!.tokens = MESSAGE_OVERHEAD_TOKENS + contentTokens;
  return msg;
}
