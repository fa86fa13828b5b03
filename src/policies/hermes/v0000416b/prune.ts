/**
 * `_prune_old_tool_results` at 0000416b (agent/context_compressor.py @ 0000416b34a3). What changed
 * since 8fa8aabb (prune.ts):
 * - the message-count floor of the protected tail is capped at 8 (`_MAX_TAIL_MESSAGE_FLOOR`, #61932);
 * - a tool output already reduced to a one-line summary (`[...` with " chars)", under 400 chars) or a
 *   screenshot placeholder is left alone, and the size floor is a parameter (`min_prune_chars`: 200
 *   for compression, `proactive_prune_min_result_chars` for the proactive prune);
 * - pass 4, the pressure pass (#61932): when the protected tail alone is over 1.5 × its token budget,
 *   large tool outputs and call arguments inside it are demoted too, oldest first, keeping the newest
 *   3 messages until it fits; then every protected tool output but the newest; and as a last resort
 *   the newest one as well.
 * Pass 1 (dedup over the whole list) and the one-line summaries are 8fa8aabb's, shared with prune.ts.
 */
import { isImagePart } from '../estimate.js';
import { isDict, nonEmptyList, type PyMsg } from '../msg.js';
import { memoizedLoads } from '../pyjson.js';
import { pyLen, pySlice } from '../pystr.js';
import {
  dedupPass,
  PRUNED_TOOL_PLACEHOLDER,
  SCREENSHOT_PLACEHOLDER,
  summarizedOf,
  textFacts,
  toolIndex,
  truncatedMessageOf,
  type PruneDetail,
} from '../prune.js';
import { MAX_TAIL_MESSAGE_FLOOR } from '../tail-cut.js';
import { estimateMsgBudgetTokens416 } from './budget.js';

type Budget = (m: PyMsg) => number;

/** `_PRESSURE_KEEP_RECENT_MESSAGES` */
const PRESSURE_KEEP_RECENT = 3;

export interface PruneResult416 {
  messages: PyMsg[];
  /** upstream's returned count (dedup, summaries and image strips, the pressure pass's included) */
  prunedCount: number;
  detail: PruneDetail;
  /** tool outputs the pressure pass demoted inside the protected tail */
  pressureDemoted: number[];
  /** first index of the protected tail */
  boundary: number;
}

/** The prune boundary: a budget walk floored at min(count, n, 8) messages, or the last `count` messages. */
function pruneBoundary416(msgs: readonly PyMsg[], count: number, tokens: number | undefined, budget: Budget): number {
  const n = msgs.length;
  if (!(tokens !== undefined && tokens > 0)) return n - count;
  const minProtect = Math.min(count, n, MAX_TAIL_MESSAGE_FLOOR);
  let acc = 0;
  let boundary = n;
  for (let i = n - 1; i >= 0; i--) {
    const t = budget(msgs[i]!);
    if (acc + t > tokens && n - i >= minProtect) {
      boundary = i;
      break;
    }
    acc += t;
    boundary = i;
  }
  return n - Math.max(n - boundary, minProtect);
}

/** Already a one-line summary or a placeholder: pruning it again would change nothing useful. */
function alreadyReduced(c: string): boolean {
  return (
    c === PRUNED_TOOL_PLACEHOLDER ||
    c.startsWith('[Duplicate tool output') ||
    (c.startsWith('[') && c.includes(' chars)') && pyLen(c) < 400) ||
    c.startsWith('[screenshot removed')
  );
}

class Pruner {
  readonly detail: PruneDetail = { dedup: [], summarized: [], image_stripped: [], args_truncated: [] };
  readonly pressureDemoted: number[] = [];
  count = 0;
  private readonly calls: Map<unknown, [unknown, unknown]>;
  private readonly loads = memoizedLoads(); // a call's arguments are parsed by its result's summary and by the truncation

  constructor(
    readonly result: PyMsg[],
    private readonly minPruneChars: number,
  ) {
    this.calls = toolIndex(result);
  }

