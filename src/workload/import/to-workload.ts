/**
 * An imported trace as a replayable workload (src/workload/types.ts).
 *
 * Every assistant message is one step's `response`; the messages between it and the previous
 * assistant message (user messages, tool results) are the step's `append`. The first system message
 * becomes `Workload.system`; sources that do not record it (Claude Code) get a minimal placeholder, and
 * `meta.systemRecorded` says so — their recorded usage includes the real system prompt and tool schemas.
 * Recorded timestamps drive `gapBefore` and `latency` where the source has them; recorded usage goes
 * to `ScriptStep.recorded`. A recorded manual compaction (Claude Code `/compact`: a `compact_boundary`
 * with `trigger: manual`) becomes a `/compact` command event on the step that carries the summary message.
 * Messages after the last assistant message belong to no request and are counted in `meta.trailingMessages`.
 */
import { basename } from 'node:path';
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { RecordedUsage, ScenarioEvent, ScriptStep, Workload } from '../types.js';
import type { ImportedTrace, RecordedCall } from './types.js';
import { deriveNeeds } from '../needs/derive.js';

export interface DefaultGaps {
  /** user think time before a request that carries a user message @default 30 */
  userSeconds: number;
  /** tool run time before a request that carries only tool results @default 2 */
  toolSeconds: number;
  /** model latency @default 10 */
  latencySeconds: number;
}

export const DEFAULT_GAPS: Readonly<DefaultGaps> = { userSeconds: 30, toolSeconds: 2, latencySeconds: 10 };

export interface TraceToWorkloadOptions {
  contextWindow: number;
  maxOutputTokens: number;
  model: string;
  tokens: TokenCounter;
  defaultGaps?: Partial<DefaultGaps>;
  /** system prompt to use when the trace has none @default a one-line placeholder */
  systemPrompt?: string;
}

export const PLACEHOLDER_SYSTEM = 'You are a coding agent. (The source transcript does not record its system prompt.)';

export function traceToWorkload(trace: ImportedTrace, opts: TraceToWorkloadOptions): Workload {
  const gaps: DefaultGaps = { ...DEFAULT_GAPS, ...opts.defaultGaps };
  const { messages, meta } = trace;
  const sysIndex = messages.findIndex((m) => m.role === 'system');
  const system: Message = sysIndex >= 0 ? messages[sysIndex]! : { role: 'system', content: opts.systemPrompt ?? PLACEHOLDER_SYSTEM };
  const callAt = new Map<number, RecordedCall>(meta.calls.map((c) => [c.msgIndex, c]));
  const times = meta.times;
  const timeOf = (i: number): number | undefined => times?.[i] ?? undefined;

  const steps: ScriptStep[] = [];
  const stepOfMessage = new Map<number, number>();
  let append: number[] = [];
  let userTurn = -1;
  let prevResponse = -1;
  let prevModel: string | undefined;
  messages.forEach((m, i) => {
    if (i === sysIndex) return;
    if (m.role !== 'assistant') {
      append.push(i);
      return;
    }
    const hasUser = append.some((k) => messages[k]!.role === 'user');
    if (hasUser || userTurn < 0) userTurn++;
    const rec = callAt.get(i);
    const step: ScriptStep = {
      userTurn,
      append: append.map((k) => messages[k]!),
      response: m,
      outputTokens: rec?.output ?? opts.tokens.message(m),
      ...timing(append, i, prevResponse, hasUser, timeOf, gaps),
    };
    const recorded = recordedUsage(rec, timeOf(i));
    if (recorded) step.recorded = recorded;
    if (rec?.model && prevModel !== undefined && rec.model !== prevModel) {
      const ev: ScenarioEvent = { type: 'model-switch', model: rec.model, contextWindow: opts.contextWindow, maxOutputTokens: opts.maxOutputTokens };
      step.events = [ev];
    }
    if (rec?.model) prevModel = rec.model;
    for (const k of append) stepOfMessage.set(k, steps.length);
    stepOfMessage.set(i, steps.length);
    steps.push(step);
    append = [];
    prevResponse = i;
  });

  // a compaction the user asked for (`/compact`) becomes the command, so a policy's onCommand runs there
  for (const c of meta.compactions) {
    const at = stepOfMessage.get(c.beforeMsgIndex);
    if (c.trigger !== 'manual' || at === undefined) continue;
    const st = steps[at]!;
    st.events = [...(st.events ?? []), { type: 'command', command: '/compact' }];
  }

  return {
    id: basename(meta.source),
    system,
    steps,
    // what each step used from earlier context, derived from the recorded conversation (needs/derive.ts)
    needs: deriveNeeds(steps),
    model: opts.model,
    contextWindow: opts.contextWindow,
    maxOutputTokens: opts.maxOutputTokens,
    meta: {
      source: meta.source,
      format: meta.format,
      recordedModel: meta.model,
      systemRecorded: sysIndex >= 0,
      trailingMessages: append.length,
      compactions: meta.compactions.map((c) => ({ ...c, step: stepOfMessage.get(c.beforeMsgIndex) ?? steps.length })),
      timesRecorded: times !== undefined,
      notes: meta.notes,
    },
  };
}

function recordedUsage(rec: RecordedCall | undefined, time: number | undefined): RecordedUsage | undefined {
  if (!rec && time === undefined) return undefined;
  const r: RecordedUsage = {};
  if (rec?.input !== undefined) r.inputTokens = rec.input;
  if (rec?.cacheRead !== undefined) r.cacheReadTokens = rec.cacheRead;
  if (rec?.cacheWrite !== undefined) r.cacheWriteTokens = rec.cacheWrite;
  if (rec?.output !== undefined) r.outputTokens = rec.output;
  if (time !== undefined) r.time = time;
  if (rec?.model !== undefined) r.model = rec.model;
  return r;
}

/**
 * Gap before the request and model latency. The request time is the latest recorded time among the
 * appended messages; without one, the whole interval between responses is split (latency = the
 * default latency, capped by the interval).
 */
function timing(
  append: readonly number[],
  respIndex: number,
  prevResponse: number,
  hasUser: boolean,
  timeOf: (i: number) => number | undefined,
  gaps: DefaultGaps,
): { gapBefore: number; latency: number } {
  const defaultGap = prevResponse < 0 ? 0 : hasUser ? gaps.userSeconds : gaps.toolSeconds;
  const tResp = timeOf(respIndex);
  const tPrev = prevResponse >= 0 ? timeOf(prevResponse) : undefined;
  let tReq: number | undefined;
  for (const k of append) {
    const t = timeOf(k);
    if (t !== undefined && (tReq === undefined || t > tReq)) tReq = t;
  }
  if (tResp !== undefined && tReq !== undefined && tResp >= tReq) {
    const gapBefore = tPrev !== undefined ? Math.max(0, tReq - tPrev) : defaultGap;
    return { gapBefore, latency: tResp - tReq };
  }
  if (tResp !== undefined && tPrev !== undefined && tResp >= tPrev) {
    const latency = Math.min(gaps.latencySeconds, tResp - tPrev);
    return { gapBefore: tResp - tPrev - latency, latency };
  }
  return { gapBefore: defaultGap, latency: gaps.latencySeconds };
}
