/**
 * Needs of a recorded transcript, derived deterministically at import from the conversation itself.
 *
 * Walking the steps in order, with every earlier message indexed:
 * - `edit`: an edit's `old_string`/`old_str` (or an `apply_patch` hunk's context) whose first line of at
 *   least 8 characters appears in an earlier tool result: the edit quotes what a read showed. The source
 *   is the newest such result;
 * - `reference`: an identifier (identifiers.ts: a path, URL, file name or code identifier) in a call's
 *   arguments that first appeared in a tool result (a file found by `Grep` and then read, a failing test
 *   re-run by name). The source is the newest tool result that contains it;
 * - `instruction`: an identifier in a call's arguments that first appeared in a user message: the user
 *   named it, a later step acts on it. Deliberately this simple — a file or symbol the user named — since
 *   whether a step "follows" free-form prose is not decidable from text alone.
 *
 * Large free-text arguments (the code an edit writes, a file's content) are not searched for identifiers:
 * they are the agent's own output, not something it looked up. One need per (step, kind, source, span).
 */
import { contentText, type Message } from '../../core/messages.js';
import { parseArgs } from '../../policies/shared/tool-calls.js';
import type { ScriptStep } from '../types.js';
import { identsIn } from './idents.js';
import { appendKey, type Need, type NeedKind } from './types.js';

/** argument keys whose values are code or prose the agent writes, not identifiers it looked up */
const WRITTEN = new Set(['old_string', 'new_string', 'old_str', 'new_str', 'content', 'file_text', 'input', 'patch', 'text', 'description', 'prompt', 'todos']);
const MIN_PROBE = 8;

interface Seen { source: string; step: number }

/** The first line of `s` with at least MIN_PROBE characters, trimmed. */
function probeLine(s: string): string | undefined {
  for (const line of s.split('\n')) {
    const t = line.trim();
    if (t.length >= MIN_PROBE) return t;
  }
  return undefined;
}

/** An edit's quoted span and file: str_replace-style arguments, or the context of an apply_patch hunk. */
function editSpan(args: Record<string, unknown> | undefined, raw: string): { probe: string; file?: string } | undefined {
  const old = args?.old_string ?? args?.old_str;
  const file = args?.file_path ?? args?.path;
  if (typeof old === 'string') {
    const probe = probeLine(old);
    return probe ? { probe, ...(typeof file === 'string' ? { file } : {}) } : undefined;
  }
  const patch = typeof args?.input === 'string' ? args.input : typeof args?.patch === 'string' ? args.patch : raw;
  if (!patch.includes('*** Update File:')) return undefined;
  const lines = patch.split('\n');
  const header = lines.find((l) => l.startsWith('*** Update File:'));
  const context = lines.find((l) => (l.startsWith(' ') || l.startsWith('-')) && l.slice(1).trim().length >= MIN_PROBE);
  return context ? { probe: context.slice(1).trim(), ...(header ? { file: header.slice('*** Update File:'.length).trim() } : {}) } : undefined;
}

/** Identifiers a call's arguments name, outside the text it writes. */
function argIdents(args: Record<string, unknown> | undefined, raw: string): string[] {
  if (!args) return raw.length <= 2000 ? identsIn(raw) : [];
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (WRITTEN.has(key)) return;
    if (typeof v === 'string') out.push(...identsIn(v));
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(args, '');
  return [...new Set(out)];
}

export function deriveNeeds(steps: readonly ScriptStep[]): Need[] {
  const needs: Need[] = [];
  const results: { source: string; step: number; text: string }[] = [];
  /** where each identifier first appeared: a tool result, a user message, or the agent's own call */
  const first = new Map<string, 'tool' | 'user' | 'self'>();
  const newestTool = new Map<string, Seen>();
  const newestUser = new Map<string, Seen>();
  const add = (step: number, kind: NeedKind, seen: Seen, ident: string, probe: string, done: Set<string>): void => {
    const k = `${kind}\u0000${seen.source}\u0000${probe}`;
    if (done.has(k)) return;
    done.add(k);
    needs.push({ step, source: seen.source, sourceStep: seen.step, kind, ident, probe });
  };
  steps.forEach((st, t) => {
    st.append.forEach((m: Message, k) => {
      if (m.role !== 'tool' && m.role !== 'user') return;
      const text = contentText(m);
      const source = m.role === 'tool' && m.tool_call_id ? m.tool_call_id : appendKey(t, k);
      if (m.role === 'tool') results.push({ source, step: t, text });
      const newest = m.role === 'tool' ? newestTool : newestUser;
      for (const id of identsIn(text)) {
        if (!first.has(id)) first.set(id, m.role === 'tool' ? 'tool' : 'user');
        newest.set(id, { source, step: t });
      }
    });
    const done = new Set<string>();
    for (const c of st.response.tool_calls ?? []) {
      const raw = c.function.arguments;
      const args = parseArgs(raw);
      const span = editSpan(args, raw);
      if (span) {
        for (let i = results.length - 1; i >= 0; i--) {
          if (results[i]!.text.includes(span.probe)) {
            add(t, 'edit', results[i]!, span.file ?? span.probe, span.probe, done);
            break;
          }
        }
      }
      const idents = argIdents(args, raw);
      for (const id of idents) {
        const f = first.get(id);
        if (f === 'tool') add(t, 'reference', newestTool.get(id)!, id, id, done);
        else if (f === 'user') add(t, 'instruction', newestUser.get(id)!, id, id, done);
      }
      for (const id of idents) if (!first.has(id)) first.set(id, 'self');
    }
  });
  return needs;
}
