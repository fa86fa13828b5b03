/**
 * compactbench's messages (OpenAI chat format) to Gemini CLI's history (`Content[]`) and back, keeping
 * identity at the level Gemini CLI keeps it: the part. Its services return new `Content` objects for
 * everything (compression rebuilds every Content around the parts it kept), but an untouched part is the
 * very object it was, so a part this map made maps back to the very message it came from, and the
 * harness's cache diff sees untouched messages as unchanged.
 *
 * The form is the one Gemini CLI stores and oracles/gemini-cli checks the port against: a user (or
 * system) message is `{ role: 'user', parts: [{ text }] }`; an assistant message is `{ role: 'model',
 * parts }` with its text (when it has any) and one `{ functionCall: { id, name, args } }` per call; a run
 * of tool results is one `{ role: 'user', parts }` of `{ functionResponse: { id, name, response: {
 * output } } }`. Reasoning and images are not sent to the services (the port does not count them
 * either); they survive on every message the services leave untouched.
 */
import { contentText, type Message, type ToolCall } from '../../core/messages.js';

export interface GeminiPart {
  text?: string;
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: Record<string, unknown> };
}

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

const parseArgs = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

/** The text a rebuilt tool result carries: the response's `output`, else its JSON (as Gemini CLI reads it). */
function responseText(r: Record<string, unknown> | undefined): string {
  if (r && typeof r.output === 'string') return r.output;
  if (r && typeof r.content === 'string') return r.content;
  return JSON.stringify(r ?? {});
}

export class ContentMap {
  /** message → its parts (an assistant's parts as one array, so an untouched model Content is recognised) */
  private readonly partsOf = new WeakMap<Message, GeminiPart[]>();
  /** part → the message it belongs to */
  private readonly origin = new WeakMap<GeminiPart, Message>();
  /** functionCall part → the tool call it was made from (its argument string, byte for byte) */
  private readonly callOf = new WeakMap<GeminiPart, ToolCall>();
  /** tool call id → the result message, what a rebuilt result copies its fields from */
  private readonly resultById = new Map<string, Message>();
  /** tool call id → tool name (a result without `name` is named by its call) */
  private readonly nameById = new Map<string, string>();

  /** `normalize` rewrites the text of every part the services made (their temp paths; ./environment.ts). */
  constructor(private readonly normalize: (text: string) => string = (t) => t) {}

  private parts(m: Message): GeminiPart[] {
    let parts = this.partsOf.get(m);
    if (parts) return parts;
    const text = contentText(m);
    if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      this.resultById.set(id, m);
      parts = [{ functionResponse: { id, name: m.name ?? this.nameById.get(id), response: { output: text } } }];
    } else if (m.role === 'assistant') {
      parts = text ? [{ text }] : [];
      for (const tc of m.tool_calls ?? []) {
        this.nameById.set(tc.id, tc.function.name);
        const p: GeminiPart = { functionCall: { id: tc.id, name: tc.function.name, args: parseArgs(tc.function.arguments) } };
        this.callOf.set(p, tc);
        parts.push(p);
      }
    } else parts = [{ text }];
    this.register(m, parts);
    return parts;
  }

  private register(m: Message, parts: GeminiPart[]): void {
    this.partsOf.set(m, parts);
    for (const p of parts) this.origin.set(p, m);
  }

  /** Gemini CLI's history for `history` (fresh Content objects, the cached parts). */
  toContents(history: readonly Message[]): GeminiContent[] {
    const out: GeminiContent[] = [];
    for (let i = 0; i < history.length; i++) {
      const m = history[i]!;
      const parts = this.parts(m);
      if (m.role === 'tool' && i > 0 && history[i - 1]!.role === 'tool') out[out.length - 1]!.parts.push(parts[0]!);
      else out.push({ role: m.role === 'assistant' ? 'model' : 'user', parts: m.role === 'tool' ? [parts[0]!] : parts });
    }
    return out;
  }

  /** Back to messages: the original of every part this map made, a new (remembered) message for the rest. */
  fromContents(contents: readonly GeminiContent[]): Message[] {
    const out: Message[] = [];
    for (const c of contents) {
      if (c.role === 'model') out.push(this.modelMessage(c.parts));
      else for (const p of c.parts) out.push(this.userPart(p));
    }
    return out;
  }

  private modelMessage(parts: GeminiPart[]): Message {
    const first = parts[0] && this.origin.get(parts[0]);
    const own = first && this.partsOf.get(first);
    if (own && own.length === parts.length && own.every((p, i) => p === parts[i])) return first;
    const text = parts.filter((p) => typeof p.text === 'string').map((p) => this.normalize(p.text!)).join('\n');
    const calls = parts.filter((p) => p.functionCall).map((p): ToolCall => this.callOf.get(p) ?? {
      id: p.functionCall!.id ?? '', type: 'function',
      function: { name: p.functionCall!.name ?? '', arguments: typeof p.functionCall!.args === 'string' ? p.functionCall!.args : JSON.stringify(p.functionCall!.args ?? {}) },
    });
    const m: Message = { role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) };
    this.register(m, parts);
    return m;
  }

  private userPart(p: GeminiPart): Message {
    const known = this.origin.get(p);
    if (known) return known;
    let m: Message;
    if (p.functionResponse) {
      const id = p.functionResponse.id ?? '';
      const base = this.resultById.get(id);
      m = { ...(base ?? { role: 'tool' as const, tool_call_id: id, ...(p.functionResponse.name ? { name: p.functionResponse.name } : {}) }), content: this.normalize(responseText(p.functionResponse.response)) };
    } else m = { role: 'user', content: this.normalize(p.text ?? '') };
    this.register(m, [p]);
    return m;
  }
}
