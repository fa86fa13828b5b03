/**
 * Hermes' rough token estimators as upstream runs them now (agent/model_metadata.py @ 00067189dfec,
 * read from source: no conformance data covers them):
 * - `estimate_tokens_rough(text)`: ASCII text is ceil(chars/4) as before; otherwise each CJK, Hangul
 *   or Kana code point (and full/half-width form) is 1 token and the rest is ceil(UTF-8 bytes/4), so
 *   Cyrillic, Greek or Arabic text counts about twice what chars/4 gave;
 * - `estimate_messages_tokens_rough(msgs)`: rounded per message (the sum of each message's
 *   ceil(...)/4), no longer once over the list, plus each image at the per-image cost learned from the
 *   provider's usage (image-cost.ts; 1,500 until a vision turn calibrates it, PR #104575);
 * - the tail/prune budget estimate reads both: string content and tool calls through the new
 *   `estimate_tokens_rough`, images at the learned cost × 4 chars.
 * Not modelled: the wire shadow's drops of `reasoning_details`, persistence-only keys, `reasoning`
 * duplicated in `reasoning_content` and the `api_content` sidecar (the simulator's messages carry none).
 */
import {
  CHARS_PER_TOKEN,
  REPLAY_BUDGET_KEYS,
  RunningRoughEstimate,
  serializedLength,
  estimateTokensRough,
  estimateMessagesTokensRough,
  estimateMsgBudgetTokens,
  isImagePart,
  messageChars,
} from '../estimate.js';
import { isDict, type PyMsg } from '../msg.js';
import { hermesMemo } from '../msg-memo.js';
import { pyRepr, pyTruthy } from '../pyrepr.js';
import { replaceLoneSurrogates } from '../pystr.js';
import { estimateMsgBudgetTokens416 } from '../v0000416b/budget.js';
import { reprRoughTokens, stringsAllAscii } from './repr-tokens.js';

/** What the compressor and the agent loop estimate with (one per upstream version). */
export interface RoughEstimator {
  /** `estimate_tokens_rough(text)` */
  text(s: string): number;
  /** `estimate_messages_tokens_rough(msgs)` */
  messages(msgs: readonly PyMsg[]): number;
  /** the same over a list that grows at its end, kept as running sums */
  running(): { of(msgs: readonly PyMsg[]): number };
  /** `_estimate_msg_budget_tokens(msg)` */
  budget(m: PyMsg): number;
}

export const ESTIMATOR_8FA8AABB: RoughEstimator = {
  text: estimateTokensRough,
  messages: estimateMessagesTokensRough,
  running: () => new RunningRoughEstimate(),
  budget: estimateMsgBudgetTokens,
};

export const ESTIMATOR_0000416B: RoughEstimator = { ...ESTIMATOR_8FA8AABB, budget: estimateMsgBudgetTokens416 };

const CJK_DENSE = /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
const encoder = new TextEncoder();

/** `estimate_tokens_rough` @ 00067189: dense CJK code points 1 token each, the rest ceil(UTF-8 bytes / 4). */
export function estimateTokensRoughCurrent(text: string): number {
  if (!text) return 0;
  if (!NON_ASCII.test(text)) return Math.floor((text.length + 3) / CHARS_PER_TOKEN);
  let dense = 0;
  const rest = text.replace(CJK_DENSE, () => {
    dense++;
    return '';
  });
  // errors="replace": a lone surrogate encodes as "?" (1 byte)
  return dense + Math.floor((encoder.encode(replaceLoneSurrogates(rest)).length + 3) / CHARS_PER_TOKEN);
}

/** The dict upstream takes `str()` of: images stubbed, multimodal content as its summary, Anthropic blocks dropped. */
function shadowOf(msg: PyMsg): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in msg) {
    const v = msg[k];
    if (v === undefined || k === '_anthropic_content_blocks') continue;
    if (k === 'content' && Array.isArray(v)) out[k] = v.map((p) => (isImagePart(p) ? { type: (p as Record<string, unknown>).type, image: '[stripped]' } : p));
    else if (k === 'content' && isDict(v) && v._multimodal) out[k] = v.text_summary ?? '';
    else out[k] = v;
  }
  return out;
}

