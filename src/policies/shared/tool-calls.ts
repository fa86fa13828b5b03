/**
 * Looking up the call behind a tool result: its tool name and arguments, by call id. Shared by every
 * policy that decides per tool (compactable tools, protected tools, placeholders that name the tool).
 */
import type { Message } from '../../core/messages.js';

export interface CallInfo {
  id: string;
  name: string;
  /** the raw JSON argument string, as the assistant sent it */
  arguments: string;
  /** index in history of the assistant message that made the call */
  assistantIndex: number;
}

/** Every tool call in `history`, by id (the first occurrence wins, as providers reject duplicates). */
export function indexCalls(history: readonly Message[]): Map<string, CallInfo> {
  const out = new Map<string, CallInfo>();
  history.forEach((m, i) => {
    if (m.role !== 'assistant' || !m.tool_calls) return;
    for (const tc of m.tool_calls) {
      if (!out.has(tc.id)) out.set(tc.id, { id: tc.id, name: tc.function.name, arguments: tc.function.arguments, assistantIndex: i });
    }
  });
  return out;
}

/** The tool name of a result: from its call, else the result's own `name` field, else `fallback`. */
export function toolNameOf(msg: Message, calls: ReadonlyMap<string, CallInfo>, fallback = 'unknown'): string {
  return calls.get(msg.tool_call_id ?? '')?.name ?? msg.name ?? fallback;
}

/** Parsed call arguments, or undefined when they are not a JSON object. */
export function parseArgs(args: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(args);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A case-insensitive tool-name set from a comma-separated list; `*` matches every tool. */
export interface ToolSet {
  has(name: string): boolean;
  readonly all: boolean;
}

export function toolSet(list: string): ToolSet {
  const names = new Set(list.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));
  const all = names.has('*');
  return { all, has: (name) => all || names.has(name.toLowerCase()) };
}
