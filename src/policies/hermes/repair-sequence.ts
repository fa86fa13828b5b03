/**
 * Hermes' pre-request role-alternation repair (NousResearch/hermes-agent @ 8fa8aabb:
 * agent/agent_runtime_helpers.py `repair_message_sequence`, L361-557, called on the live history
 * before every API call by agent/conversation_loop.py L787-803, and so after every compaction: the
 * preflight runs before the loop, and the pre-API, post-response and 413 compactions `continue` back
 * to the loop top).
 *
 * Why the port needs it: `compress()` can leave two assistant messages in a row — on the agent path
 * the head decays to nothing, and when the tail cut splits a call from its results the sanitiser
 * deletes the results, so an assistant summary lands next to an assistant tail message. Upstream never
 * sends that: this pass merges them before the request. It rewrites history (upstream assigns
 * `messages[:]`), so later requests keep the merged form.
 *
 * Three passes, each only when needed:
 * 0. consecutive assistants (not Codex interim turns) merge: tool_calls concatenated, string contents
 *    stripped and joined with "\n" (or the later content taken when the earlier one is empty), the
 *    later `reasoning_content` carried only when the earlier has none;
 * 1. tool results whose id is not among the calls of the newest assistant before them (ids are
 *    consumed once, and a user message closes the run) are dropped;
 * 2. consecutive users with string content merge with "\n\n" (list content is left alone).
 * Never mutates its input; returns the input itself when nothing was repaired.
 */
import { isDict, type PyMsg } from './msg.js';
import { pyStrip } from './pystr.js';

export interface SequenceRepair {
  messages: readonly PyMsg[];
  /** how many merges and drops were made (0: `messages` is the input) */
  repairs: number;
}

/** Python truthiness for the JSON-like values messages hold. */
function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return !!v;
}

/** Codex Responses interim turns carry replay state and are never merged. */
function isCodexInterim(m: PyMsg): boolean {
  return truthy(m.codex_reasoning_items) || truthy(m.codex_message_items) || m.finish_reason === 'incomplete';
}

const callsOf = (m: PyMsg): unknown[] => (Array.isArray(m.tool_calls) ? m.tool_calls : []);

/** The later assistant `msg` folded into the earlier one (a new dict). */
function mergeAssistants(prev: PyMsg, msg: PyMsg): PyMsg {
  const out: Record<string, unknown> = { ...prev };
  const newCalls = callsOf(msg);
  if (newCalls.length) out.tool_calls = [...callsOf(prev), ...newCalls];
  const a = prev.content;
  const b = msg.content;
  if (typeof a === 'string' && typeof b === 'string') {
    out.content = [pyStrip(a), pyStrip(b)].filter((p) => p).join('\n');
  } else if (!truthy(a) && b !== null && b !== undefined) {
    out.content = b;
  }
  if (!truthy(prev.reasoning_content) && truthy(msg.reasoning_content)) out.reasoning_content = msg.reasoning_content;
  return out;
}

function mergeConsecutiveAssistants(msgs: readonly PyMsg[]): { out: PyMsg[]; repairs: number } {
  const out: PyMsg[] = [];
  let repairs = 0;
  for (const m of msgs) {
    const prev = out[out.length - 1];
    if (prev && m.role === 'assistant' && prev.role === 'assistant' && !isCodexInterim(m) && !isCodexInterim(prev)) {
      out[out.length - 1] = mergeAssistants(prev, m);
      repairs++;
      continue;
    }
    out.push(m);
  }
  return { out, repairs };
}

function dropStrayToolResults(msgs: readonly PyMsg[]): { out: PyMsg[]; repairs: number } {
  const out: PyMsg[] = [];
  let repairs = 0;
  let known = new Set<unknown>();
  for (const m of msgs) {
    if (m.role === 'assistant') {
      known = new Set();
      for (const tc of callsOf(m)) {
        if (!isDict(tc)) continue;
        if (truthy(tc.id)) known.add(tc.id);
        if (truthy(tc.call_id)) known.add(tc.call_id);
      }
    } else if (m.role === 'tool') {
      const id = m.tool_call_id;
      if (!truthy(id) || !known.has(id)) {
        repairs++;
        continue;
      }
      known.delete(id); // a second result for the same call is a duplicate
    } else if (m.role === 'user') {
      known = new Set();
    }
    out.push(m);
  }
  return { out, repairs };
}

function mergeConsecutiveUsers(msgs: readonly PyMsg[]): { out: PyMsg[]; repairs: number } {
  const out: PyMsg[] = [];
  let repairs = 0;
  for (const m of msgs) {
    const prev = out[out.length - 1];
    if (prev && m.role === 'user' && prev.role === 'user') {
      const a = 'content' in prev ? prev.content : '';
      const b = 'content' in m ? m.content : '';
      if (typeof a === 'string' && typeof b === 'string') {
        out[out.length - 1] = { ...prev, content: a && b ? `${a}\n\n${b}` : a || b };
        repairs++;
        continue;
      }
    }
    out.push(m);
  }
  return { out, repairs };
}

/** Whether the tool result at `i` answers a call of the latest assistant, and is the first to. */
function answersOpenCall(msgs: readonly PyMsg[], i: number): boolean {
  const id = msgs[i]!.tool_call_id;
  if (!truthy(id)) return false;
  for (let j = i - 1; j >= 0; j--) {
    const m = msgs[j]!;
    if (m.role === 'user') return false;
    if (m.role === 'tool' && m.tool_call_id === id) return false; // a duplicate result
    if (m.role === 'assistant') return callsOf(m).some((tc) => isDict(tc) && ((truthy(tc.id) && tc.id === id) || (truthy(tc.call_id) && tc.call_id === id)));
  }
  return false;
}

/**
 * The index from which the three passes would change something, or -1: a read-only scan (from `from`,
 * when the list up to it is known to need nothing) that finds consecutive mergeable assistants,
 * consecutive string users or a stray tool result. When it finds none, none of the passes changes
 * anything (a pass can only create work for a later one by merging or dropping).
 */
export function firstRepairIndex(msgs: readonly PyMsg[], from = 0): number {
  for (let i = Math.max(0, from); i < msgs.length; i++) {
    const m = msgs[i]!;
    const prev = i > 0 ? msgs[i - 1] : undefined;
    if (m.role === 'tool') {
      if (!answersOpenCall(msgs, i)) return i;
    } else if (prev && m.role === 'assistant' && prev.role === 'assistant') {
      if (!isCodexInterim(m) && !isCodexInterim(prev)) return i;
    } else if (prev && m.role === 'user' && prev.role === 'user') {
      const a = 'content' in prev ? prev.content : '';
      const b = 'content' in m ? m.content : '';
      if (typeof a === 'string' && typeof b === 'string') return i;
    }
  }
  return -1;
}

/**
 * `repair_message_sequence(agent, messages)`, without mutating `messages`. `cleanPrefix`: the caller
 * knows the first that many messages need no repair (the same objects it checked before).
 */
export function repairMessageSequence(msgs: readonly PyMsg[], cleanPrefix = 0): SequenceRepair {
  if (!msgs.length || firstRepairIndex(msgs, cleanPrefix) < 0) return { messages: msgs, repairs: 0 };
  const p0 = mergeConsecutiveAssistants(msgs);
  const p1 = dropStrayToolResults(p0.out);
  const p2 = mergeConsecutiveUsers(p1.out);
  const repairs = p0.repairs + p1.repairs + p2.repairs;
  return repairs ? { messages: p2.out, repairs } : { messages: msgs, repairs: 0 };
}
