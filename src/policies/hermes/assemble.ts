/**
 * Assembling Hermes' compacted list (agent/context_compressor.py `compress`, phase 4 @ 8fa8aabb):
 * head copies (a system message at index 0 gets the compaction note once), then the summary, then
 * the tail copies.
 *
 * Role choice: user after an assistant/tool head (or when forced: the head is only the system prompt,
 * or no user message survives in head or tail), assistant otherwise; on a collision with the first
 * tail role, flip unless that collides with the head (or the role is forced) — then MERGE the summary
 * into the first tail message instead, with the tail's own text first as delimited "prior context".
 */
import { appendTextToContent, contentTextForContains, freshCopy, roleOr, type PyMsg } from './msg.js';
import {
  COMPRESSED_SUMMARY_KEY,
  MERGED_PRIOR_CONTEXT_HEADER,
  MERGED_SUMMARY_DELIMITER,
  SUMMARY_END_MARKER,
  SYSTEM_COMPRESSION_NOTE,
} from './summary-text.js';

export interface RoleChoice {
  role: 'user' | 'assistant';
  merge: boolean;
}

/** The summary's role (or a merge) given the messages around the compressed window. */
export function chooseSummaryRole(msgs: readonly PyMsg[], start: number, end: number): RoleChoice {
  const n = msgs.length;
  const lastHead = start > 0 ? roleOr(msgs[start - 1]!, 'user') : 'user';
  const firstTail = end < n ? roleOr(msgs[end]!, 'user') : 'user';
  let force = lastHead === 'system';
  if (!force) {
    const userIn = (a: number, b: number) => msgs.slice(a, b).some((m) => m.role === 'user');
    if (!userIn(0, start) && !userIn(end, n)) force = true;
  }
  let role: 'user' | 'assistant' = lastHead === 'assistant' || lastHead === 'tool' || force ? 'user' : 'assistant';
  let merge = false;
  if (role === firstTail) {
    const flipped = role === 'user' ? 'assistant' : 'user';
    if (flipped !== lastHead && !force) role = flipped;
    else merge = true;
  }
  return { role, merge };
}

/** Head copies; the system message (index 0) gets the compaction note appended once. */
export function assembleHead(msgs: readonly PyMsg[], start: number): PyMsg[] {
  const out: PyMsg[] = [];
  for (let i = 0; i < start; i++) {
    const msg = freshCopy(msgs[i]!);
    if (i === 0 && msg.role === 'system') {
      const existing = msg.content;
      if (!contentTextForContains(existing).includes(SYSTEM_COMPRESSION_NOTE)) {
        const text = typeof existing === 'string' && existing ? `\n\n${SYSTEM_COMPRESSION_NOTE}` : SYSTEM_COMPRESSION_NOTE;
        msg.content = appendTextToContent(existing, text);
      }
    }
    out.push(msg);
  }
  return out;
}

/** The standalone summary message (with the end marker). */
export function summaryMessage(role: string, summary: string): PyMsg {
  return { role, content: `${summary}\n\n${SUMMARY_END_MARKER}`, [COMPRESSED_SUMMARY_KEY]: true };
}

/** The first tail message with the summary merged in after its own (delimited) content. */
export function mergeIntoTail(msg: PyMsg, summary: string): PyMsg {
  const copy = freshCopy(msg);
  const old = 'content' in copy ? copy.content : '';
  const suffix = `\n\n${MERGED_SUMMARY_DELIMITER}\n\n${summary}\n\n${SUMMARY_END_MARKER}`;
  copy.content = appendTextToContent(appendTextToContent(old, suffix), `${MERGED_PRIOR_CONTEXT_HEADER}\n`, true);
  copy[COMPRESSED_SUMMARY_KEY] = true;
  return copy;
}
