/**
 * ShareGPT conversations (`{"conversations": [{"from", "value"}, ...]}`), the format of Hermes Agent
 * trajectories: JSONL with one conversation per line (`--entry` picks one; default the first), a JSON
 * array of conversations, one conversation object, or a bare list of turns.
 *
 * Source: NousResearch/hermes-agent, run_agent.py `_convert_to_trajectory_format` (and
 * `_save_trajectory_to_file`, which adds `timestamp`, `model`, `completed`). Hermes writes an assistant
 * turn (`gpt`) as `<think>\n{reasoning}\n</think>\n{content}\n<tool_call>\n{"name", "arguments"}\n</tool_call>...`
 * and all results of one turn as a single `tool` turn of `<tool_response>\n{"tool_call_id", "name",
 * "content"}\n</tool_response>` blocks joined by newlines. The importer reverses that: calls get the
 * recorded `tool_call_id` of their response when it has one (else a stable `call_<n>`), results are
 * paired with calls in order, and a result with no call left is kept as an orphan and flagged.
 */
import type { Message, ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { ImportError } from './errors.js';
import { arr, isObj, obj, str, type Obj } from './expect.js';
import { lineLocator, looksLikeJsonl, readJsonLines } from './lines.js';
import { readJsonDocument, type Locator, type Path } from './locate.js';
import { pyJson } from './py-json.js';
import type { ImportedTrace, ImportOptions } from './types.js';

const ROLE_OF: Readonly<Record<string, 'system' | 'user' | 'assistant' | 'tool'>> = {
  system: 'system', human: 'user', user: 'user', gpt: 'assistant', assistant: 'assistant', model: 'assistant',
  tool: 'tool', function_response: 'tool', observation: 'tool', ipython: 'tool',
};

class ShareGptReader {
  /** calls of the last assistant turn still waiting for a result */
  private pending: ToolCall[] = [];

  constructor(readonly b: TraceBuilder) {}

  turn(loc: Locator, raw: unknown, path: Path): void {
    const t = obj(loc, raw, path);
    const from = str(loc, t.from, [...path, 'from']);
    const role = ROLE_OF[from];
    if (!role) loc.fail([...path, 'from'], `unknown speaker ${JSON.stringify(from)} (expected ${Object.keys(ROLE_OF).join(', ')})`);
    const value = str(loc, t.value, [...path, 'value']);
    if (role === 'assistant') this.assistant(value, path);
    else if (role === 'tool') this.results(value);
    else {
      this.pending = [];
      this.b.push({ role, content: value });
    }
  }

  private assistant(value: string, path: Path): void {
    let text = value;
    let reasoning: string | undefined;
    const think = /^\s*<think>\n?([\s\S]*?)\n?<\/think>\n?/.exec(text);
    if (think) {
      reasoning = think[1]!.trim() || undefined;
      text = text.slice(think[0].length);
    }
    const calls: ToolCall[] = [];
    text = text.replace(/<tool_call>\n?([\s\S]*?)\n?<\/tool_call>\n?/g, (whole, inner: string) => {
      const call = this.parseCall(inner, path);
      if (!call) return whole;
      calls.push(call);
      return '';
    });
    const msg: Message = { role: 'assistant', content: text.trim() };
    if (reasoning) msg.reasoning = reasoning;
    if (calls.length) msg.tool_calls = calls;
    this.b.push(msg);
    this.pending = [...calls];
  }

  private parseCall(inner: string, path: Path): ToolCall | undefined {
    let v: unknown;
    try {
      v = JSON.parse(inner);
    } catch {
      this.b.warn(`${path.join('.')}: <tool_call> body is not JSON; kept as text`);
      return undefined;
    }
    if (!isObj(v) || typeof v.name !== 'string') {
      this.b.warn(`${path.join('.')}: <tool_call> without a "name"; kept as text`);
      return undefined;
    }
    const args = typeof v.arguments === 'string' ? v.arguments : pyJson(v.arguments ?? {});
    const id = typeof v.id === 'string' ? v.id : this.b.syntheticId();
    return { id, type: 'function', function: { name: v.name, arguments: args } };
  }

  private results(value: string): void {
    const blocks = [...value.matchAll(/<tool_response>\n?([\s\S]*?)\n?<\/tool_response>/g)].map((m) => m[1]!);
    for (const inner of blocks.length ? blocks : [value]) this.result(inner);
  }

  private result(inner: string): void {
    let recorded: Obj | undefined;
    try {
      const v: unknown = JSON.parse(inner);
      if (isObj(v) && 'content' in v) recorded = v;
    } catch {
      // a plain-text result
    }
    const content = recorded ? (typeof recorded.content === 'string' ? recorded.content : JSON.stringify(recorded.content)) : inner;
    const call = this.pending.shift();
    const recId = recorded && typeof recorded.tool_call_id === 'string' && recorded.tool_call_id ? recorded.tool_call_id : undefined;
    if (call && recId && /^call_\d+$/.test(call.id)) call.id = recId; // restore the id Hermes recorded
    const msg: Message = { role: 'tool', content, tool_call_id: call?.id ?? recId ?? this.b.syntheticId() };
    const name = call?.function.name ?? (recorded && typeof recorded.name === 'string' ? recorded.name : undefined);
    if (name !== undefined) msg.name = name;
    this.b.push(msg);
  }
}

function convertConversation(b: TraceBuilder, loc: Locator, conv: unknown, path: Path): void {
  const reader = new ShareGptReader(b);
  const turnsPath: Path = Array.isArray(conv) ? path : [...path, 'conversations'];
  const holder = Array.isArray(conv) ? undefined : obj(loc, conv, path);
  const turns = arr(loc, holder ? holder.conversations : conv, turnsPath);
  if (!turns.length) loc.fail(turnsPath, 'empty conversation: no turns');
  turns.forEach((t, k) => reader.turn(loc, t, [...turnsPath, k]));
  if (holder) {
    if (typeof holder.model === 'string') b.model = holder.model;
    for (const key of ['timestamp', 'completed', 'source', 'id']) if (holder[key] !== undefined) b.extra[key] = holder[key];
  }
}

async function fromJsonl(file: string, b: TraceBuilder, entry: number): Promise<number> {
  let n = 0;
  for await (const { lineNo, value } of readJsonLines(file)) {
    if (n++ === entry) convertConversation(b, lineLocator(file, lineNo), value, []);
  }
  if (entry >= n) throw new ImportError(file, undefined, `entry ${entry} requested, the file holds ${n} conversation(s)`);
  if (n > 1) b.notes.push(`file holds ${n} conversations; imported entry ${entry}`);
  return n;
}

export async function importShareGpt(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const b = new TraceBuilder('sharegpt', file);
  const entry = opts.entry ?? 0;
  let entries = 1;
  if (await looksLikeJsonl(file)) entries = await fromJsonl(file, b, entry);
  else {
    const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
    const isTurnList = Array.isArray(root) && root.length > 0 && isObj(root[0]) && 'from' in root[0];
    if (Array.isArray(root) && !isTurnList) {
      if (entry >= root.length) throw new ImportError(file, undefined, `entry ${entry} requested, the file holds ${root.length} conversation(s)`);
      convertConversation(b, loc, root[entry], [entry]);
      entries = root.length;
    } else convertConversation(b, loc, root, []);
  }
  b.notes.push('ShareGPT conversation: <think> → reasoning, <tool_call> → tool_calls, <tool_response> → tool results paired in order');
  const trace = b.finish();
  return entries > 1 ? { ...trace, entries } : trace;
}
