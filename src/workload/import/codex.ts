/**
 * OpenAI Codex CLI session rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`).
 *
 * Source: the four rollouts in shared/traces/codex/ (Codex CLI/Desktop 0.104.0-alpha.1, gpt-5.3-codex;
 * PROVENANCE.md). Each line is `{timestamp, type, payload}`:
 * - `session_meta`: `base_instructions.text` is the system prompt (message 0); the tool schemas are not
 *   recorded (the recorded usage includes them).
 * - `response_item`: the Responses API items, in order. `message` (developer → system, user, assistant
 *   `output_text`), `reasoning` (its summary text → the assistant's `reasoning`), `function_call` and
 *   `custom_tool_call` (→ tool calls; a custom tool's free-form `input` is its arguments),
 *   `function_call_output` / `custom_tool_call_output` (→ tool messages). The output items of one model
 *   call (reasoning, commentary, calls) are merged into one assistant message. `web_search_call` items
 *   are run by the provider and have no result message: they are counted and left out.
 * - `event_msg` `token_count`: the usage of the call that just ended (`info.last_token_usage`;
 *   OpenAI counts `input_tokens` including `cached_input_tokens`). Codex repeats the event (once when the
 *   call ends, again before the next request): a repeat has the same `total_token_usage` and is dropped.
 *   Other `event_msg` lines repeat the response items for the UI and are ignored.
 * - `turn_context`: the model of the following calls.
 * - `compacted`: Codex replaced its history by `replacement_history` (with a remote compaction, the
 *   kept user/assistant messages, the initial context again and an opaque `compaction` item carrying the
 *   encrypted summary, imported as a user message of its recorded length). The replacement messages are
 *   appended and a compaction point marks the first of them; the pre-compaction messages stay in the file.
 * Redacted text (`[REDACTED_TEXT len=N sha=H]`) becomes stand-in prose of the same length (redacted.ts).
 */
