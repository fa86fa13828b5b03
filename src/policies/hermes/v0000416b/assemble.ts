/**
 * Assembling the compacted list at 0000416b (agent/context_compressor.py `compress`, phase 4 @
 * 0000416b34a3). Beside 8fa8aabb's assembly (assemble.ts):
 * - an earlier handoff in the head or the tail is not carried forward: a standalone one is dropped
 *   (its body already rides the previous summary), a merged one is unwrapped to the real tail content
 *   it held;
 * - roles are read from the assembled (post-strip) head and tail, and with no tail there is nothing
 *   to collide with;
 * - the summary is forced to role=user when the window starts the list, as when only the system
 *   prompt precedes it (#52160); a forced user summary merged into the first tail message goes
 *   BEFORE that message's text, ending with the end marker, so the live request still follows it;
 * - summary rows carry `_compressed_summary_has_user_turn`.
 */
import { assembleHead } from '../assemble.js';
import { appendTextToContent, keptCopy, type PyMsg } from '../msg.js';
import { COMPRESSED_SUMMARY_KEY, MERGED_PRIOR_CONTEXT_HEADER, MERGED_SUMMARY_DELIMITER, SUMMARY_END_MARKER } from '../summary-text.js';
import { HAS_USER_TURN_KEY, stripHandoffMessage } from './handoff.js';

export interface Assembly416 {
  messages: PyMsg[];
  role: 'user' | 'assistant';
  merge: boolean;
  /** merged as a forced user-leading summary: before the tail message's text, not after it */
  prepended: boolean;
  /** messages before the summary (or before the tail message it was merged into) */
  headLength: number;
}

export interface AssemblyInput {
  msgs: readonly PyMsg[];
  start: number;
  end: number;
  /** where the tail starts after the restart scan (past a summary beyond `end`) */
  tailStart: number;
  summaryIndices: ReadonlySet<number>;
  summary: string;
  hasUserTurn: boolean;
}

const roleOrUser = (m: PyMsg): unknown => ('role' in m ? m.role : 'user');

function chooseRole(head: readonly PyMsg[], tail: readonly PyMsg[], start: number): { role: 'user' | 'assistant'; merge: boolean; forced: boolean } {
  const lastHead = head.length ? roleOrUser(head[head.length - 1]!) : 'user';
  const firstTail = tail.length ? roleOrUser(tail[0]!) : undefined;
  let forced = start === 0 || lastHead === 'system';
  if (!forced && !head.some((m) => m.role === 'user') && !tail.some((m) => m.role === 'user')) forced = true;
  let role: 'user' | 'assistant' = lastHead === 'assistant' || lastHead === 'tool' || forced ? 'user' : 'assistant';
  let merge = false;
  if (firstTail !== undefined && role === firstTail) {
    const flipped = role === 'user' ? 'assistant' : 'user';
    if (flipped !== lastHead && !forced) role = flipped;
    else merge = tail.length > 0;
  }
  return { role, merge, forced };
}

function mergeInto(msg: PyMsg, summary: string, userLeading: boolean, hasUserTurn: boolean): PyMsg {
  const copy: Record<string, unknown> = { ...msg };
  const old = 'content' in copy ? copy.content : '';
  copy.content = userLeading
    ? appendTextToContent(old, `${summary}\n\n${SUMMARY_END_MARKER}\n\n`, true)
    : appendTextToContent(appendTextToContent(old, `\n\n${MERGED_SUMMARY_DELIMITER}\n\n${summary}\n\n${SUMMARY_END_MARKER}`), `${MERGED_PRIOR_CONTEXT_HEADER}\n`, true);
  copy[COMPRESSED_SUMMARY_KEY] = true;
  copy[HAS_USER_TURN_KEY] = hasUserTurn;
  return copy;
}

export function assemble416(a: AssemblyInput): Assembly416 {
  const head: PyMsg[] = [];
  for (const m of assembleHead(a.msgs, a.start)) {
    const kept = stripHandoffMessage(m);
    if (kept) head.push(kept);
  }
  const tail: PyMsg[] = [];
  for (let i = Math.max(a.end, a.tailStart); i < a.msgs.length; i++) {
    if (a.summaryIndices.has(i) && i >= a.tailStart) continue;
    const kept = stripHandoffMessage(keptCopy(a.msgs[i]!));
    if (kept) tail.push(kept);
  }
  const { role, merge, forced } = chooseRole(head, tail, a.start);
  const out = [...head];
  if (!merge) {
    out.push({ role, content: `${a.summary}\n\n${SUMMARY_END_MARKER}`, [COMPRESSED_SUMMARY_KEY]: true, [HAS_USER_TURN_KEY]: a.hasUserTurn });
  }
  tail.forEach((m, i) => out.push(merge && i === 0 ? mergeInto(m, a.summary, forced && role === 'user', a.hasUserTurn) : m));
  return { messages: out, role, merge, prepended: merge && forced && role === 'user', headLength: head.length };
}
