/**
 * Accumulates an imported conversation and its recorded facts, then checks the result: tool calls
 * without results and results without calls are kept and flagged (real transcripts have them —
 * interrupted calls, a final `submit` nobody answered), never dropped.
 */
import { checkInvariants } from '../../core/invariants.js';
import type { Message } from '../../core/messages.js';
import { uniquifyToolCallIds } from './unique-ids.js';
import { normalizeUsage } from './usage.js';
import type { CompactionPoint, Format, ImportedTrace, RecordedCall, TraceMeta } from './types.js';

export class TraceBuilder {
  readonly messages: Message[] = [];
  readonly calls: RecordedCall[] = [];
  readonly compactions: CompactionPoint[] = [];
  readonly warnings: string[] = [];
  readonly notes: string[] = [];
  readonly extra: Record<string, unknown> = {};
  model: string | undefined;
  isSubagent: boolean | undefined;
  subagentFiles: string[] | undefined;
  /** recorded epoch seconds per message (null where none) */
  private readonly epochs: (number | null)[] = [];
  private anyTime = false;
  private nextId = 1;

  constructor(
    readonly format: Format,
    readonly source: string,
  ) {}

  /** Appends a message with its recorded time (epoch seconds), returning its index. */
  push(msg: Message, epoch?: number | null): number {
    this.messages.push(msg);
    this.epochs.push(epoch ?? null);
    if (epoch != null) this.anyTime = true;
    return this.messages.length - 1;
  }

  /** Sets (or moves) the recorded time of message i. */
  setTime(i: number, epoch: number | null | undefined): void {
    if (epoch == null) return;
    this.epochs[i] = epoch;
    this.anyTime = true;
  }

  /** Records the usage of the call that returned assistant message `msgIndex`. */
  recordCall(msgIndex: number, rawUsage: unknown, model?: string, timestamp?: string): void {
    const counts = normalizeUsage(rawUsage);
    if (!counts && model === undefined && timestamp === undefined) return;
    const call: RecordedCall = { msgIndex, ...counts };
    if (model !== undefined) call.model = model;
    if (timestamp !== undefined) call.timestamp = timestamp;
    if (rawUsage !== undefined && rawUsage !== null) call.raw = rawUsage;
    for (const k of Object.keys(call) as (keyof RecordedCall)[]) if (call[k] === undefined) delete call[k];
    this.calls.push(call);
  }

  /** A stable synthesized tool-call id: `call_<n>`, numbered in order of appearance in the file. */
  syntheticId(): string {
    return `call_${this.nextId++}`;
  }

  warn(text: string): void {
    this.warnings.push(text);
  }

  finish(): ImportedTrace {
    const meta: TraceMeta = {
      format: this.format,
      source: this.source,
      calls: this.calls.sort((a, b) => a.msgIndex - b.msgIndex),
      compactions: this.compactions,
      unansweredToolCalls: [],
      orphanToolResults: [],
      notes: this.notes,
      extra: this.extra,
    };
    const model = this.model ?? mostFrequentModel(this.calls);
    if (model !== undefined) meta.model = model;
    if (this.isSubagent !== undefined) meta.isSubagent = this.isSubagent;
    if (this.subagentFiles?.length) meta.subagentFiles = this.subagentFiles;
    if (this.anyTime) Object.assign(meta, relativeTimes(this.epochs));
    const rewrites = uniquifyToolCallIds(this.messages);
    if (rewrites.length) {
      meta.toolCallIdRewrites = rewrites;
      this.notes.push(`${rewrites.length} tool-call id(s) were repeated in the source and made unique (<id>~<n>); each result pairs with the latest unanswered call of its id (see toolCallIdRewrites)`);
    }
    flagPairing(this.messages, meta, this.warnings);
    return { messages: this.messages, meta, warnings: this.warnings };
  }
}

function mostFrequentModel(calls: readonly RecordedCall[]): string | undefined {
  const counts = new Map<string, number>();
  for (const c of calls) if (c.model) counts.set(c.model, (counts.get(c.model) ?? 0) + 1);
  let best: string | undefined;
  let n = 0;
  for (const [m, k] of counts) if (k > n) [best, n] = [m, k];
  return best;
}

function relativeTimes(epochs: readonly (number | null)[]): Pick<TraceMeta, 'startEpoch' | 'times'> {
  let start = Infinity;
  for (const t of epochs) if (t !== null && t < start) start = t;
  return { startEpoch: start, times: epochs.map((t) => (t === null ? null : round3(t - start))) };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Lists unanswered calls and orphan results in the meta, and warns about each anomaly. */
function flagPairing(messages: readonly Message[], meta: TraceMeta, warnings: string[]): void {
  for (const v of checkInvariants(messages, { allowPendingTail: false })) {
    if (v.code === 'missing-result') meta.unansweredToolCalls.push(v.callId ?? '');
    else if (v.code === 'orphan-result' || v.code === 'result-before-call') {
      meta.orphanToolResults.push(v.index);
      warnings.push(`message ${v.index}: ${v.detail} (kept)`);
    } else warnings.push(`message ${v.index}: ${v.detail} (kept)`);
  }
  const last = messages.length - 1;
  const pending = meta.unansweredToolCalls.length;
  if (pending > 0) {
    const tailOnly = messages[last]?.role === 'assistant' && (messages[last]?.tool_calls?.length ?? 0) === pending;
    if (!tailOnly) warnings.push(`${pending} tool call(s) have no result (kept): ${meta.unansweredToolCalls.join(', ')}`);
  }
}
