/**
 * What a trace importer produces: the conversation as OpenAI chat messages, and what the source
 * recorded beside it (per-call provider usage, timestamps, compaction points, model) in `TraceMeta`.
 *
 * The meta is aligned to message indices: `calls[k].msgIndex` is the index of the assistant message
 * that call returned, and `times[i]` is the recorded time of message i. Nothing here is estimated:
 * a field the source did not record is absent (never 0).
 */
import type { Message } from '../../core/messages.js';

export const FORMATS = ['openai', 'claude-code', 'swe-agent', 'mini-swe-agent', 'openhands', 'sharegpt', 'codex', 'gemini-cli'] as const;
export type Format = (typeof FORMATS)[number];

/** The usage one model call recorded, normalized to the four token classes. */
export interface RecordedCall {
  /** index (in `messages`) of the assistant message this call returned */
  msgIndex: number;
  /** prompt tokens neither read from nor written to the cache */
  input?: number;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
  model?: string;
  /** the response's timestamp as recorded (ISO 8601) */
  timestamp?: string;
  /** the usage object exactly as the source recorded it */
  raw?: unknown;
}

/** A point where the client rewrote its history (Claude Code auto/manual compaction). */
export interface CompactionPoint {
  /** index of the first message of the rewritten history (the summary message) */
  beforeMsgIndex: number;
  trigger?: string;
  /** tokens the client counted before compacting, when recorded */
  preTokens?: number;
  timestamp?: string;
}

export interface TraceMeta {
  format: Format;
  /** the input file as given */
  source: string;
  /** the main model, when recorded (the most frequent one for multi-model sessions) */
  model?: string;
  /** one entry per assistant message whose call recorded usage, in message order */
  calls: RecordedCall[];
  compactions: CompactionPoint[];
  /** the earliest recorded time, in seconds since 1970; `times` count seconds from it */
  startEpoch?: number;
  /** recorded time of each message in seconds since `startEpoch` (null where none), when the source has times */
  times?: (number | null)[];
  /** tool-call ids that never got a result (kept; a session often ends on one) */
  unansweredToolCalls: string[];
  /** indices of tool results whose call is missing (kept, flagged) */
  orphanToolResults: number[];
  /** the file is a subagent transcript (Claude Code `subagents/`) */
  isSubagent?: boolean;
  /** subagent transcripts found beside a Claude Code session (imported separately, not inlined) */
  subagentFiles?: string[];
  /** tool-call ids the source repeated, and how they were made unique (see unique-ids.ts) */
  toolCallIdRewrites?: { msgIndex: number; role: 'assistant' | 'tool'; from: string; to: string }[];
  /** how the conversion was done, and what the source lacks */
  notes: string[];
  /** other facts the source recorded (exit status, model stats, ...) */
  extra: Record<string, unknown>;
}

export interface ImportedTrace {
  messages: Message[];
  meta: TraceMeta;
  /** things the importer kept but flagged (orphans, unknown line types, ambiguous actions) */
  warnings: string[];
  /** how many conversations the file holds, when more than one (this is the one `entry` picked) */
  entries?: number;
  /**
   * subagent conversations recorded inside this session's file (Claude Code), each a session of its own
   * with its own recorded calls (`meta.extra.sidechain` names it); the parent's calls never include them
   */
  sidechains?: ImportedTrace[];
}

export interface ImportOptions {
  /** @default 'auto' */
  format?: Format | 'auto';
  /** for files holding several conversations (ShareGPT or OpenHands JSONL): which one, 0-based @default 0 */
  entry?: number;
  /** largest whole-JSON file parsed in memory, in bytes @default 512 MiB */
  maxJsonBytes?: number;
}
