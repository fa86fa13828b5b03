/**
 * The message model: OpenAI chat-completions format, as agents store it.
 *
 * Messages are treated as immutable values everywhere in compactbench. The harness freezes every
 * message when it enters history, so a policy that edits one in place fails loudly (and is reported
 * as a policy failure) instead of silently corrupting the replay.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool';
export const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } };

export interface Message {
  role: Role;
  content: string | ContentPart[] | null;
  /** assistant: the calls it makes */
  tool_calls?: ToolCall[];
  /** tool: the call this result answers */
  tool_call_id?: string;
  /** tool: the tool's name (OpenAI legacy field, kept by many agents) */
  name?: string;
  /** reasoning fields agents keep and send back (Hermes, OpenRouter, DeepSeek, Gemini) */
  reasoning?: string;
  reasoning_content?: string;
  reasoning_details?: unknown[];
  /** Hermes marks its summary message with this key (stripped on the wire). */
  _compressed_summary?: boolean;
}

/** Text of a message's content: the string, or its text parts joined by newlines. */
export function contentText(msg: Pick<Message, 'content'>): string {
  const c = msg.content;
  if (c == null) return '';
  if (typeof c === 'string') return c;
  let out = '';
  for (const part of c) {
    if (part.type === 'text') out = out.length ? `${out}\n${part.text}` : part.text;
  }
  return out;
}

/** Number of image parts in a message's content. */
export function imageCount(msg: Pick<Message, 'content'>): number {
  const c = msg.content;
  if (c == null || typeof c === 'string') return 0;
  let n = 0;
  for (const part of c) if (part.type === 'image_url') n++;
  return n;
}

/**
 * A per-message memo slot (token count, content hash), attached as a hidden, non-enumerable property
 * when the harness freezes a message. Why: a WeakMap lookup per message per step touches a hash table
 * that grows with the session, so per-step cost crept up with history length; a slot on the message
 * itself is read from memory the step touches anyway. Invisible to JSON, Object.keys and equality.
 */
export const MEMO: unique symbol = Symbol('compactbench.memo');
export interface MessageMemo {
  tokens?: number;
  hash?: number;
  /** passed the harness's check of a policy's result (sim/policy-call.ts validateResult) */
  valid?: true;
  /** the chars/4 estimate agents' own policies use (policies/shared/rough.ts) */
  rough?: number;
  /** what the needs meter reads of the message (sim/needs-meter.ts), tagged with whose reading it is */
  needs?: unknown;
}

/**
 * A new slot, every field present (unset): all slots share one object shape, so the reads on every step
 * (`memo.tokens`, `memo.hash`, `memo.rough`) stay monomorphic whichever field was filled first.
 */
const newMemo = (): MessageMemo => ({ tokens: undefined, hash: undefined, valid: undefined, rough: undefined, needs: undefined }) as unknown as MessageMemo;

/** The memo slot of a frozen message, if the harness attached one. */
export function memoOf(msg: Message): MessageMemo | undefined {
  return (msg as { [MEMO]?: MessageMemo })[MEMO];
}

/** Shallow-freezes a message and its nested arrays (not deep into reasoning_details). O(size of structure). */
export function freezeMessage<M extends Message>(msg: M): M {
  if (Object.isFrozen(msg)) return msg;
  if (Object.isExtensible(msg)) Object.defineProperty(msg, MEMO, { value: newMemo(), enumerable: false });
  if (Array.isArray(msg.content)) {
    for (const p of msg.content) Object.freeze(p);
    Object.freeze(msg.content);
  }
  if (msg.tool_calls) {
    for (const tc of msg.tool_calls) {
      Object.freeze(tc.function);
      Object.freeze(tc);
    }
    Object.freeze(msg.tool_calls);
  }
  return Object.freeze(msg);
}

/** Freezes `v` and everything reachable from it (frozen objects are still walked: their children may not be). */
function freezeDeep(v: unknown): void {
  if (!v || typeof v !== 'object') return;
  for (const k of Object.keys(v)) freezeDeep((v as Record<string, unknown>)[k]);
  Object.freeze(v);
}

const deeplyFrozen = new WeakSet<Message>();

/**
 * `freezeMessage`, then every nested object too (an image part's `image_url`, a call's `function`,
 * `reasoning_details` entries), once per message. Checked runs use it, so a policy that edits
 * `part.image_url.detail` on a message it was given fails as a mutation instead of going unseen.
 */
export function deepFreezeMessage<M extends Message>(msg: M): M {
  if (deeplyFrozen.has(msg)) return msg;
  freezeMessage(msg);
  freezeDeep(msg);
  deeplyFrozen.add(msg);
  return msg;
}

export const sys = (content: string): Message => ({ role: 'system', content });
export const user = (content: string): Message => ({ role: 'user', content });
export const assistant = (content: string | null, tool_calls?: ToolCall[]): Message =>
  tool_calls && tool_calls.length ? { role: 'assistant', content, tool_calls } : { role: 'assistant', content };
export const toolResult = (tool_call_id: string, content: string, name?: string): Message =>
  name === undefined ? { role: 'tool', tool_call_id, content } : { role: 'tool', tool_call_id, name, content };
export const call = (id: string, name: string, args: unknown): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});
