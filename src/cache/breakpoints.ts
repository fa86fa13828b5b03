/**
 * Where an agent puts its Anthropic `cache_control` breakpoints: part of the workload, since it decides
 * which cache entries exist and so what survives an edit. Each preset returns message indices (ascending);
 * a mark on a message is a mark on its last content block.
 *
 * - `auto`: Claude Code — one mark on the system prompt and tools, and "exactly one message-level
 *   cache_control marker per request" on the last message (`addCacheBreakpoints`,
 *   services/api/claude.ts, as quoted from the restored Claude Code source in public analyses).
 * - `system_and_3`: Hermes Agent — the system prompt plus the last 3 non-system messages (4 without a
 *   system prompt); NousResearch/hermes-agent agent/prompt_caching.py @ 09ffeaec0c93 (legacy layout,
 *   native Anthropic, where every message can carry a marker).
 * - `swe-agent`: SWE-agent `CacheControlHistoryProcessor` — the last `last_n_messages = 2` messages whose
 *   role is user or tool, older marks cleared (rolling), no mark on the system prompt;
 *   SWE-agent/SWE-agent sweagent/agent/history_processors.py @ 318f9091 (shared/reference/policies.md §5).
 * - `none`: no marks, so nothing is ever cached.
 *
 * Cost: O(1) for `auto` and `system_and_3`; `swe-agent` scans back to the second user/tool message, which
 * in an agent transcript is a few messages away.
 */
import type { Message } from '../core/messages.js';

export type BreakpointPreset = 'auto' | 'system_and_3' | 'swe-agent' | 'none';
export const BREAKPOINT_PRESETS: readonly BreakpointPreset[] = ['auto', 'system_and_3', 'swe-agent', 'none'];

export function breakpointIndices(preset: BreakpointPreset, request: readonly Message[]): number[] {
  const n = request.length;
  if (n === 0) return [];
  const hasSystem = request[0]!.role === 'system';
  switch (preset) {
    case 'none':
      return [];
    case 'auto':
      return hasSystem && n > 1 ? [0, n - 1] : [n - 1];
    case 'system_and_3':
      return [...(hasSystem ? [0] : []), ...lastMatching(request, hasSystem ? 3 : 4, (m) => m.role !== 'system')];
    case 'swe-agent':
      return lastMatching(request, 2, (m) => m.role === 'user' || m.role === 'tool');
  }
}

/** Indices of the last `count` messages satisfying `pred`, ascending. */
function lastMatching(request: readonly Message[], count: number, pred: (m: Message) => boolean): number[] {
  const out: number[] = [];
  for (let i = request.length - 1; i >= 0 && out.length < count; i--) if (pred(request[i]!)) out.push(i);
  return out.reverse();
}
