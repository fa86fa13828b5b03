/**
 * OpenAI chat-format transcripts: JSONL with one message per line (the format this tool writes, and
 * shared/traces/openai/), JSONL with one `{"messages": [...]}` conversation per line (fine-tuning
 * files; `--entry` picks one), or a JSON array of messages. A sidecar `<stem>.meta.json` next to the
 * file (ours or the reference format) supplies the recorded usage and compaction points.
 */
import { ROLES, type ContentPart, type Message, type Role, type ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { ImportError } from './errors.js';
import { arr, isObj, obj, optStr, str } from './expect.js';
import { lineLocator, looksLikeJsonl, readHead, readJsonLines } from './lines.js';
import { readJsonDocument, type Locator, type Path } from './locate.js';
import { metaPathFor, readMetaFile } from './sidecar.js';
import type { ImportedTrace, ImportOptions } from './types.js';

/** Validates one chat message, keeping the fields of the Message model. */
export function parseMessage(loc: Locator, v: unknown, path: Path): Message {
  const o = obj(loc, v, path);
  let role = str(loc, o.role, [...path, 'role']) as Role | 'developer';
  if (role === 'developer') role = 'system';
  if (!ROLES.includes(role)) loc.fail([...path, 'role'], `expected one of ${ROLES.join(', ')}, got ${JSON.stringify(role)}`);
  const msg: Message = { role, content: content(loc, o.content, [...path, 'content']) };
  if (o.tool_calls !== undefined && o.tool_calls !== null) {
    const calls = arr(loc, o.tool_calls, [...path, 'tool_calls']).map((tc, k) => toolCall(loc, tc, [...path, 'tool_calls', k]));
    if (calls.length) msg.tool_calls = calls;
  }
  const id = optStr(loc, o.tool_call_id, [...path, 'tool_call_id']);
  if (id !== undefined) msg.tool_call_id = id;
  else if (role === 'tool') loc.fail([...path, 'tool_call_id'], 'a tool message needs a tool_call_id');
  const name = optStr(loc, o.name, [...path, 'name']);
  if (name !== undefined) msg.name = name;
  const reasoning = optStr(loc, o.reasoning, [...path, 'reasoning']);
  if (reasoning !== undefined) msg.reasoning = reasoning;
  const rc = optStr(loc, o.reasoning_content, [...path, 'reasoning_content']);
  if (rc !== undefined) msg.reasoning_content = rc;
  if (o.reasoning_details !== undefined && o.reasoning_details !== null) msg.reasoning_details = arr(loc, o.reasoning_details, [...path, 'reasoning_details']);
  return msg;
}

function content(loc: Locator, v: unknown, path: Path): string | ContentPart[] | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  return arr(loc, v, path).map((raw, k): ContentPart => {
    const p = obj(loc, raw, [...path, k]);
    const type = str(loc, p.type, [...path, k, 'type']);
    if (type === 'text' || type === 'input_text') return { type: 'text', text: str(loc, p.text, [...path, k, 'text']) };
    if (type === 'image_url') {
      const u = p.image_url;
      const url = typeof u === 'string' ? u : str(loc, obj(loc, u, [...path, k, 'image_url']).url, [...path, k, 'image_url', 'url']);
      return { type: 'image_url', image_url: { url } };
    }
    return loc.fail([...path, k, 'type'], `unsupported content part type ${JSON.stringify(type)} (expected text or image_url)`);
  });
}

function toolCall(loc: Locator, v: unknown, path: Path): ToolCall {
  const tc = obj(loc, v, path);
  const fn = obj(loc, tc.function, [...path, 'function']);
  const args = fn.arguments;
  if (args !== undefined && typeof args !== 'string' && !isObj(args)) loc.fail([...path, 'function', 'arguments'], 'expected a JSON string or object');
  return {
    id: str(loc, tc.id, [...path, 'id']),
    type: 'function',
    function: { name: str(loc, fn.name, [...path, 'function', 'name']), arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

async function readJsonl(file: string, b: TraceBuilder, entry: number): Promise<void> {
  let conversations = 0;
  let perLine: boolean | undefined;
  for await (const { lineNo, value } of readJsonLines(file)) {
    const loc = lineLocator(file, lineNo);
    perLine ??= !(isObj(value) && Array.isArray(value.messages));
    if (perLine) {
      b.push(parseMessage(loc, value, []));
      continue;
    }
    const o = obj(loc, value, []);
    if (conversations++ !== entry) continue;
    arr(loc, o.messages, ['messages']).forEach((m, k) => b.push(parseMessage(loc, m, ['messages', k])));
  }
  if (perLine === false) {
    if (entry >= conversations) throw new ImportError(file, undefined, `entry ${entry} requested, the file holds ${conversations} conversation(s)`);
    if (conversations > 1) b.notes.push(`file holds ${conversations} conversations; imported entry ${entry}`);
  }
}

async function applySidecar(file: string, b: TraceBuilder): Promise<void> {
  for (const path of [metaPathFor(file), `${file}.meta.json`]) {
    const meta = await readMetaFile(path);
    if (!meta) continue;
    const n = b.messages.length;
    for (const c of meta.calls ?? []) {
      if (c.msgIndex < n && b.messages[c.msgIndex]!.role === 'assistant') b.calls.push(c);
      else b.warn(`${path}: recorded usage for message ${c.msgIndex}, which is not an assistant message (ignored)`);
    }
    for (const p of meta.compactions ?? []) if (p.beforeMsgIndex <= n) b.compactions.push(p);
    if (meta.model !== undefined) b.model = meta.model;
    if (meta.times?.length === n) meta.times.forEach((t, i) => b.setTime(i, t === null ? null : (meta.startEpoch ?? 0) + t));
    Object.assign(b.extra, meta.extra ?? {});
    b.notes.push(`recorded usage and compaction points read from ${path}`);
    return;
  }
}

export async function importOpenAi(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const b = new TraceBuilder('openai', file);
  if (!(await looksLikeJsonl(file)) && (await readHead(file, 4096)).trimStart().startsWith('[')) {
    const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
    arr(loc, root, []).forEach((m, k) => b.push(parseMessage(loc, m, [k])));
  } else await readJsonl(file, b, opts.entry ?? 0);
  await applySidecar(file, b);
  return b.finish();
}
