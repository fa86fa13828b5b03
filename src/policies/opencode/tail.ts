/**
 * Which recent messages a compaction keeps verbatim (Kilo/newer opencode `select` + `splitTurn`):
 * the last `tailTurns` user turns, newest first, while they fit `budget` tokens (chars/4 of their JSON);
 * a turn that does not fit is split at the first message boundary from which the rest fits. Everything
 * before the tail is summarized. Compaction markers do not start turns.
 *
 * OpenAI-format adaptation: opencode keeps a tool call and its output in one message, so any message
 * boundary is safe there; here a split never starts at a `tool` message, which would orphan the result.
 */
import type { Message } from '../../core/messages.js';
import { roughJson } from '../shared/rough.js';
import { userIndices } from '../shared/turns.js';

/**
 * Index where the kept tail starts (history.length = nothing kept, everything summarized). `tailTurns` < 0
 * is `tail_turns` unset (sst/opencode @ 31e22f65): every turn is a candidate, newest first, within `budget`.
 */
export function selectTail(history: readonly Message[], tailTurns: number, budget: number,
  isMarker: (m: Message) => boolean): number {
  if (tailTurns === 0) return history.length;
  const starts = userIndices(history, isMarker);
  if (starts.length === 0) return history.length;
  const recent = tailTurns < 0 ? starts : starts.slice(-tailTurns);
  let total = 0;
  let keep: number | undefined;
  for (let t = recent.length - 1; t >= 0; t--) {
    const start = recent[t]!;
    const end = t + 1 < recent.length ? recent[t + 1]! : history.length;
    const size = roughJson(history, start, end);
    if (total + size <= budget) {
      total += size;
      keep = start;
      continue;
    }
    const split = splitTurn(history, start, end, budget - total);
    if (split !== undefined) keep = split;
    break;
  }
  return keep === undefined || keep === 0 ? history.length : keep;
}

function splitTurn(history: readonly Message[], start: number, end: number, budget: number): number | undefined {
  if (budget <= 0 || end - start <= 1) return undefined;
  for (let s = start + 1; s < end; s++) {
    if (history[s]!.role === 'tool') continue;
    if (roughJson(history, s, end) <= budget) return s;
  }
  return undefined;
}