import type { ContentPart, Message, ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { arr, isObj, obj, optNum, optStr, str, type Obj } from './expect.js';
import { checkUsage } from './usage.js';
import { lineLocator, readJsonLines } from './lines.js';
import type { Locator, Path } from './locate.js';
import { expandRedacted, expandRedactedName, parseRedaction } from './redacted.js';
import { isoEpoch } from './time.js';
import type { ImportedTrace, RecordedCall } from './types.js';

/** Response items a model call outputs (they open or extend the call's assistant message). */
const OUTPUT_ITEMS = new Set(['reasoning', 'function_call', 'custom_tool_call', 'web_search_call', 'local_shell_call']);

interface OpenCall {
  index: number;
  msg: Message;
  texts: string[];
  reasoning: string[];
  timestamp?: string;
}

class CodexReader {
  private open: OpenCall | undefined;
  /** the latest call, and whether its usage was attributed */
  private last: { call: OpenCall; priced: boolean } | undefined;
  /** a token_count that came before its call's output items (Codex 0.4x writes it first) */
  private early: { usage: Obj; loc: Locator } | undefined;
  private model: string | undefined;
  private lastTotal: string | undefined;
  private repeats = 0;
  private webSearches = 0;
  private readonly callNames = new Map<string, string>();
  private readonly unknown = new Map<string, number>();

  constructor(
    readonly b: TraceBuilder,
    readonly file: string,
  ) {}

  line(lineNo: number, value: unknown): void {
    const loc = lineLocator(this.file, lineNo);
    const d = obj(loc, value, []);
    const type = str(loc, d.type, ['type']);
    const p = d.payload === undefined ? {} : obj(loc, d.payload, ['payload']);
    const time = optStr(loc, d.timestamp, ['timestamp']);
    if (type === 'session_meta') this.sessionMeta(loc, p, time);
    else if (type === 'turn_context') this.model = optStr(loc, p.model, ['payload', 'model']) ?? this.model;
    else if (type === 'response_item') this.item(loc, p, ['payload'], time);
    else if (type === 'event_msg') this.event(loc, p, time);
    else if (type === 'compacted') this.compacted(loc, p, time);
    else this.count(`line type ${type}`);
  }

  private sessionMeta(loc: Locator, p: Obj, time: string | undefined): void {
    const bi = isObj(p.base_instructions) ? p.base_instructions : undefined;
    const text = bi ? optStr(loc, bi.text, ['payload', 'base_instructions', 'text']) : undefined;
    if (text !== undefined && this.b.messages.length === 0) this.b.push({ role: 'system', content: expandRedacted(text) }, isoEpoch(time));
    for (const k of ['id', 'cli_version', 'originator', 'source', 'model_provider'] as const) {
      if (typeof p[k] === 'string') this.b.extra[k === 'id' ? 'sessionId' : k] = p[k];
    }
  }

  private item(loc: Locator, p: Obj, path: Path, time: string | undefined): void {
    const t = str(loc, p.type, [...path, 'type']);
    if (t === 'message') {
      const role = str(loc, p.role, [...path, 'role']);
      const content = this.content(loc, p.content, [...path, 'content']);
      if (role === 'assistant') {
        const call = this.openCall(time);
        call.texts.push(typeof content === 'string' ? content : textOfParts(content));
        call.msg.content = call.texts.join('\n\n');
      } else {
        this.close();
        this.b.push({ role: role === 'user' ? 'user' : 'system', content }, isoEpoch(time));
        if (role !== 'user' && role !== 'developer' && role !== 'system') this.count(`message role ${role} (imported as system)`);
      }
    } else if (t === 'reasoning') {
      const call = this.openCall(time);
      const summary = Array.isArray(p.summary) ? p.summary : [];
      summary.forEach((s, k) => {
        const o = obj(loc, s, [...path, 'summary', k]);
        if (typeof o.text === 'string') call.reasoning.push(expandRedacted(o.text));
      });
      if (call.reasoning.length) call.msg.reasoning = call.reasoning.join('\n\n');
    } else if (t === 'function_call' || t === 'custom_tool_call') {
      const call = this.openCall(time);
      const id = str(loc, p.call_id, [...path, 'call_id']);
      const name = expandRedactedName(str(loc, p.name, [...path, 'name']));
      const args = t === 'function_call' ? str(loc, p.arguments, [...path, 'arguments']) : str(loc, p.input, [...path, 'input']);
      const tc: ToolCall = { id, type: 'function', function: { name, arguments: expandRedacted(args) } };
      (call.msg.tool_calls ??= []).push(tc);
      this.callNames.set(id, name);
    } else if (t === 'function_call_output' || t === 'custom_tool_call_output') {
      this.close();
      const id = str(loc, p.call_id, [...path, 'call_id']);
      const msg: Message = { role: 'tool', content: this.output(loc, p.output, [...path, 'output']), tool_call_id: id };
      const name = this.callNames.get(id);
      if (name !== undefined) msg.name = name;
      this.b.push(msg, isoEpoch(time));
    } else if (t === 'compaction') {
      // the remote compaction's opaque summary, sent back as input on the next requests
      this.close();
      const enc = optStr(loc, p.encrypted_content, [...path, 'encrypted_content']) ?? '';
      this.b.push({ role: 'user', content: expandRedacted(enc) }, isoEpoch(time));
    } else if (OUTPUT_ITEMS.has(t)) {
      this.openCall(time);
      this.webSearches++;
    } else this.count(`response item ${t}`);
  }

  private content(loc: Locator, v: unknown, path: Path): string | ContentPart[] {
    if (typeof v === 'string') return expandRedacted(v);
    const parts: ContentPart[] = arr(loc, v, path).map((raw, k) => {
      const o = obj(loc, raw, [...path, k]);
      const t = str(loc, o.type, [...path, k, 'type']);
      if (t === 'input_image') {
        const url = optStr(loc, o.image_url, [...path, k, 'image_url']) ?? '';
        const r = parseRedaction(url);
        return { type: 'image_url', image_url: { url: r ? `data:image/png;base64,redacted-${r.sha}` : url } };
      }
      return { type: 'text', text: expandRedacted(str(loc, o.text, [...path, k, 'text'])) };
    });
    return parts.every((p) => p.type === 'text') ? textOfParts(parts) : parts;
  }

  private output(loc: Locator, v: unknown, path: Path): string | ContentPart[] {
    if (typeof v === 'string') return expandRedacted(v);
    if (isObj(v) && typeof v.content === 'string') return expandRedacted(v.content);
    return this.content(loc, v, path);
  }

  private event(loc: Locator, p: Obj, time: string | undefined): void {
    if (p.type !== 'token_count' || !isObj(p.info)) return;
    const total = JSON.stringify(p.info.total_token_usage);
    if (total === this.lastTotal) {
      this.repeats++;
      return;
    }
    this.lastTotal = total;
    const usage = obj(loc, p.info.last_token_usage, ['payload', 'info', 'last_token_usage']);
    // Codex 0.1xx writes the count after the call's output (and, for a tool call, after its result);
    // Codex 0.4x writes it before the call's output items: it then prices the next call to open
    const call = this.open ?? (this.last && !this.last.priced ? this.last.call : undefined);
    if (call) {
      this.price(loc, call, usage);
      this.open = undefined;
      return;
    }
    if (this.early) this.b.warn(`token_count at ${time ?? '?'} follows another with no model output between them (the earlier one is not attributed)`);
    this.early = { usage, loc };
  }

  private price(loc: Locator, call: OpenCall, usage: Obj): void {
    this.b.calls.push(recordedCall(loc, call, usage, this.model));
    if (this.last?.call === call) this.last.priced = true;
  }

  private compacted(loc: Locator, p: Obj, time: string | undefined): void {
    this.close();
    const history = arr(loc, p.replacement_history ?? [], ['payload', 'replacement_history']);
    const first = this.b.messages.length;
    const preTokens = this.b.calls.at(-1) ? recordedPromptOf(this.b.calls.at(-1)!) : undefined;
    history.forEach((raw, k) => this.item(loc, obj(loc, raw, ['payload', 'replacement_history', k]), ['payload', 'replacement_history', k], time));
    this.close();
    if (this.b.messages.length === first) {
      this.b.warn(`compaction at ${time ?? '?'} with an empty replacement history`);
      return;
    }
    const point = { beforeMsgIndex: first, trigger: 'auto', ...(preTokens !== undefined ? { preTokens } : {}), ...(time ? { timestamp: time } : {}) };
    this.b.compactions.push(point);
  }

  private openCall(time: string | undefined): OpenCall {
    if (this.open) return this.open;
    const msg: Message = { role: 'assistant', content: '' };
    const call: OpenCall = { index: this.b.push(msg, isoEpoch(time)), msg, texts: [], reasoning: [], ...(time ? { timestamp: time } : {}) };
    this.open = call;
    this.last = { call, priced: false };
    if (this.early) {
      this.price(this.early.loc, call, this.early.usage);
      this.early = undefined;
    }
    return call;
  }

  /** An input item ends the model call's output; a call that recorded no usage stays unrecorded. */
  private close(): void {
    this.open = undefined;
  }

  private count(what: string): void {
    this.unknown.set(what, (this.unknown.get(what) ?? 0) + 1);
  }

  end(): void {
    const b = this.b;
    if (this.early) b.warn('the last token_count follows no model output (its usage is not attributed)');
    if (this.repeats) b.notes.push(`${this.repeats} repeated token_count event(s) (same total_token_usage) dropped`);
    if (this.webSearches) b.notes.push(`${this.webSearches} provider-run web_search_call item(s) have no result message and were left out`);
    for (const [t, n] of this.unknown) b.warn(`${n} ${t} not converted`);
    b.notes.push(
      'Codex rollout; output items of one call merged into one assistant message; tool schemas not recorded (the recorded usage includes them); ' +
        'redacted text replaced by stand-in prose of the recorded length, identical for identical originals (tokenizer counts of it differ from the originals)',
    );
  }
}

function recordedCall(loc: Locator, call: OpenCall, u: Obj, model: string | undefined): RecordedCall {
  const path = ['payload', 'info', 'last_token_usage'];
  checkUsage(loc, u, path);
  const input = optNum(loc, u.input_tokens, [...path, 'input_tokens']) ?? 0;
  const cached = optNum(loc, u.cached_input_tokens, [...path, 'cached_input_tokens']) ?? 0;
  const out: RecordedCall = { msgIndex: call.index, input: Math.max(0, input - cached), cacheRead: cached, cacheWrite: 0, raw: u };
  const output = optNum(loc, u.output_tokens, [...path, 'output_tokens']);
  if (output !== undefined) out.output = output;
  if (model !== undefined) out.model = model;
  if (call.timestamp !== undefined) out.timestamp = call.timestamp;
  return out;
}

const recordedPromptOf = (c: RecordedCall): number | undefined => (c.input === undefined ? undefined : c.input + (c.cacheRead ?? 0) + (c.cacheWrite ?? 0));

function textOfParts(parts: readonly ContentPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
}

export async function importCodex(file: string): Promise<ImportedTrace> {
  const b = new TraceBuilder('codex', file);
  const reader = new CodexReader(b, file);
  for await (const { lineNo, value } of readJsonLines(file)) reader.line(lineNo, value);
  reader.end();
  return b.finish();
}
