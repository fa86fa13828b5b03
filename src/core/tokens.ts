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
import { imageCount, memoOf, type Message } from './messages.js';

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
 * Exact tokens of `x + y`, counted as `count(x) + count(y)` (both usually memoized or primed) when o200k's
 * split cannot cross the junction, and recorded for the joined text; counted whole otherwise.
 *
 * Why: a policy that appends fresh text to a fixed one on every event (recent-tools-summary merges its
 * running summary into the task message) would otherwise tokenize the whole joined text each time. The
 * rule: o200k splits text into pieces by a regex (bpe.ts) and counts each on its own. When `x` ends with
 * `]\n`, its last piece is a punctuation run and the line break (the only pattern that takes `]`, as
 * letters do not follow it); that piece takes in further line breaks and slashes only, so if `y` starts
 * with none of `\r`, `\n`, `/`, the piece ends at the junction in `x + y` as in `x`, the split restarts
 * there as on `y` alone (the regex looks nowhere behind), and the pieces of `x + y` are those of `x`
 * then those of `y`. Texts with a special-token marker are left to the library (bpe.ts). Checked against
 * the full count in test/core/tokens.test.ts. Pass `joined` (equal to `x + y`) when it is the very string
 * that will be counted again: a long string is hashed once for the memo, not once per copy.
 */
export function joinedCount(tokens: TokenCounter, x: string, y: string, joined: string = x + y): number {
  const first = y.charCodeAt(0);
  const clean = x.endsWith(']\n') && y.length > 0 && first !== 13 && first !== 10 && first !== 47 && !x.includes('<|') && !y.includes('<|')
    && !(x.endsWith('<') && y.startsWith('|'));
  if (!clean) return tokens.count(joined);
  const n = tokens.count(x) + tokens.count(y);
  tokens.prime(joined, n);
  return n;
}
