/**
 * Post-assembly clean-up in Hermes (agent/context_compressor.py @ 8fa8aabb):
 * - `_sanitize_tool_pairs`: delete tool results whose call id (`call_id` or `id`) has no surviving
 *   assistant call, and strip assistant calls that lost their result (dropping the key when none are
 *   left, with "(tool call removed)" as content if it was empty). Nothing is inserted: upstream stopped
 *   inserting stub results because a later repair pass could drop them again.
 * - `_strip_historical_media`: images before the newest image-bearing user message become text.
 */
import { isImagePart } from './estimate.js';
import { isDict, nonEmptyList, type PyMsg } from './msg.js';
import { pyStrip } from './pystr.js';

export interface SanitizeResult {
  messages: PyMsg[];
  /** distinct orphaned result call ids (what upstream logs) */
  orphanResults: number;
  /** distinct call ids whose results were missing */
  orphanCalls: number;
  /** the orphaned result ids (their messages were deleted) */
  orphanedIds: ReadonlySet<unknown>;
}

/** `_get_tool_call_id`: `call_id` first, then `id`. */
export function toolCallId(tc: unknown): unknown {
  if (!isDict(tc)) return '';
  return tc.call_id || tc.id || '';
}

export function sanitizeToolPairs(msgs: readonly PyMsg[]): SanitizeResult {
  const surviving = new Set<unknown>();
  const results = new Set<unknown>();
  for (const m of msgs) {
    if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      for (const tc of m.tool_calls) {
        const id = toolCallId(tc);
        if (id) surviving.add(id);
      }
    }
    if (m.role === 'tool' && m.tool_call_id) results.add(m.tool_call_id);
  }
  const orphaned = new Set([...results].filter((id) => !surviving.has(id)));
  const missing = new Set([...surviving].filter((id) => !results.has(id)));
  let out: PyMsg[] = orphaned.size ? msgs.filter((m) => !(m.role === 'tool' && orphaned.has(m.tool_call_id))) : [...msgs];
  if (missing.size) out = out.map((m) => stripMissingCalls(m, missing));
  return { messages: out, orphanResults: orphaned.size, orphanCalls: missing.size, orphanedIds: orphaned };
}

function stripMissingCalls(m: PyMsg, missing: ReadonlySet<unknown>): PyMsg {
  if (m.role !== 'assistant' || !nonEmptyList(m.tool_calls)) return m;
  const kept = m.tool_calls.filter((tc) => !missing.has(toolCallId(tc)));
  if (kept.length === m.tool_calls.length) return m;
  if (kept.length) return { ...m, tool_calls: kept };
  const { tool_calls: _gone, ...rest } = m as Record<string, unknown>;
  const c = rest.content;
  if (!c || (typeof c === 'string' && !pyStrip(c)) || (Array.isArray(c) && c.length === 0)) rest.content = '(tool call removed)';
  return rest;
}

function hasImages(content: unknown): boolean {
  return Array.isArray(content) && content.some(isImagePart);
}

/** `_strip_historical_media(messages)`; returns the same array when nothing changed. */
export function stripHistoricalMedia(msgs: PyMsg[]): PyMsg[] {
  let anchor = -1;
  for (let i = msgs.length - 1; i >= 0; i--) {
    if (msgs[i]!.role === 'user' && hasImages(msgs[i]!.content)) {
      anchor = i;
      break;
    }
  }
  if (anchor <= 0) return msgs;
  let changed = false;
  const out = msgs.map((m, i) => {
    if (i >= anchor || !hasImages(m.content)) return m;
    changed = true;
    const parts = (m.content as unknown[]).map((p) =>
      isImagePart(p) ? { type: 'text', text: '[Attached image — stripped after compression]' } : p,
    );
    return { ...m, content: parts };
  });
  return changed ? out : msgs;
}