  /** `_demote_tool_result_at`: true when the tool output at `i` was replaced. */
  demote(i: number, pressure: boolean): boolean {
    const m = this.result[i]!;
    if (m.role !== 'tool') return false;
    const c = m.content;
    if (Array.isArray(c)) {
      if (!c.some(isImagePart)) return false;
      this.result[i] = { ...m, content: c.map((p) => (isImagePart(p) ? { type: 'text', text: SCREENSHOT_PLACEHOLDER } : p)) };
      return this.hit(i, this.detail.image_stripped, pressure);
    }
    if (isDict(c) && c._multimodal) {
      const summary = typeof c.text_summary === 'string' && c.text_summary ? c.text_summary : SCREENSHOT_PLACEHOLDER;
      this.result[i] = { ...m, content: `[screenshot removed] ${pySlice(summary, 0, 200)}` };
      return this.hit(i, this.detail.image_stripped, pressure);
    }
    if (typeof c !== 'string' || !c || alreadyReduced(c)) return false;
    if (textFacts(m, c).len <= this.minPruneChars) return false;
    const [name, args] = this.calls.get('tool_call_id' in m ? m.tool_call_id : '') ?? ['unknown', ''];
    this.result[i] = summarizedOf(m, name, args, c, this.loads);
    return this.hit(i, this.detail.summarized, pressure);
  }

  private hit(i: number, list: number[], pressure: boolean): true {
    list.push(i);
    if (pressure) this.pressureDemoted.push(i);
    this.count++;
    return true;
  }

  /** `_truncate_tool_call_args_at`: true when long call arguments at `i` were shrunk. */
  truncate(i: number): boolean {
    const m = this.result[i]!;
    if (m.role !== 'assistant' || !nonEmptyList(m.tool_calls)) return false;
    const out = truncatedMessageOf(m, m.tool_calls, this.loads);
    if (out === m) return false;
    this.result[i] = out;
    this.detail.args_truncated.push(i);
    return true;
  }
}

/** Pass 4: demote inside the protected tail until it fits 1.5 × the budget (see the file comment). */
function pressurePass(p: Pruner, boundary: number, tailTokens: number, budget: Budget): void {
  const r = p.result;
  const n = r.length;
  const soft = Math.trunc(tailTokens * 1.5);
  const from = Math.max(0, boundary);
  const demoteEnd = n - Math.min(PRESSURE_KEEP_RECENT, n);
  // the protected region's estimate, kept as messages are replaced (upstream re-sums it each time)
  let region = 0;
  for (let i = from; i < n; i++) region += budget(r[i]!);
  const track = (i: number, changed: () => boolean): void => {
    const before = budget(r[i]!);
    if (changed()) region += budget(r[i]!) - before;
  };
  if (!(demoteEnd > boundary && region > soft)) return;
  for (let i = from; i < demoteEnd; i++) {
    track(i, () => p.demote(i, true));
    track(i, () => p.truncate(i));
    if (region <= soft) break;
  }
  if (region <= soft) return;
  let lastTool = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (r[i]!.role === 'tool') {
      lastTool = i;
      break;
    }
  }
  for (let i = from; i < n; i++) {
    if (i === lastTool) continue;
    if (r[i]!.role === 'tool') track(i, () => p.demote(i, true));
    else if (r[i]!.role === 'assistant') track(i, () => p.truncate(i));
  }
  if (lastTool >= 0 && lastTool >= boundary && region > soft) track(lastTool, () => p.demote(lastTool, true));
}

const ascending = (xs: number[]): number[] => xs.sort((a, b) => a - b);

/**
 * `_prune_old_tool_results(messages, protect_tail_count, protect_tail_tokens, min_prune_chars)`; the
 * input is untouched. Without a token budget the tail is the last `protectTailCount` messages and the
 * pressure pass does not run (the proactive prune's form).
 */
export function pruneOldToolResults416(
  msgs: readonly PyMsg[],
  protectTailCount: number,
  protectTailTokens?: number,
  minPruneChars = 200,
  budget: Budget = estimateMsgBudgetTokens416,
): PruneResult416 {
  const empty: PruneDetail = { dedup: [], summarized: [], image_stripped: [], args_truncated: [] };
  if (msgs.length === 0) return { messages: [], prunedCount: 0, detail: empty, pressureDemoted: [], boundary: 0 };
  const result = [...msgs];
  const boundary = pruneBoundary416(result, protectTailCount, protectTailTokens, budget);
  const p = new Pruner(result, minPruneChars);
  p.count += dedupPass(result, p.detail);
  for (let i = 0; i < Math.max(0, boundary); i++) p.demote(i, false);
  for (let i = 0; i < Math.max(0, boundary); i++) p.truncate(i);
  if (protectTailTokens !== undefined && protectTailTokens > 0) pressurePass(p, boundary, protectTailTokens, budget);
  const d = p.detail;
  const detail = { dedup: d.dedup, summarized: ascending(d.summarized), image_stripped: ascending(d.image_stripped), args_truncated: ascending(d.args_truncated) };
  return { messages: result, prunedCount: p.count, detail, pressureDemoted: ascending(p.pressureDemoted), boundary };
}
