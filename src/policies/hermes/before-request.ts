/**
 * What happens to Hermes' history between its compaction checks and the request (NousResearch/
 * hermes-agent @ 8fa8aabb, agent/conversation_loop.py):
 * - the role-alternation repair runs on the live history before every API call (L787-803;
 *   repair-sequence.ts). It is folded into the compaction that made it necessary, or is its own
 *   `repair` event when the history needed it without one (then a veto the checks returned in the
 *   same hook is kept as `detail.veto`, since a hook returns one result);
 * - a compaction whose result still does not fit the window is flagged `detail.overWindow`. Hermes
 *   does not check this: it protects the current turn whole (the last-user anchor and the
 *   "causal coupling" push, agent/context_compressor.py L2754-2825, and the message floor of the tail)
 *   however large it is, and recovers through its overflow paths (conversation_loop.py L3415-3480 for
 *   a 413, L3497- for a context-length error: compress again and retry, at most 3 times, then give
 *   up), which the policy's onOverflow models. The flag is reporting only, measured with the
 *   simulator's exact counter (what the property kit and the overflow check use); it never changes
 *   what Hermes does.
 */
import type { Message } from '../../core/messages.js';
import type { HookResult, PolicyContext, PolicyResult } from '../types.js';
import type { PyMsg } from './msg.js';
import { repairMessageSequence } from './repair-sequence.js';

/**
 * What the previous request's check found clean: the history between compactions only grows at its
 * end, so a list that still starts and (at the same index) continues with the same message objects
 * needs checking only from there on. Keeps the per-step cost flat in long sessions.
 */
export class CleanPrefix {
  private first?: object;
  private last?: object;
  private n = 0;

  /** How many leading messages of `msgs` are known to need no repair. */
  of(msgs: readonly PyMsg[]): number {
    return this.n > 0 && msgs.length >= this.n && msgs[0] === this.first && msgs[this.n - 1] === this.last ? this.n : 0;
  }

  remember(msgs: readonly PyMsg[]): void {
    this.n = msgs.length;
    this.first = msgs[0];
    this.last = msgs[msgs.length - 1];
  }
}

function overWindow(history: readonly Message[], ctx: PolicyContext): boolean {
  return ctx.systemTokens + ctx.tokens.messages(history) > ctx.contextWindow;
}

function flagged(r: PolicyResult, ctx: PolicyContext): PolicyResult {
  return overWindow(r.history, ctx) ? { ...r, detail: { ...r.detail, overWindow: true } } : r;
}

/** The hook result as the request will see it: repaired, and flagged when a compaction left it over the window. */
export function finishForRequest(history: readonly Message[], r: HookResult, ctx: PolicyContext, clean = new CleanPrefix()): HookResult {
  const compacted = r && 'history' in r ? r : undefined;
  const base = (compacted ? compacted.history : history) as unknown as readonly PyMsg[];
  const { messages, repairs } = repairMessageSequence(base, clean.of(base));
  clean.remember(messages);
  if (!repairs) return compacted ? flagged(compacted, ctx) : r;
  const repaired = messages as unknown as Message[];
  if (compacted) return flagged({ ...compacted, history: repaired, detail: { ...compacted.detail, sequenceRepairs: repairs } }, ctx);
  const detail: Record<string, string | number | boolean> = { sequenceRepairs: repairs };
  if (r && 'veto' in r) detail.veto = r.veto;
  // a repair only merges and drops stray messages; it does not try to fit the window
  return flagged({ history: repaired, kind: 'repair', note: 'hermes pre-request sequence repair', detail }, ctx);
}
