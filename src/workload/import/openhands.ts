/**
 * OpenHands event streams: a JSON list of events (the runtime's trajectory dumps, e.g.
 * tests/runtime/trajs/*.json), an object with a `history` list, or an evaluation `output.jsonl` with one
 * instance per line (`--entry` picks one). Old histories of `[action, observation]` pairs are flattened.
 *
 * Source: All-Hands-AI/OpenHands (openhands/events/serialization, openhands/memory/conversation_memory.py)
 * and shared/traces/openhands/ with their reference conversions (PROVENANCE.md). As ConversationMemory
 * builds the LLM's messages: a user `message` is a user message; agent actions that came from a model
 * response (`tool_call_metadata`) form one assistant message per `model_response.id` (its content and
 * all its tool calls, native ids); the matching observations are `tool` results with the observation's
 * `content`; a plain agent `message`/`finish` without metadata is an assistant text; the `system` action
 * is the system prompt. State changes, `null` observations and environment events are not sent to the
 * model and are skipped. Per-call usage comes from `model_response.usage`.
 */
import type { ContentPart, Message, ToolCall } from '../../core/messages.js';
import { ImportError } from './errors.js';
import { TraceBuilder } from './builder.js';
import { arr, isObj, obj, optObj, optStr, str, textOf, type Obj } from './expect.js';
import { checkUsage } from './usage.js';
import { lineLocator, looksLikeJsonl, readJsonLines } from './lines.js';
import { readJsonDocument, type Locator, type Path } from './locate.js';
import { isLegacyHistory, LegacyReader } from './openhands-legacy.js';
import { isoEpoch } from './time.js';
import type { ImportedTrace, ImportOptions } from './types.js';

const SKIPPED_OBSERVATIONS = new Set(['null', 'agent_state_changed', 'recall', 'agent_condensation', 'user_rejected']);

class OpenHandsReader {
  private readonly responses = new Map<string, number>();
  private readonly causes = new Map<number, { id: string; name: string }>();
  private readonly callNames = new Map<string, string>();

  constructor(readonly b: TraceBuilder) {}

  event(loc: Locator, raw: unknown, path: Path): void {
    const e = obj(loc, raw, path);
    const source = optStr(loc, e.source, [...path, 'source']);
    const epoch = isoEpoch(e.timestamp);
    if ('observation' in e) return this.observation(loc, e, path, epoch);
    const action = optStr(loc, e.action, [...path, 'action']);
    if (action === undefined) loc.fail(path, 'expected an event with an "action" or "observation" key');
    const args = isObj(e.args) ? e.args : {};
    if (action === 'system') {
      this.b.push({ role: 'system', content: textOf(loc, args.content ?? e.message, [...path, 'args', 'content']) }, epoch);
    } else if (source === 'user' && action === 'message') {
      this.b.push({ role: 'user', content: userContent(loc, e, args, path) }, epoch);
    } else if (source === 'agent') {
      const tcm = optObj(loc, e.tool_call_metadata, [...path, 'tool_call_metadata']);
      if (tcm) this.modelAction(loc, e, tcm, [...path, 'tool_call_metadata'], epoch);
      else if (action === 'message' || action === 'finish' || action === 'think') {
        const text = textOf(loc, args.content ?? args.thought ?? e.message, [...path, 'args', 'content']);
        this.b.push({ role: 'assistant', content: text }, epoch);
      } else if (action === 'condensation') {
        this.b.compactions.push({ beforeMsgIndex: this.b.messages.length, trigger: 'condensation' });
      } else this.b.warn(`${path.join('.')}: agent action ${JSON.stringify(action)} without tool_call_metadata not converted`);
    }
  }

