/**
 * Hermes' prune pre-pass (agent/context_compressor.py `_prune_old_tool_results` @ 8fa8aabb):
 * 1. dedup identical tool outputs of 200+ chars over the WHOLE list (md5(content)[:12]; the newest copy
 *    stays, older ones become a back-reference);
 * 2. before the protected tail: image parts of tool results become a text placeholder, and string
 *    outputs over 200 chars become a one-line summary;
 * 3. before the protected tail: tool-call arguments over 500 chars have long string leaves truncated
 *    inside the parsed JSON and are re-serialised (so they stay valid JSON).
 * The protected tail is a token-budget walk with a message-count floor.
 */
import { estimateMsgBudgetTokens, isImagePart } from './estimate.js';
import { isDict, nonEmptyList, type PyMsg } from './msg.js';
import { hermesMemo } from './msg-memo.js';
import { objectSlot } from './object-slot.js';
import { memoizedLoads, PyJsonError, pyJsonDumps, pyJsonLoads } from './pyjson.js';
import { pyLen, pySlice, replaceLoneSurrogates } from './pystr.js';
import { summarizeToolResult } from './tool-summary.js';

export const PRUNED_TOOL_PLACEHOLDER = '[Old tool output cleared to save context space]';
export const DUPLICATE_PLACEHOLDER = '[Duplicate tool output — same content as a more recent call]';
export const SCREENSHOT_PLACEHOLDER = '[screenshot removed to save context]';

export interface PruneDetail {
  dedup: number[];
  summarized: number[];
  image_stripped: number[];
  args_truncated: number[];
}

export interface PruneResult {
  messages: PyMsg[];
  /** upstream's returned count (dedup + summaries + image strips; argument truncation not counted) */
  prunedCount: number;
  detail: PruneDetail;
  /** first index of the protected tail */
  boundary: number;
}

/** Index where the protected tail starts: budget walk, floored at `min(count, n)` messages. */
export function pruneBoundary(msgs: readonly PyMsg[], protectTailCount: number, protectTailTokens?: number): number {
  const n = msgs.length;
  if (!(protectTailTokens !== undefined && protectTailTokens > 0)) return n - protectTailCount;
  const minProtect = Math.min(protectTailCount, n);
  let acc = 0;
  let boundary = n;
  for (let i = n - 1; i >= 0; i--) {
    const t = estimateMsgBudgetTokens(msgs[i]!);
    if (acc + t > protectTailTokens && n - i >= minProtect) {
      boundary = i;
      break;
    }
    acc += t;
    boundary = i;
  }
  return n - Math.max(n - boundary, minProtect);
}

/**
 * Upstream keys the dedup on md5(content.encode("utf-8", errors="replace"))[:12]. Equal keys mean equal
 * encoded text (a 48-bit collision aside, which no real history hits), so the encoded text itself is the
 * key. The keys seen are grouped by length (replacing lone surrogates keeps the length), so a new output
 * is compared only with the earlier ones of its length: no digest and no hash of the whole text, and
 * two different texts of one length usually differ in their first characters.
 */
class SeenTexts {
  private readonly byLength = new Map<number, string[]>();
  /** true when `key` was added before; adds it otherwise */
  check(key: string): boolean {
    const same = this.byLength.get(key.length);
    if (same === undefined) {
      this.byLength.set(key.length, [key]);
      return false;
    }
    for (const k of same) if (k === key) return true;
    same.push(key);
    return false;
  }
}

/**
 * What the passes measure of a tool message's string content, memoized per message object (messages
 * are immutable; the content is compared in case one was not): its Python length and its dedup key.
 * Why: every compaction prunes the whole list again, and measuring each long output (a surrogate scan)
 * twice per call was a large part of the pass.
 */
export function textFacts(m: PyMsg, content: string): { len: number; key: string } {
  const memo = hermesMemo(m);
  let f = memo.facts;
  if (f === undefined || f.content !== content) {
    f = { content, len: pyLen(content), key: replaceLoneSurrogates(content) };
    memo.facts = f;
  }
  return f;
}

