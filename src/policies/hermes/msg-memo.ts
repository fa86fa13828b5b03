/**
 * One memo per message object for what the Hermes port computes from a message alone (its estimates,
 * its summary serialisation). Messages are immutable, so a value computed once holds for the object's
 * life, across compactions and across sessions replaying the same workload.
 *
 * Where the message is in the simulator's history, the memo hangs on the harness's memo slot
 * (src/core/messages.ts `memoOf`): a property read instead of a WeakMap lookup. Each compaction reads
 * the memo of every message in the history several times (whole-list estimates before and after, the
 * prune boundary, the tail walk), and the WeakMap lookups alone were ~10% of a Hermes session. Other
 * messages (the port's own new ones before the harness freezes them, conformance inputs) carry it in a
 * hidden slot of their own (object-slot.ts); a memo started there moves to the harness's slot the first
 * time the message is seen with one.
 */
import { MEMO, type MessageMemo } from '../../core/messages.js';
import { objectSlot } from './object-slot.js';
import type { PyMsg } from './msg.js';

export interface HermesMemo {
  /** `len(str(shadow))` (estimate.ts `messageChars`) */
  chars?: number;
  /** image count of the whole-list estimate */
  images?: number;
  /** `_estimate_msg_budget_tokens` */
  budget?: number;
  /** `_estimate_msg_budget_tokens` as 0000416b rounds it (v0000416b/budget.ts) */
  budget416?: number;
  /** current/estimate.ts: the shadow's text tokens under the UTF-8-aware estimate */
  textCurrent?: number;
  /** current/estimate.ts: the budget estimate, for the image cost it was priced at */
  budgetCurrent?: { imageTokens: number; t: number };
  /** the summary serialisation's pieces (serialize-turns.ts) */
  pieces?: readonly string[];
  /** the pieces' token count, for the counter that counted them */
  pieceTokens?: { counter: object; n: number };
  /** prune.ts: a tool output's Python length and dedup key (for that content) */
  facts?: { content: string; len: number; key: string };
  /** prune.ts: the message with its output replaced by the duplicate placeholder */
  duplicate?: PyMsg;
  /** prune.ts: the message with its output summarised (for that call name, arguments and content) */
  summarized?: { name: unknown; args: unknown; content: string; out: PyMsg };
  /** prune.ts: the message with long call arguments shrunk (itself when none shrinks) */
  truncated?: { calls: unknown[]; out: PyMsg };
  /** summary-text.ts: whether the content is (or continues after a merge with) a handoff summary */
  isSummary?: boolean;
  /** prune-first.ts: the output's length as the prune phase measures it */
  outputLen?: number;
  /** prune-first.ts: the message with its output replaced by the pruned placeholder */
  outputPruned?: PyMsg;
}

type Slot = MessageMemo & { hermes?: HermesMemo };

const loose = objectSlot<HermesMemo>();

export function hermesMemo(m: PyMsg): HermesMemo {
  const slot = (m as { [MEMO]?: Slot })[MEMO];
  if (slot !== undefined) {
    let h = slot.hermes;
    if (h === undefined) {
      h = loose.get(m) ?? {};
      slot.hermes = h;
    }
    return h;
  }
  let h = loose.get(m);
  if (h === undefined) {
    h = {};
    loose.set(m, h);
  }
  return h;
}
