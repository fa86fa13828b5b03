/**
 * Structural invariants every provider API enforces on a chat history: each tool result answers a
 * call made earlier, each call gets its result, call ids are unique, roles are valid.
 * Returns violations as data; the harness turns them into report rows.
 */
import { ROLES, type Message } from './messages.js';

export type ViolationCode =
  | 'invalid-role'
  | 'orphan-result'
  | 'result-before-call'
  | 'missing-result'
  | 'duplicate-call-id'
  | 'duplicate-result';

export interface Violation {
  code: ViolationCode;
  /** index of the offending message */
  index: number;
  /** the tool-call id involved, if any */
  callId?: string;
  detail: string;
}

export interface InvariantOptions {
  /**
   * Calls of the last assistant message may still be waiting for their results (the harness checks
   * history between a response and the tool results that follow it). Default true.
   */
  allowPendingTail?: boolean;
}

export function checkInvariants(history: readonly Message[], opts: InvariantOptions = {}): Violation[] {
  const allowPendingTail = opts.allowPendingTail ?? true;
  const out: Violation[] = [];
  const callAt = new Map<string, number>();
  const answered = new Set<string>();
  // where each call id is first made: needed only to tell a result before its call from an orphan, so
  // built on the first unmatched result (a rewrite is checked every step; most histories have none)
  let laterCalls: Map<string, number> | undefined;
  const firstCallAt = (id: string): number | undefined => {
    if (!laterCalls) {
      laterCalls = new Map();
      for (let k = 0; k < history.length; k++) {
        const m = history[k];
        if (m?.role === 'assistant' && m.tool_calls) for (const tc of m.tool_calls) if (!laterCalls.has(tc.id)) laterCalls.set(tc.id, k);
      }
    }
    return laterCalls.get(id);
  };

  for (let i = 0; i < history.length; i++) {
    const m = history[i]!;
    if (!m || typeof m !== 'object' || !ROLES.includes(m.role)) {
      out.push({ code: 'invalid-role', index: i, detail: `role ${JSON.stringify(m?.role)} is not one of ${ROLES.join(', ')}` });
      continue;
    }
    if (m.role === 'assistant') {
      if (m.tool_calls) {
        for (const tc of m.tool_calls) {
          if (callAt.has(tc.id)) {
            out.push({ code: 'duplicate-call-id', index: i, callId: tc.id, detail: `call id ${tc.id} already used at message ${callAt.get(tc.id)}` });
          } else callAt.set(tc.id, i);
        }
      }
    } else if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      if (!callAt.has(id)) {
        const later = firstCallAt(id);
        if (later !== undefined && later > i) {
          out.push({ code: 'result-before-call', index: i, callId: id, detail: `result for ${id} comes before its call at message ${later}` });
        } else {
          out.push({ code: 'orphan-result', index: i, callId: id, detail: `tool result for ${JSON.stringify(id)} has no matching call` });
        }
      } else if (answered.has(id)) {
        out.push({ code: 'duplicate-result', index: i, callId: id, detail: `call ${id} already has a result` });
      } else answered.add(id);
    }
  }

  let lastAssistant = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]?.role === 'assistant') { lastAssistant = i; break; }
  }
  let tailPending = allowPendingTail && lastAssistant >= 0;
  for (let k = lastAssistant + 1; tailPending && k < history.length; k++) tailPending = history[k]!.role === 'tool';
  for (const [id, i] of callAt) {
    if (answered.has(id)) continue;
    if (tailPending && i === lastAssistant) continue;
    out.push({ code: 'missing-result', index: i, callId: id, detail: `call ${id} has no result` });
  }
  return out.sort((a, b) => a.index - b.index || a.code.localeCompare(b.code));
}