/**
 * The messages the passes make from a message, memoized per message object: the same input gives the
 * same output object at every compaction (and in every session replaying the same workload), so the
 * memos on the output (estimates, the summary's serialisation, the simulator's counts) hold too.
 */
function duplicateOf(m: PyMsg): PyMsg {
  const memo = hermesMemo(m);
  return (memo.duplicate ??= { ...m, content: DUPLICATE_PLACEHOLDER });
}

/** `m` with its output replaced by the one-line summary of a call of `name` with `args`. */
export function summarizedOf(m: PyMsg, name: unknown, args: unknown, content: string, loads: (s: string) => unknown): PyMsg {
  const memo = hermesMemo(m);
  const hit = memo.summarized;
  if (hit !== undefined && hit.name === name && hit.args === args && hit.content === content) return hit.out;
  const out = { ...m, content: summarizeToolResult(name, args, content, loads) };
  memo.summarized = { name, args, content, out };
  return out;
}

/** `_truncate_tool_call_args_json`: shrink string leaves over `head` chars; non-JSON stays as is. */
export function truncateToolCallArgsJson(args: string, head = 200, loads: (s: string) => unknown = pyJsonLoads): string {
  let parsed: unknown;
  try {
    parsed = loads(args);
  } catch (e) {
    if (e instanceof PyJsonError) return args;
    throw e;
  }
  const shrink = (v: unknown): unknown => {
    if (typeof v === 'string') return pyLen(v) > head ? pySlice(v, 0, head) + '...[truncated]' : v;
    if (v instanceof Map) return new Map([...v.entries()].map(([k, x]) => [k, shrink(x)]));
    if (Array.isArray(v)) return v.map(shrink);
    return v;
  };
  return pyJsonDumps(shrink(parsed));
}

/**
 * `truncateToolCallArgsJson` of a call's arguments, memoized per `function` object (immutable): a call
 * whose arguments are long but have nothing to shrink stays as it is and is parsed again at every
 * compaction otherwise.
 */
const truncatedMemo = objectSlot<{ args: string; shrunk: string }>();
function truncatedArgsOf(fn: object, args: string, loads: (s: string) => unknown): string {
  const hit = truncatedMemo.get(fn);
  if (hit !== undefined && hit.args === args) return hit.shrunk;
  const shrunk = truncateToolCallArgsJson(args, 200, loads);
  truncatedMemo.set(fn, { args, shrunk });
  return shrunk;
}

/** call id → (name, arguments), later assistant calls overwriting earlier ones. */
export function toolIndex(msgs: readonly PyMsg[]): Map<unknown, [unknown, unknown]> {
  const idx = new Map<unknown, [unknown, unknown]>();
  for (const m of msgs) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const tc of m.tool_calls) {
      if (!isDict(tc)) continue;
      const fn = isDict(tc.function) ? tc.function : {};
      idx.set('id' in tc ? tc.id : '', ['name' in fn ? fn.name : 'unknown', 'arguments' in fn ? fn.arguments : '']);
    }
  }
  return idx;
}

export function dedupPass(result: PyMsg[], detail: PruneDetail): number {
  const seen = new SeenTexts();
  let n = 0;
  for (let i = result.length - 1; i >= 0; i--) {
    const m = result[i]!;
    if (m.role !== 'tool' || typeof m.content !== 'string') continue;
    const f = textFacts(m, m.content);
    if (f.len < 200) continue;
    if (seen.check(f.key)) {
      result[i] = duplicateOf(m);
      detail.dedup.push(i);
      n++;
    }
  }
  detail.dedup.reverse();
  return n;
}

