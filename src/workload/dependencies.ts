/**
 * What later steps depend on: the files a response edits or writes that an earlier call read. A
 * closed-loop replay (src/sim/reaction.ts) checks that the newest read of such a file is still intact
 * in what the model sees; when a policy removed it, the agent reads it again.
 *
 * Derived from the script itself (tool names and `path`/`file_path` arguments), so it marks generated
 * workloads of every style the same way. Only files are marked: other facts quoted later (a test
 * failure, a search hit) are not modelled.
 */
import type { Message, ToolCall } from '../core/messages.js';
import { parseArgs } from '../policies/shared/tool-calls.js';
import type { Workload } from './types.js';

export interface ReadCall {
  path: string;
  /** the call as made, to repeat it with a new id */
  call: ToolCall;
}

export interface Dependencies {
  /** per step: paths the step's response edits or writes that were read before it */
  needs: ReadonlyMap<number, readonly string[]>;
  /** read calls by call id */
  reads: ReadonlyMap<string, ReadCall>;
}

const READ = /(^|_)(read|view|cat)(_|$)|^read/i;
const EDIT = /edit|write|patch|str_replace|create/i;

function pathOf(args: Record<string, unknown> | undefined): string | undefined {
  const p = args?.file_path ?? args?.path;
  return typeof p === 'string' && p.length > 0 ? p : undefined;
}

function isRead(c: ToolCall, args: Record<string, unknown> | undefined): boolean {
  return args?.command === 'view' || (READ.test(c.function.name) && !EDIT.test(String(args?.command ?? '')));
}

function isEdit(c: ToolCall, args: Record<string, unknown> | undefined): boolean {
  return !isRead(c, args) && (EDIT.test(c.function.name) || EDIT.test(String(args?.command ?? '')));
}

export function markDependencies(w: Workload): Dependencies {
  const reads = new Map<string, ReadCall>();
  const needs = new Map<number, string[]>();
  const readSoFar = new Set<string>();
  w.steps.forEach((st, t) => {
    const calls: ToolCall[] = (st.response as Message).tool_calls ?? [];
    const edited: string[] = [];
    for (const c of calls) {
      const args = parseArgs(c.function.arguments);
      const path = pathOf(args);
      if (!path) continue;
      if (isEdit(c, args) && readSoFar.has(path) && !edited.includes(path)) edited.push(path);
    }
    if (edited.length) needs.set(t, edited);
    // reads made by this response count for later steps (their results arrive with step t + 1)
    for (const c of calls) {
      const args = parseArgs(c.function.arguments);
      const path = pathOf(args);
      if (path && isRead(c, args)) {
        reads.set(c.id, { path, call: c });
        readSoFar.add(path);
      }
    }
  });
  return { needs, reads };
}
