/**
 * Real trajectories reuse tool-call ids (SWE-agent function-calling trajectories repeat one id across
 * steps). Kept as recorded, results pair with the wrong call and every replay reports invariant
 * violations that are the trace's, not the policy's. So each result is paired with the latest
 * unanswered call of its id — the one the agent just made — and repeated ids are made unique
 * deterministically (`<id>~2`, `<id>~3`, ... by order of appearance), every rewrite recorded.
 */
import type { Message } from '../../core/messages.js';

export interface IdRewrite {
  /** index of the rewritten message */
  msgIndex: number;
  role: 'assistant' | 'tool';
  from: string;
  to: string;
}

/** Rewrites `messages` in place (fresh message objects where changed); returns what was rewritten. */
export function uniquifyToolCallIds(messages: Message[]): IdRewrite[] {
  const rewrites: IdRewrite[] = [];
  const uses = new Map<string, number>();
  const taken = new Set<string>();
  for (const m of messages) for (const c of m.role === 'assistant' ? (m.tool_calls ?? []) : []) taken.add(c.id);
  /** recorded id -> the (possibly renamed) ids of its calls not yet answered, oldest first */
  const open = new Map<string, string[]>();
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && m.tool_calls?.length) {
      let changed = false;
      const calls = m.tool_calls.map((c) => {
        const n = (uses.get(c.id) ?? 0) + 1;
        uses.set(c.id, n);
        let id = c.id;
        if (n > 1) {
          let k = n;
          while (taken.has(`${c.id}~${k}`)) k++;
          id = `${c.id}~${k}`;
          taken.add(id);
          rewrites.push({ msgIndex: i, role: 'assistant', from: c.id, to: id });
          changed = true;
        }
        const q = open.get(c.id) ?? [];
        q.push(id);
        open.set(c.id, q);
        return id === c.id ? c : { ...c, id };
      });
      if (changed) messages[i] = { ...m, tool_calls: calls };
    } else if (m.role === 'tool' && m.tool_call_id !== undefined) {
      const q = open.get(m.tool_call_id);
      const id = q?.pop();
      if (id !== undefined && id !== m.tool_call_id) {
        rewrites.push({ msgIndex: i, role: 'tool', from: m.tool_call_id, to: id });
        messages[i] = { ...m, tool_call_id: id };
      }
    }
  });
  return rewrites;
}
