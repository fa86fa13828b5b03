/**
 * compactbench's messages (OpenAI chat format) to the AI SDK's `ModelMessage` and back, keeping
 * identity both ways: a message converted once is the same `ModelMessage` object on every later step,
 * and a `ModelMessage` (or content part) the framework hands back untouched maps to the very message
 * (or tool call) it came from. The harness's cache diff sees an untouched message as unchanged only if
 * it is the same object; a framework that returns the same part inside a new message (pruneMessages
 * filters parts) gets the original call's argument string back, byte for byte.
 *
 * Shapes as the AI SDK 6/7 documents them: assistant content is an array of `text`, `reasoning` and
 * `tool-call` parts (`input` is the parsed arguments); each tool result is a `tool` message with one
 * `tool-result` part whose `output` is `{ type: 'text', value }`.
 */
import { contentText, type Message, type ToolCall } from '../../core/messages.js';

/** The subset of the AI SDK's ModelMessage this adapter produces and reads (structural, no import of `ai`). */
export type Part =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'image'; image: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: { type: string; value: unknown } };

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | Part[];
}

const parse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

export class MessageMap {
  private readonly forward = new WeakMap<Message, ModelMessage>();
  private readonly back = new WeakMap<ModelMessage, Message>();
  private readonly calls = new WeakMap<object, ToolCall>();
  /** tool call id → tool name, for results (OpenAI results carry only the id) */
  private readonly names = new Map<string, string>();

  toModel(history: readonly Message[]): ModelMessage[] {
    return history.map((m) => {
      let mm = this.forward.get(m);
      if (!mm) {
        mm = this.convert(m);
        this.forward.set(m, mm);
        this.back.set(mm, m);
      }
      return mm;
    });
  }

  private convert(m: Message): ModelMessage {
    if (m.role === 'assistant') {
      const parts: Part[] = [];
      const reasoning = m.reasoning ?? m.reasoning_content;
      if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
      const text = contentText(m);
      if (text) parts.push({ type: 'text', text });
      for (const c of m.tool_calls ?? []) {
        this.names.set(c.id, c.function.name);
        const part: Part = { type: 'tool-call', toolCallId: c.id, toolName: c.function.name, input: parse(c.function.arguments) };
        this.calls.set(part, c);
        parts.push(part);
      }
      return { role: 'assistant', content: parts };
    }
    if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      return { role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: this.names.get(id) ?? m.name ?? 'tool', output: { type: 'text', value: contentText(m) } }] };
    }
    if (typeof m.content === 'string' || m.content == null) return { role: m.role, content: m.content ?? '' };
    return { role: m.role, content: m.content.map((p): Part => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image', image: p.image_url.url })) };
  }

  /** Back to compactbench messages: untouched ones are the originals; tool messages split one per result. */
  fromModel(msgs: readonly ModelMessage[]): Message[] {
    const out: Message[] = [];
    for (const mm of msgs) {
      const orig = this.back.get(mm);
      if (orig) out.push(orig);
      else out.push(...this.rebuild(mm));
    }
    return out;
  }

  private rebuild(mm: ModelMessage): Message[] {
    const parts: Part[] = typeof mm.content === 'string' ? [{ type: 'text', text: mm.content }] : mm.content;
    const text = parts.filter((p): p is Extract<Part, { type: 'text' }> => p.type === 'text').map((p) => p.text).join('\n');
    if (mm.role === 'tool') {
      return parts.filter((p): p is Extract<Part, { type: 'tool-result' }> => p.type === 'tool-result').map((p) => ({
        role: 'tool', tool_call_id: p.toolCallId, content: resultText(p.output),
      }));
    }
    if (mm.role === 'assistant') {
      const reasoning = parts.filter((p) => p.type === 'reasoning').map((p) => (p as { text: string }).text).join('\n');
      const calls = parts.filter((p): p is Extract<Part, { type: 'tool-call' }> => p.type === 'tool-call').map((p): ToolCall =>
        this.calls.get(p) ?? { id: p.toolCallId, type: 'function', function: { name: p.toolName, arguments: typeof p.input === 'string' ? p.input : JSON.stringify(p.input) } });
      return [{ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}), ...(reasoning ? { reasoning } : {}) }];
    }
    return [{ role: mm.role, content: text }];
  }
}

function resultText(o: { type: string; value: unknown }): string {
  if (typeof o.value === 'string') return o.value;
  return JSON.stringify(o.value ?? '');
}