function summarizePass(result: PyMsg[], boundary: number, detail: PruneDetail, loads: (s: string) => unknown): number {
  const calls = toolIndex(result);
  let n = 0;
  for (let i = 0; i < boundary; i++) {
    const m = result[i]!;
    if (m.role !== 'tool') continue;
    const c = m.content;
    if (Array.isArray(c)) {
      if (c.some(isImagePart)) {
        result[i] = { ...m, content: c.map((p) => (isImagePart(p) ? { type: 'text', text: SCREENSHOT_PLACEHOLDER } : p)) };
        detail.image_stripped.push(i);
        n++;
      }
      continue;
    }
    if (isDict(c) && c._multimodal) {
      const summary = typeof c.text_summary === 'string' && c.text_summary ? c.text_summary : SCREENSHOT_PLACEHOLDER;
      result[i] = { ...m, content: `[screenshot removed] ${pySlice(summary, 0, 200)}` };
      detail.image_stripped.push(i);
      n++;
      continue;
    }
    if (typeof c !== 'string' || !c || c === PRUNED_TOOL_PLACEHOLDER || c.startsWith('[Duplicate tool output')) continue;
    if (textFacts(m, c).len > 200) {
      const [name, args] = calls.get('tool_call_id' in m ? m.tool_call_id : '') ?? ['unknown', ''];
      result[i] = summarizedOf(m, name, args, c, loads);
      detail.summarized.push(i);
      n++;
    }
  }
  return n;
}

/** The assistant message with long call arguments shrunk, or `m` itself when none shrinks. */
function withTruncatedArgs(m: PyMsg, calls: unknown[], loads: (s: string) => unknown): PyMsg {
  let modified = false;
  const tcs = calls.map((tc) => {
    if (!isDict(tc)) return tc;
    const fn = isDict(tc.function) ? tc.function : {};
    const args = 'arguments' in fn ? fn.arguments : '';
    if (typeof args !== 'string' || pyLen(args) <= 500) return tc;
    const shrunk = truncatedArgsOf(fn, args, loads);
    if (shrunk === args) return tc;
    modified = true;
    return { ...tc, function: { ...fn, arguments: shrunk } };
  });
  return modified ? { ...m, tool_calls: tcs } : m;
}

/** `withTruncatedArgs`, memoized per message object (see `duplicateOf`). */
export function truncatedMessageOf(m: PyMsg, calls: unknown[], loads: (s: string) => unknown): PyMsg {
  const memo = hermesMemo(m);
  const hit = memo.truncated;
  if (hit !== undefined && hit.calls === calls) return hit.out;
  const out = withTruncatedArgs(m, calls, loads);
  memo.truncated = { calls, out };
  return out;
}

function truncateArgsPass(result: PyMsg[], boundary: number, detail: PruneDetail, loads: (s: string) => unknown): void {
  for (let i = 0; i < boundary; i++) {
    const m = result[i]!;
    if (m.role !== 'assistant' || !nonEmptyList(m.tool_calls)) continue;
    const out = truncatedMessageOf(m, m.tool_calls, loads);
    if (out !== m) {
      result[i] = out;
      detail.args_truncated.push(i);
    }
  }
}

/** `_prune_old_tool_results(messages, protect_tail_count, protect_tail_tokens)`; input untouched. */
export function pruneOldToolResults(msgs: readonly PyMsg[], protectTailCount: number, protectTailTokens?: number): PruneResult {
  const detail: PruneDetail = { dedup: [], summarized: [], image_stripped: [], args_truncated: [] };
  if (msgs.length === 0) return { messages: [], prunedCount: 0, detail, boundary: 0 };
  const result = [...msgs];
  const boundary = pruneBoundary(result, protectTailCount, protectTailTokens);
  let count = dedupPass(result, detail);
  // a call's arguments are parsed by the summary of its result and again by the argument truncation
  const loads = memoizedLoads();
  count += summarizePass(result, boundary, detail, loads);
  truncateArgsPass(result, boundary, detail, loads);
  return { messages: result, prunedCount: count, detail, boundary };
}
