/**
 * The bridge's wire format between the harness thread (client.ts) and the host thread (host.ts).
 *
 * Histories cross as deltas: the host keeps a mirror of the harness's history and is sent only what was
 * appended since the last call (or the whole history after a change the bridge did not make). Results
 * cross as segments: a run of the hook's own input (`[start, length]`, by position) or a new message.
 * The harness rebuilds the result from its own objects, so an untouched message comes back as the very
 * object it was, which the cache diff and `changedFrom` depend on.
 */
import type { Message } from '../../core/messages.js';
import type { HookName } from '../async-policy.js';
import type { PolicyContext } from '../../policies/types.js';
import type { SummaryRequest, SummaryResult } from '../../summarizer/types.js';

/** A run of the input history, by position, or one message that is not in it. */
export type Segment = [start: number, length: number] | { m: Message };

export interface HistorySync {
  /** the host drops its mirror and takes `add` as the whole history */
  reset: boolean;
  add: Message[];
}

/** The context fields that change per call (the rest is sent once, with an instance's first call). */
export type CallContext = Pick<PolicyContext, 'contextWindow' | 'maxOutputTokens' | 'step' | 'userTurn' | 'turnStart' | 'now' | 'model'> & { lastUsage?: unknown };

export type ToHost =
  | { t: 'create'; instance: number; params: Record<string, unknown> }
  | {
    t: 'call'; instance: number; hook: HookName; sync: HistorySync | null; ctx: CallContext;
    /** sent with an instance's first call: what the context holds for the whole session */
    once?: { systemTokens: number; systemPrompt: string; rngSeed: number };
    msg?: Message; usage?: unknown; command?: string; args?: string;
  }
  | { t: 'summary'; id: number; result: SummaryResult }
  | { t: 'dispose'; instance: number };

export type EncodedHook =
  | { kind: 'none' }
  | { kind: 'veto'; veto: string }
  | { kind: 'result'; history: Segment[]; result: string; note?: string; detail?: Record<string, string | number | boolean> };

export type FromHost =
  | { t: 'created'; hooks: HookName[] }
  | { t: 'summarize'; id: number; req: SummaryRequest }
  | { t: 'done'; value: unknown }
  | { t: 'error'; message: string };

/** Runs of `out` that are `input`'s own objects in order, by identity (`index` maps object → position). */
export function encodeMessages(out: readonly Message[], index: ReadonlyMap<Message, number>): Segment[] {
  const segs: Segment[] = [];
  let run: [number, number] | null = null;
  for (const m of out) {
    const i = index.get(m);
    if (i !== undefined && run && run[0] + run[1] === i) run[1]++;
    else if (i !== undefined) segs.push((run = [i, 1]));
    else {
      segs.push({ m });
      run = null;
    }
  }
  return segs;
}

/** The harness-side messages of an encoded result: runs come from `input`, the rest as sent. */
export function decodeMessages(segs: readonly Segment[], input: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const s of segs) {
    if (Array.isArray(s)) {
      const [start, len] = s;
      if (start < 0 || start + len > input.length) throw new Error(`bridge: a run [${start}, ${len}] outside the history (${input.length})`);
      for (let i = start; i < start + len; i++) out.push(input[i]!);
    } else out.push(s.m);
  }
  return out;
}
