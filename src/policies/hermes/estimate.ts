/**
 * Hermes' two token estimators, ported from NousResearch/hermes-agent @ 8fa8aabb:
 * - the whole-list estimate (agent/model_metadata.py `estimate_messages_tokens_rough`): the length of
 *   Python's `str()` of each message dict (images replaced by a stub), ceiling /4 once over the list,
 *   plus 1500 per image;
 * - the per-message budget estimate used by the prune boundary and the tail walk
 *   (agent/context_compressor.py `_estimate_msg_budget_tokens`): content chars //4 + 10, plus
 *   `len(str(tool_call))//4` per call and the JSON length //4 of each reasoning/replay field.
 * Both are memoized per message object (msg-memo.ts): histories reuse the same objects step after step.
 */
import { pyLen } from './pystr.js';
import { pyJsonDumps } from './pyjson.js';
import { pyReprLen, reprStrLen } from './pyrepr.js';
import type { PyMsg } from './msg.js';
import { hermesMemo } from './msg-memo.js';
import { objectSlot } from './object-slot.js';

export const CHARS_PER_TOKEN = 4;
export const IMAGE_CHAR_EQUIVALENT = 1600 * CHARS_PER_TOKEN;
const LIST_IMAGE_TOKENS = 1500;
export const IMAGE_PART_TYPES: ReadonlySet<unknown> = new Set(['image_url', 'input_image', 'image']);
export const REPLAY_BUDGET_KEYS = ['reasoning', 'reasoning_content', 'reasoning_details', 'codex_reasoning_items', 'codex_message_items'];

const isDict = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
export const isImagePart = (p: unknown): boolean => isDict(p) && IMAGE_PART_TYPES.has(p.type);

/** `estimate_tokens_rough(text)`: ceil(len/4), 0 for empty. */
export function estimateTokensRough(text: string): number {
  return text ? Math.floor((pyLen(text) + 3) / 4) : 0;
}

function imageCountOf(msg: PyMsg): number {
  let n = 0;
  const c = msg.content as unknown;
  if (Array.isArray(c)) for (const p of c) if (isImagePart(p)) n++;
  const stashed = msg._anthropic_content_blocks;
  if (Array.isArray(stashed)) for (const p of stashed) if (isDict(p) && p.type === 'image') n++;
  if (isDict(c) && c._multimodal && Array.isArray(c.content)) {
    for (const p of c.content) if (isDict(p) && (p.type === 'image' || p.type === 'image_url')) n++;
  }
  return n;
}

/**
 * `len(repr(tool_call))`, memoized per call object: both estimators measure every call (the whole-list
 * estimate inside the message, the budget estimate on its own), and its arguments are often the
 * longest string of a message.
 */
const toolCallMemo = objectSlot<number>();
export function toolCallReprLen(tc: unknown): number {
  if (tc === null || typeof tc !== 'object') return pyReprLen(tc);
  let n = toolCallMemo.get(tc);
  if (n === undefined) {
    n = pyReprLen(tc);
    toolCallMemo.set(tc, n);
  }
  return n;
}

/** `len(str(shadow))` of one message. */
export function messageChars(msg: PyMsg): number {
  const memo = hermesMemo(msg);
  return (memo.chars ??= shadowReprLen(msg));
}

/**
 * `len(str(shadow))`, where the shadow is the dict upstream takes `str()` of: the message with image
 * parts stubbed, multimodal dict content as its text summary and Anthropic blocks dropped. Measured
 * key by key without building the shadow (same keys, same order, same values).
 */
function shadowReprLen(msg: PyMsg): number {
  let n = 2;
  let count = 0;
  for (const k in msg) {
    const v = msg[k];
    if (v === undefined || k === '_anthropic_content_blocks') continue;
    let len: number;
    if (k === 'content' && Array.isArray(v)) {
      len = v.length > 1 ? 2 * v.length : 2;
      for (const p of v) len += pyReprLen(isImagePart(p) ? { type: (p as Record<string, unknown>).type, image: '[stripped]' } : p);
    } else if (k === 'tool_calls' && Array.isArray(v)) {
      len = v.length > 1 ? 2 * v.length : 2;
      for (const tc of v) len += toolCallReprLen(tc);
    } else if (k === 'content' && isDict(v) && v._multimodal) {
      len = pyReprLen(v.text_summary ?? '');
    } else len = pyReprLen(v);
    n += reprStrLen(k) + 2 + len;
    count++;
  }
  return count > 1 ? n + 2 * (count - 1) : n;
}

