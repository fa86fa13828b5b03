/**
 * compactbench's messages to LangChain's `BaseMessage` and back, keeping identity (as ../ai-sdk/convert.ts
 * does for the AI SDK): the forward conversion goes through LangChain's own `coerceMessageLikeToMessage`,
 * which takes OpenAI-format dicts with `tool_calls`, and an untouched `BaseMessage` maps back to the very
 * message it came from. LangChain is the user's package, loaded from where their code resolves it, so
 * this file only describes the shapes it reads.
 */
import { contentText, type Message } from '../../core/messages.js';

/** The parts of a LangChain BaseMessage this adapter reads. */
export interface LcMessage {
  id?: string;
  content: unknown;
  tool_calls?: { id?: string; name: string; args: unknown }[];
  tool_call_id?: string;
  getType(): string;
}

export type Coerce = (m: Record<string, unknown>) => LcMessage;

const text = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: unknown) => (typeof p === 'string' ? p : (p as { text?: string }).text ?? '')).join('');
};

export class LcMessageMap {
  private readonly forward = new WeakMap<Message, LcMessage>();
  private readonly back = new WeakMap<LcMessage, Message>();

  constructor(private readonly coerce: Coerce) {}

  /** A fresh array (frameworks edit request arrays in place) of the cached conversions. */
  toLc(history: readonly Message[]): LcMessage[] {
    return history.map((m) => {
      let lc = this.forward.get(m);
      if (!lc) {
        const dict: Record<string, unknown> = { role: m.role, content: typeof m.content === 'string' || m.content == null ? (m.content ?? '') : contentText(m) };
        if (m.tool_calls?.length) dict.tool_calls = m.tool_calls;
        if (m.tool_call_id) dict.tool_call_id = m.tool_call_id;
        lc = this.coerce(dict);
        this.forward.set(m, lc);
        this.back.set(lc, m);
      }
      return lc;
    });
  }

  fromLc(msgs: readonly LcMessage[]): Message[] {
    return msgs.map((lc) => this.back.get(lc) ?? this.rebuild(lc));
  }

  private rebuild(lc: LcMessage): Message {
    const type = lc.getType();
    const content = text(lc.content);
    if (type === 'ai') {
      const calls = (lc.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.args ?? {}) } }));
      return { role: 'assistant', content: content || null, ...(calls.length ? { tool_calls: calls } : {}) };
    }
    if (type === 'tool') return { role: 'tool', tool_call_id: lc.tool_call_id ?? '', content };
    if (type === 'system') return { role: 'system', content };
    return { role: 'user', content };
  }
}
