/**
 * SWE-agent trajectories (`*.traj`: `{environment, trajectory, history, info}`), including EnIGMA.
 *
 * Source: SWE-agent/SWE-agent (sweagent/agent/agents.py, which writes `history` = the chat the model saw)
 * and the files in shared/traces/swe-agent/ with their reference conversions (PROVENANCE.md).
 * - Function-calling runs: assistant messages carry `tool_calls`; observations are `tool` messages
 *   with `tool_call_ids`. They convert directly.
 * - Text-mode runs: the assistant's `action` was parsed from a fenced block of its text; the message
 *   becomes its `thought` (trimmed) plus a synthesized call named after the interface command the
 *   action starts with (`edit`, `open`, `submit`, ...; `bash` for a shell command), arguments
 *   `{"command": action}`, stable id `call_<n>`. The next user message (the observation) is its result.
 * Demonstrations (`is_demo`) stay user messages. SWE-agent records no per-call usage, only totals
 * (`info.model_stats`, kept in `meta.extra`).
 */
import type { Message, ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { arr, isObj, obj, optStr, str, textOf, type Obj } from './expect.js';
import { readJsonDocument, type Locator, type Path } from './locate.js';
import { commandCall, commandsFromSystemPrompt, sweAgentToolName } from './text-actions.js';
import type { ImportedTrace, ImportOptions } from './types.js';

interface State {
  commands: Set<string>;
  pending?: { id: string; name: string };
  callNames: Map<string, string>;
}

export async function importSweAgent(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
  const doc = obj(loc, root, []);
  const b = new TraceBuilder('swe-agent', file);
  const history = arr(loc, doc.history, ['history']);
  if (!history.length) loc.fail(['history'], 'empty history: no messages');
  const st: State = { commands: new Set(), callNames: new Map() };
  let textMode = 0;
  history.forEach((raw, i) => {
    const path: Path = ['history', i];
    const m = obj(loc, raw, path);
    const role = str(loc, m.role, [...path, 'role']);
    const content = textOf(loc, m.content, [...path, 'content']);
    if (role === 'system') {
      st.commands = commandsFromSystemPrompt(content);
      b.push({ role: 'system', content });
    } else if (role === 'assistant') {
      if (assistant(b, loc, m, content, path, st)) textMode++;
    } else if (role === 'tool') {
      toolResult(b, loc, m, content, path, st);
    } else if (role === 'user') {
      if (st.pending) b.push({ role: 'tool', content, tool_call_id: st.pending.id, name: st.pending.name });
      else b.push({ role: 'user', content });
      st.pending = undefined;
    } else loc.fail([...path, 'role'], `expected system, user, assistant or tool, got ${JSON.stringify(role)}`);
  });
  const info = isObj(doc.info) ? doc.info : {};
  for (const k of ['exit_status', 'model_stats', 'submission']) if (info[k] !== undefined) b.extra[k] = info[k];
  if (textMode) b.notes.push(`SWE-agent text-mode actions moved into ${textMode} synthesized tool calls (ids call_<n>); observations are their results`);
  b.notes.push('SWE-agent records no per-call usage (only totals, in extra.model_stats)');
  return b.finish();
}

/** Pushes an assistant message; true when its action became a synthesized call. */
function assistant(b: TraceBuilder, loc: Locator, m: Obj, content: string, path: Path, st: State): boolean {
  st.pending = undefined;
  if (Array.isArray(m.tool_calls) && m.tool_calls.length) {
    const calls = m.tool_calls.map((tc, k) => toolCall(loc, tc, [...path, 'tool_calls', k]));
    for (const c of calls) st.callNames.set(c.id, c.function.name);
    b.push({ role: 'assistant', content, tool_calls: calls });
    return false;
  }
  const action = optStr(loc, m.action, [...path, 'action']);
  if (action === undefined || action.trim() === '') {
    b.push({ role: 'assistant', content });
    return false;
  }
  const thought = optStr(loc, m.thought, [...path, 'thought']) ?? withoutLastFence(content);
  const id = b.syntheticId();
  const name = sweAgentToolName(action, st.commands);
  b.push(commandCall(thought.trim(), id, name, action));
  st.pending = { id, name };
  return true;
}

function toolResult(b: TraceBuilder, loc: Locator, m: Obj, content: string, path: Path, st: State): void {
  const ids = Array.isArray(m.tool_call_ids) ? m.tool_call_ids : m.tool_call_id !== undefined ? [m.tool_call_id] : [];
  const id = ids.length ? str(loc, ids[0], [...path, Array.isArray(m.tool_call_ids) ? 'tool_call_ids' : 'tool_call_id']) : (st.pending?.id ?? '');
  if (ids.length > 1) b.warn(`history[${(path as number[])[1]}]: one observation answers ${ids.length} calls; attributed to the first`);
  const msg: Message = { role: 'tool', content, tool_call_id: id };
  const name = st.callNames.get(id) ?? (st.pending?.id === id ? st.pending.name : undefined);
  if (name !== undefined) msg.name = name;
  b.push(msg);
  st.pending = undefined;
}

function toolCall(loc: Locator, raw: unknown, path: Path): ToolCall {
  const tc = obj(loc, raw, path);
  const fn = obj(loc, tc.function, [...path, 'function']);
  const args = fn.arguments;
  return {
    id: str(loc, tc.id, [...path, 'id']),
    type: 'function',
    function: {
      name: str(loc, fn.name, [...path, 'function', 'name']),
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    },
  };
}

/** The text before the last fenced block (SWE-agent's thought when no `thought` field was saved). */
function withoutLastFence(text: string): string {
  const end = text.lastIndexOf('```');
  const start = end > 0 ? text.lastIndexOf('```', end - 1) : -1;
  return start >= 0 ? text.slice(0, start) + text.slice(end + 3) : text;
}