  private modelAction(loc: Locator, e: Obj, tcm: Obj, path: Path, epoch: number | undefined): void {
    const callId = str(loc, tcm.tool_call_id, [...path, 'tool_call_id']);
    const name = str(loc, tcm.function_name, [...path, 'function_name']);
    const resp = obj(loc, tcm.model_response, [...path, 'model_response']);
    const respId = optStr(loc, resp.id, [...path, 'model_response', 'id']) ?? callId;
    if (typeof e.id === 'number') this.causes.set(e.id, { id: callId, name });
    this.callNames.set(callId, name);
    if (this.responses.has(respId)) return;
    const choices = arr(loc, resp.choices, [...path, 'model_response', 'choices']);
    const msgPath: Path = [...path, 'model_response', 'choices', 0, 'message'];
    const m = obj(loc, obj(loc, choices[0], [...path, 'model_response', 'choices', 0]).message, msgPath);
    const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : []).map((tc, k) => toolCall(loc, tc, [...msgPath, 'tool_calls', k]));
    const msg: Message = { role: 'assistant', content: textOf(loc, m.content, [...msgPath, 'content']) };
    if (calls.length) msg.tool_calls = calls;
    const index = this.b.push(msg, epoch);
    this.responses.set(respId, index);
    checkUsage(loc, resp.usage, [...path, 'model_response', 'usage']);
    this.b.recordCall(index, resp.usage, optStr(loc, resp.model, [...path, 'model_response', 'model']), optStr(loc, e.timestamp, []));
  }

  private observation(loc: Locator, e: Obj, path: Path, epoch: number | undefined): void {
    const kind = str(loc, e.observation, [...path, 'observation']);
    if (SKIPPED_OBSERVATIONS.has(kind) || e.source === 'environment') return;
    const content = textOf(loc, e.content, [...path, 'content']);
    const tcm = optObj(loc, e.tool_call_metadata, [...path, 'tool_call_metadata']);
    const cause = typeof e.cause === 'number' ? this.causes.get(e.cause) : undefined;
    const id = tcm ? str(loc, tcm.tool_call_id, [...path, 'tool_call_metadata', 'tool_call_id']) : cause?.id;
    if (id === undefined) {
      // OpenHands shows an observation with no call behind it (e.g. an error) to the model as user text
      this.b.push({ role: 'user', content }, epoch);
      return;
    }
    const msg: Message = { role: 'tool', content, tool_call_id: id };
    const name = this.callNames.get(id) ?? (tcm ? optStr(loc, tcm.function_name, [...path, 'tool_call_metadata', 'function_name']) : undefined);
    if (name !== undefined) msg.name = name;
    this.b.push(msg, epoch);
  }
}

function userContent(loc: Locator, e: Obj, args: Obj, path: Path): string | ContentPart[] {
  const text = textOf(loc, args.content ?? e.message, [...path, 'args', 'content']);
  const images = Array.isArray(args.image_urls) ? args.image_urls.filter((u): u is string => typeof u === 'string') : [];
  if (!images.length) return text;
  return [{ type: 'text', text }, ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } }))];
}

function toolCall(loc: Locator, raw: unknown, path: Path): ToolCall {
  const tc = obj(loc, raw, path);
  const fn = obj(loc, tc.function, [...path, 'function']);
  const args = fn.arguments;
  return {
    id: str(loc, tc.id, [...path, 'id']),
    type: 'function',
    function: { name: str(loc, fn.name, [...path, 'function', 'name']), arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

/** The event list of a document: a list, `{history}`, with `[action, observation]` pairs flattened. */
function eventsOf(loc: Locator, root: unknown, base: Path): { events: unknown[]; path: (i: number) => Path; extra: Obj } {
  const holder = Array.isArray(root) ? undefined : obj(loc, root, base);
  const list = holder ? arr(loc, holder.history, [...base, 'history']) : (root as unknown[]);
  const prefix: Path = holder ? [...base, 'history'] : base;
  const events: unknown[] = [];
  const where: Path[] = [];
  const add = (e: unknown, at: Path): void => {
    events.push(e);
    where.push(at);
  };
  list.forEach((x, k) => {
    if (Array.isArray(x)) x.forEach((y, j) => add(y, [...prefix, k, j]));
    else add(x, [...prefix, k]);
  });
  const extra: Obj = {};
  if (holder) for (const key of ['instance_id', 'metrics', 'error']) if (holder[key] !== undefined) extra[key] = holder[key];
  return { events, path: (i) => where[i]!, extra };
}

function convert(b: TraceBuilder, loc: Locator, root: unknown, base: Path): ImportedTrace {
  const { events, path, extra } = eventsOf(loc, root, base);
  if (isLegacyHistory(events)) {
    const legacy = new LegacyReader(b);
    events.forEach((e, i) => legacy.event(loc, obj(loc, e, path(i)), path(i)));
    b.notes.push('legacy OpenHands history (resolver output): each action is one assistant tool call with a synthesized id, its observation the result');
  } else {
    const reader = new OpenHandsReader(b);
    events.forEach((e, i) => reader.event(loc, e, path(i)));
    b.notes.push('OpenHands event stream: one assistant message per model response; state changes and null observations skipped');
  }
  Object.assign(b.extra, extra);
  return b.finish();
}

export async function importOpenHands(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const b = new TraceBuilder('openhands', file);
  if (!(await looksLikeJsonl(file))) {
    const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
    return convert(b, loc, root, []);
  }
  const want = opts.entry ?? 0;
  let n = 0;
  let picked: { lineNo: number; value: unknown } | undefined;
  for await (const { lineNo, value } of readJsonLines(file)) {
    if (n++ === want) picked = { lineNo, value };
  }
  if (!picked) throw new ImportError(file, undefined, `entry ${want} requested, the file holds ${n} instance(s)`);
  if (n > 1) b.notes.push(`file holds ${n} instances; imported entry ${want} (line ${picked.lineNo})`);
  const trace = convert(b, lineLocator(file, picked.lineNo), picked.value, []);
  return n > 1 ? { ...trace, entries: n } : trace;
}