/** A message's text tokens (its shadow's `str()` through the current estimate), memoized. */
function messageTextTokens(m: PyMsg): number {
  const memo = hermesMemo(m);
  if (memo.textCurrent !== undefined) return memo.textCurrent;
  // an all-ASCII message has an all-ASCII repr, whose length estimate.ts measures without building it
  const ascii = stringsAllAscii(m) || !NON_ASCII.test(JSON.stringify(m));
  // else the estimate of its repr, measured without building it (./repr-tokens.ts)
  return (memo.textCurrent = ascii ? Math.floor((messageChars(m) + 3) / CHARS_PER_TOKEN) : reprRoughTokens(shadowOf(m)));
}

function imageCount(m: PyMsg): number {
  let n = 0;
  const c = m.content as unknown;
  if (Array.isArray(c)) for (const p of c) if (isImagePart(p)) n++;
  const stashed = m._anthropic_content_blocks;
  if (Array.isArray(stashed)) for (const p of stashed) if (isDict(p) && p.type === 'image') n++;
  if (isDict(c) && c._multimodal && Array.isArray(c.content)) for (const p of c.content) if (isDict(p) && (p.type === 'image' || p.type === 'image_url')) n++;
  return n;
}

/** The per-image cost the estimates read (image-cost.ts keeps it up to date). */
export interface ImageCost {
  readonly tokens: number;
}

export function currentEstimator(cost: ImageCost): RoughEstimator {
  const perMessage = (m: PyMsg): number => messageTextTokens(m) + imageCount(m) * cost.tokens;
  const messages = (msgs: readonly PyMsg[]): number => {
    let t = 0;
    for (const m of msgs) t += perMessage(m);
    return t;
  };
  return {
    text: estimateTokensRoughCurrent,
    messages,
    running: () => new RunningSum(perMessage),
    budget: (m) => budgetCurrent(m, cost.tokens),
  };
}

/** Per-message sums of a list that grows at its end (same first message, same message at the old last index). */
class RunningSum {
  private first?: object;
  private last?: object;
  private n = 0;
  private sum = 0;
  constructor(private readonly perMessage: (m: PyMsg) => number) {}
  of(msgs: readonly PyMsg[]): number {
    let from = 0;
    if (this.n > 0 && msgs.length >= this.n && msgs[0] === this.first && msgs[this.n - 1] === this.last) from = this.n;
    else this.sum = 0;
    for (let i = from; i < msgs.length; i++) this.sum += this.perMessage(msgs[i]!);
    this.n = msgs.length;
    this.first = msgs[0];
    this.last = msgs[msgs.length - 1];
    return this.sum;
  }
}

/** `_estimate_msg_budget_tokens` with the current text estimate and the learned image cost. */
function budgetCurrent(msg: PyMsg, imageTokens: number): number {
  const memo = hermesMemo(msg);
  const hit = memo.budgetCurrent;
  if (hit !== undefined && hit.imageTokens === imageTokens) return hit.t;
  const c = pyTruthy(msg.content) ? (msg.content as unknown) : '';
  let t: number;
  if (typeof c === 'string') t = estimateTokensRoughCurrent(c) + 10;
  else if (Array.isArray(c)) {
    let chars = 0;
    for (const p of c) {
      if (typeof p === 'string') chars += [...p].length;
      else if (!isDict(p)) chars += pyRepr(p).length;
      else if (isImagePart(p)) chars += imageTokens * CHARS_PER_TOKEN;
      else chars += typeof p.text === 'string' ? [...p.text].length : 0;
    }
    t = Math.floor(chars / CHARS_PER_TOKEN) + 10;
  } else t = Math.floor(pyRepr(c).length / CHARS_PER_TOKEN) + 10;
  const tcs = msg.tool_calls;
  if (Array.isArray(tcs)) for (const tc of tcs) if (isDict(tc)) t += estimateTokensRoughCurrent(pyRepr(tc));
  for (const key of REPLAY_BUDGET_KEYS) t += Math.floor(serializedLength(msg[key]) / CHARS_PER_TOKEN);
  memo.budgetCurrent = { imageTokens, t };
  return t;
}
