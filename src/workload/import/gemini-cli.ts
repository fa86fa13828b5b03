/**
 * Gemini CLI session files (`~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.json`).
 *
 * Source: the two sessions in shared/traces (ai-sessions/gemini-cli-pomodoro-timer.json, gemini-2.5-pro;
 * agtrace/gemini_session.json, gemini-2.5-flash; PROVENANCE.md). One JSON document
 * `{sessionId, projectHash, startTime, lastUpdated, messages}`; each message has `type`:
 * - `user`: the user's turn (`content` a string or a list of `{text}` parts).
 * - `gemini`: one model response. `content` is its text, `thoughts` its thought summaries
 *   (`{subject, description}`, → `reasoning`), `toolCalls` the function calls it made, each carrying its
 *   own `result` (`functionResponse` parts, whose `response.output` or `response.error` the model was sent
 *   back). The call becomes an assistant tool call and its result a `tool` message right after.
 * - `tokens` is the response's usage: `input` the prompt (Gemini counts the cached part inside it),
 *   `cached` the part read from the implicit cache, `output`, `thoughts` (billed as output) and `tool`.
 *   A response recorded with every count 0 (an interrupted stream) carries no usage.
 * - `info`, `error` and `warning` messages are the CLI's own notices, never sent to the model: skipped.
 * The system prompt and tool declarations are not recorded (the recorded usage includes them).
 */
import type { Message, ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { arr, isObj, obj, optStr, str, type Obj } from './expect.js';
import { readJsonDocument, type Locator, type Path } from './locate.js';
import { isoEpoch } from './time.js';
import type { ImportedTrace, ImportOptions } from './types.js';

const NOTICE_TYPES = new Set(['info', 'error', 'warning']);

/** True for a parsed document in the Gemini CLI session shape (used by format detection too). */
export function isGeminiSession(v: unknown): boolean {
  return isObj(v) && Array.isArray(v.messages) && typeof v.sessionId === 'string' && ('projectHash' in v || v.messages.some((m) => isObj(m) && m.type === 'gemini'));
}

function textContent(loc: Locator, v: unknown, path: Path): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  return arr(loc, v, path)
    .map((p, k) => (isObj(p) && typeof p.text === 'string' ? p.text : (obj(loc, p, [...path, k]), '')))
    .join('');
}

function thoughtsText(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const parts = v.filter(isObj).map((t) => [t.subject, t.description].filter((s) => typeof s === 'string' && s).join('\n'));
  const text = parts.filter(Boolean).join('\n\n');
  return text || undefined;
}

/** What the model was sent back for one call: the functionResponse outputs (or errors) of its result. */
function resultText(loc: Locator, tc: Obj, path: Path): string {
  const result = tc.result;
  if (!Array.isArray(result)) return typeof result === 'string' ? result : '';
  return result
    .map((r, k) => {
      const fr = isObj(r) && isObj(r.functionResponse) ? r.functionResponse : undefined;
      if (!fr) return isObj(r) && typeof r.text === 'string' ? r.text : (obj(loc, r, [...path, 'result', k]), '');
      const resp = fr.response;
      if (isObj(resp) && typeof resp.output === 'string') return resp.output;
      if (isObj(resp) && typeof resp.error === 'string') return resp.error;
      return JSON.stringify(resp ?? {});
    })
    .join('\n');
}

/** The recorded usage, or undefined for a response recorded with no counts. */
function usageOf(v: unknown): Obj | undefined {
  if (!isObj(v)) return undefined;
  const any = ['input', 'output', 'cached', 'thoughts'].some((k) => typeof v[k] === 'number' && v[k] > 0);
  return any ? v : undefined;
}

function convertMessage(b: TraceBuilder, loc: Locator, raw: unknown, path: Path, skipped: Map<string, number>): void {
  const m = obj(loc, raw, path);
  const type = str(loc, m.type, [...path, 'type']);
  const epoch = isoEpoch(m.timestamp);
  if (type === 'user') {
    b.push({ role: 'user', content: textContent(loc, m.content, [...path, 'content']) }, epoch);
    return;
  }
  if (type !== 'gemini') {
    skipped.set(type, (skipped.get(type) ?? 0) + 1);
    return;
  }
  const msg: Message = { role: 'assistant', content: textContent(loc, m.content, [...path, 'content']) };
  const reasoning = thoughtsText(m.thoughts);
  if (reasoning) msg.reasoning = reasoning;
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
  const results: Message[] = [];
  calls.forEach((raw, k) => {
    const cpath: Path = [...path, 'toolCalls', k];
    const tc = obj(loc, raw, cpath);
    const id = str(loc, tc.id, [...cpath, 'id']);
    const name = str(loc, tc.name, [...cpath, 'name']);
    const call: ToolCall = { id, type: 'function', function: { name, arguments: JSON.stringify(tc.args ?? {}) } };
    (msg.tool_calls ??= []).push(call);
    if (tc.result !== undefined && tc.result !== null) results.push({ role: 'tool', tool_call_id: id, name, content: resultText(loc, tc, cpath) });
  });
  const index = b.push(msg, epoch);
  b.recordCall(index, usageOf(m.tokens), optStr(loc, m.model, [...path, 'model']), optStr(loc, m.timestamp, [...path, 'timestamp']));
  for (const r of results) b.push(r, epoch);
}

export async function importGeminiCli(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const b = new TraceBuilder('gemini-cli', file);
  const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
  const doc = obj(loc, root, []);
  const messages = arr(loc, doc.messages, ['messages']);
  const skipped = new Map<string, number>();
  messages.forEach((m, k) => convertMessage(b, loc, m, ['messages', k], skipped));
  if (typeof doc.sessionId === 'string') b.extra.sessionId = doc.sessionId;
  for (const [t, n] of skipped) b.notes.push(`${n} ${t} message(s) (the CLI's own notices, not sent to the model) skipped`);
  b.notes.push('Gemini CLI session; tool results recorded inside each call become tool messages after it; the system prompt and tool declarations are not recorded (the recorded usage includes them)');
  return b.finish();
}