/** `estimate_messages_tokens_rough(messages)`. */
export function estimateMessagesTokensRough(msgs: readonly PyMsg[]): number {
  let chars = 0;
  let images = 0;
  for (const m of msgs) {
    const memo = hermesMemo(m);
    chars += memo.chars ??= shadowReprLen(m);
    images += memo.images ??= imageCountOf(m);
  }
  return Math.floor((chars + 3) / 4) + images * LIST_IMAGE_TOKENS;
}

/**
 * `estimate_messages_tokens_rough` of a list that mostly grows at its end: keeps the character and image
 * sums of the last list it measured and, when the next list continues it (same first message, same
 * message at its last index), adds only the new messages. Anything else is measured in full.
 */
export class RunningRoughEstimate {
  private first?: object;
  private last?: object;
  private n = 0;
  private chars = 0;
  private images = 0;

  of(msgs: readonly PyMsg[]): number {
    let from = 0;
    if (this.n > 0 && msgs.length >= this.n && msgs[0] === this.first && msgs[this.n - 1] === this.last) from = this.n;
    else this.chars = this.images = 0;
    for (let i = from; i < msgs.length; i++) {
      const m = msgs[i]!;
      const memo = hermesMemo(m);
      this.chars += memo.chars ??= shadowReprLen(m);
      this.images += memo.images ??= imageCountOf(m);
    }
    this.n = msgs.length;
    this.first = msgs[0];
    this.last = msgs[msgs.length - 1];
    return Math.floor((this.chars + 3) / 4) + this.images * LIST_IMAGE_TOKENS;
  }
}

/** `estimate_request_tokens_rough(messages, system_prompt=...)` without tool schemas. */
export function estimateRequestTokensRough(msgs: readonly PyMsg[], systemPrompt = ''): number {
  return estimateTokensRough(systemPrompt) + (msgs.length ? estimateMessagesTokensRough(msgs) : 0);
}

/** `_content_length_for_budget`: text chars plus 6400 per image part. */
export function contentLengthForBudget(raw: unknown): number {
  if (typeof raw === 'string') return pyLen(raw);
  if (!Array.isArray(raw)) return pyReprLenOrEmpty(raw);
  let total = 0;
  for (const p of raw) {
    if (typeof p === 'string') total += pyLen(p);
    else if (!isDict(p)) total += pyReprLen(p);
    else if (IMAGE_PART_TYPES.has(p.type)) total += IMAGE_CHAR_EQUIVALENT;
    else total += typeof p.text === 'string' ? pyLen(p.text) : 0;
  }
  return total;
}

/** `len(str(raw or ""))` for a non-list, non-string content. */
function pyReprLenOrEmpty(raw: unknown): number {
  if (raw === null || raw === undefined || raw === false || raw === 0) return 0;
  return pyReprLen(raw);
}

/** `_serialized_length_for_budget`: str length, or the sorted-keys JSON length. */
export function serializedLength(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'string') return pyLen(v);
  return pyLen(pyJsonDumps(v, { sortKeys: true }));
}

/** `_estimate_msg_budget_tokens(msg)`. */
export function estimateMsgBudgetTokens(msg: PyMsg): number {
  const memo = hermesMemo(msg);
  if (memo.budget !== undefined) return memo.budget;
  const c = msg.content as unknown;
  let t = Math.floor(contentLengthForBudget(c === null || c === undefined || c === '' ? '' : c) / CHARS_PER_TOKEN) + 10;
  const tcs = msg.tool_calls;
  if (Array.isArray(tcs)) for (const tc of tcs) if (isDict(tc)) t += Math.floor(toolCallReprLen(tc) / CHARS_PER_TOKEN);
  for (const key of REPLAY_BUDGET_KEYS) t += Math.floor(serializedLength(msg[key]) / CHARS_PER_TOKEN);
  memo.budget = t;
  return t;
}
