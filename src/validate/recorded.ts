/**
 * What the replay reads off a recorded session besides the messages: which calls have complete usage,
 * when each request was sent, where each request's history starts, and how big the unlogged system
 * block is.
 */
import { isoEpoch } from '../workload/import/time.js';
import type { CompactionPoint, ImportedTrace, RecordedCall } from '../workload/import/types.js';

export type CompleteCall = RecordedCall & Required<Pick<RecordedCall, 'input' | 'cacheRead' | 'cacheWrite'>>;

export const isComplete = (c: RecordedCall): c is CompleteCall =>
  c.input !== undefined && c.cacheRead !== undefined && c.cacheWrite !== undefined;

export const promptOf = (c: CompleteCall): number => c.input + c.cacheRead + c.cacheWrite;

/**
 * First history message of the request for the call at `msgIndex`: after the last compaction point
 * before it (Claude Code restarts its history at the summary message), else the first message.
 */
export function historyStart(compactions: readonly CompactionPoint[], msgIndex: number, hasSystem: boolean): number {
  let start = hasSystem ? 1 : 0;
  for (const p of compactions) if (p.beforeMsgIndex < msgIndex && p.beforeMsgIndex > start) start = p.beforeMsgIndex;
  return start;
}

/**
 * When each request was sent, in seconds since the first, non-decreasing. A request goes out when its
 * last input arrived: the latest recorded time among the messages since the previous call's response
 * (tool results, the user message). Without one, the call's own timestamp (its first response block).
 * The cache entry a request writes lives from the send time, so TTL gaps are measured between sends.
 */
export function requestTimes(trace: ImportedTrace, calls: readonly RecordedCall[]): number[] {
  const { startEpoch = 0, times } = trace.meta;
  let prevIndex = -1;
  const raw = calls.map((c) => {
    let t: number | undefined;
    for (let i = prevIndex + 1; i < c.msgIndex; i++) {
      const ti = times?.[i];
      if (ti != null && (t === undefined || ti > t)) t = ti;
    }
    prevIndex = c.msgIndex;
    if (t !== undefined) return startEpoch + t;
    return isoEpoch(c.timestamp) ?? (times?.[c.msgIndex] != null ? startEpoch + times[c.msgIndex]! : undefined);
  });
  const first = raw.find((t) => t !== undefined) ?? 0;
  let prev = 0;
  return raw.map((t) => (prev = Math.max(prev, t === undefined ? prev : t - first)));
}

/**
 * The size of the system block (system prompt + tool schemas) where the recording shows it: the smallest
 * cache read of a request that read less than its predecessor had cached (a compaction, a re-render, an
 * expiry keeps only the prefix up to the system block's breakpoint). Undefined when no call shows it or
 * when it would not fit in the first prompt; the caller then falls back to "first prompt minus messages".
 */
export function measuredSystemTokens(calls: readonly CompleteCall[], tolerance: number): number | undefined {
  let best: number | undefined;
  for (let k = 1; k < calls.length; k++) {
    const prev = calls[k - 1]!;
    const c = calls[k]!;
    const expected = prev.cacheRead + prev.cacheWrite;
    if (c.cacheRead > 0 && c.cacheRead < expected - tolerance * promptOf(c) && (best === undefined || c.cacheRead < best)) best = c.cacheRead;
  }
  const first = calls[0];
  return best !== undefined && first && best < promptOf(first) ? best : undefined;
}
