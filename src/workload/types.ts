/**
 * A workload is a policy-independent script of steps: what the user and the tools add to history,
 * what the model answers, and how simulated time passes. It is generated once per (scenario, seed)
 * and replayed unchanged through every policy, so policy differences are paired, not noise.
 */
import type { Message } from '../core/messages.js';
import type { Need } from './needs/types.js';

/** Something the scenario makes happen before a step. */
export type ScenarioEvent =
  | { type: 'model-switch'; model: string; contextWindow: number; maxOutputTokens?: number }
  /** a manual command, e.g. `/compress` or `/microcompact`, typed by the user before this step */
  | { type: 'command'; command: string; args?: string };

export interface ScriptStep {
  /** 0-based user turn this step belongs to */
  userTurn: number;
  /** messages appended to history before this request: the user message, or the previous calls' tool results */
  append: Message[];
  /** the assistant message this request returns (appended to history after the step) */
  response: Message;
  /** output tokens of `response` as billed (exact count of its content, calls and reasoning) */
  outputTokens: number;
  /** simulated seconds between the previous response and this request (user think time, or tool run time) */
  gapBefore: number;
  /** simulated seconds the model takes to answer */
  latency: number;
  /** scenario events that happen before this request */
  events?: ScenarioEvent[];
  /** recorded usage of this call, when the workload is a recorded transcript */
  recorded?: RecordedUsage;
}

export interface RecordedUsage {
  inputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  outputTokens?: number;
  /** seconds since the session start, when the transcript has timestamps */
  time?: number;
  model?: string;
}

export interface Workload {
  /** e.g. "claude-code-200k#seed3" or the trace file name */
  id: string;
  /** the system prompt with tool definitions rendered in; first block of every request */
  system: Message;
  steps: ScriptStep[];
  /** main model and window at the start of the session */
  model: string;
  contextWindow: number;
  maxOutputTokens: number;
  /**
   * what each step uses from earlier context (src/workload/needs/): derived from a recorded transcript at
   * import, drawn by the generator for a generated one; absent = none known (retention is then empty)
   */
  needs?: readonly Need[];
  /** free-form facts about where the workload came from */
  meta?: Record<string, unknown>;
}
