/**
 * compactbench's messages (OpenAI chat format) to the Cline SDK's `MessageWithMetadata` (Anthropic content
 * blocks + `metadata`) and back, one message for one, as the SDK's own runtime hands them to a
 * prepare-turn: each tool result is a user message of its own with one `tool_result` block (@cline/core
 * 0.0.86 converts every runtime `tool` message so, and merges them only when it builds the provider
 * request).
 *
 * Identity is kept both ways, which the harness's cache diff depends on:
 * - a message converted once is the same Cline object on every later step (the shadow history);
 * - a Cline object handed back untouched maps to the very message it came from, and so does a copy the
 *   SDK made with the same content (basic compaction returns `{ ...message, metadata }` for the messages
 *   it preserves); a new message is rebuilt, with a tool call it kept mapped to the original call;
 * - what the SDK returned is what it finds on the next step: its markers (`metadata.kind` `compaction` /
 *   `compaction_summary`, the summary it folds the next one into) survive between steps, keyed by the
 *   harness message they map to, and by content should the bridge ever resend a history as copies.
 */
import { contentText, type ContentPart, type Message, type ToolCall } from '../../core/messages.js';

/** The blocks of the SDK's `@cline/shared` ContentBlock this adapter produces and reads (structural, no import). */
export type Block =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mediaType: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; name: string; content: string | Block[]; is_error?: boolean };

export interface ClineMessage {
  role: 'user' | 'assistant';
  content: string | Block[];
  metadata?: Record<string, unknown>;
}

const parseInput = (s: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { raw: s };
  }
};

const DATA_URL = /^data:([^;,]+)[^,]*,(.*)$/s;

function userContent(content: Message['content']): string | Block[] {
  if (typeof content === 'string' || content == null) return content ?? '';
  return content.map((p): Block => {
    if (p.type === 'text') return { type: 'text', text: p.text };
    const m = DATA_URL.exec(p.image_url.url);
    return m ? { type: 'image', data: m[2]!, mediaType: m[1]! } : { type: 'image', data: p.image_url.url, mediaType: 'image/png' };
  });
}

const blockText = (b: Block): string => (b.type === 'text' ? b.text : '');

function resultText(content: string | Block[]): string {
  return typeof content === 'string' ? content : content.map(blockText).filter(Boolean).join('\n');
}

export class ClineMessageMap {
  private readonly forward = new WeakMap<Message, ClineMessage>();
  private readonly back = new WeakMap<object, Message>();
  /** tool call block → the call it came from, so a call the SDK kept comes back byte for byte */
  private readonly calls = new WeakMap<object, ToolCall>();
  /** thinking block → the message whose reasoning it is, so reasoning the SDK kept comes back in its own field */
  private readonly thinking = new WeakMap<object, Message>();
  /** tool call id → tool name (a tool_result block names its tool) */
  private readonly names = new Map<string, string>();
  /** role + text of the messages the SDK made → what it made, for a history resent as copies */
  private readonly made = new Map<string, ClineMessage>();

  /** the last input, for matching the SDK's copies by content (see `sameContent`) */
  private input: { history: readonly Message[]; cline: readonly ClineMessage[]; byContent?: Map<string, Message[]> } = { history: [], cline: [] };

  toCline(history: readonly Message[]): ClineMessage[] {
    const cline = history.map((m) => {
      let c = this.forward.get(m);
      if (!c) {
        c = (this.made.size ? this.made.get(madeKey(m)) : undefined) ?? this.convert(m);
        this.link(m, c);
      }
      return c;
    });
    this.input = { history, cline };
    return cline;
  }

  /**
   * The input message whose content the SDK's message has, block for block (metadata aside): basic
   * compaction works on deep copies of the messages (its budget projection clones every block), so a
   * message it kept unchanged is a new object with equal content, which the provider sees as the same
   * bytes. Indexed on first use, so only a step whose result has copies pays O(history).
   */
  private sameContent(c: ClineMessage, used: ReadonlySet<Message>): Message | undefined {
    const inp = this.input;
    if (!inp.byContent) {
      inp.byContent = new Map();
      inp.cline.forEach((x, i) => {
        const key = contentKey(x);
        const same = inp.byContent!.get(key);
        if (same) same.push(inp.history[i]!);
        else inp.byContent!.set(key, [inp.history[i]!]);
      });
    }
    // of equal messages (a repeated "Continue.") the first not yet given back: the SDK keeps their order
    return inp.byContent.get(contentKey(c))?.find((m) => !used.has(m));
  }

  private link(m: Message, c: ClineMessage): void {
    this.forward.set(m, c);
    this.back.set(c, m);
    if (Array.isArray(c.content)) this.back.set(c.content, m);
  }

  private convert(m: Message): ClineMessage {
    if (m.role === 'assistant') {
      const blocks: Block[] = [];
      const reasoning = reasoningText(m);
      if (reasoning) {
        const block: Block = { type: 'thinking', thinking: reasoning };
        this.thinking.set(block, m);
        blocks.push(block);
      }
      const text = contentText(m);
      if (text) blocks.push({ type: 'text', text });
      for (const c of m.tool_calls ?? []) {
        this.names.set(c.id, c.function.name);
        const block: Block = { type: 'tool_use', id: c.id, name: c.function.name, input: parseInput(c.function.arguments) };
        this.calls.set(block, c);
        blocks.push(block);
      }
      return { role: 'assistant', content: blocks };
    }
    if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      return { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, name: this.names.get(id) ?? m.name ?? 'tool', content: contentText(m) }] };
    }
    // user, and a system message inside the history (the SDK has only user and assistant turns)
    return { role: 'user', content: userContent(m.content) };
  }

  /**
   * Back to compactbench messages: the originals where the SDK kept a message (or copied it with its
   * content), new messages otherwise. Every result is linked to the SDK's object, so the next step's
   * shadow history is exactly what the SDK returned.
   */
  fromCline(msgs: readonly ClineMessage[]): Message[] {
    const out: Message[] = [];
    const used = new Set<Message>();
    for (const c of msgs) {
      const orig = this.back.get(c) ?? (Array.isArray(c.content) ? this.back.get(c.content) : undefined) ?? this.sameContent(c, used);
      if (orig) {
        this.link(orig, c);
        used.add(orig);
        out.push(orig);
        continue;
      }
      for (const [m, own] of this.rebuild(c)) {
        this.link(m, own);
        // only the SDK's own messages (a summary, a folded prompt) are looked up by text: tool results repeat
        if (m.role === 'user' && own.metadata?.kind) this.made.set(madeKey(m), own);
        out.push(m);
      }
    }
    return out;
  }

  /** New messages for one the SDK made, each with the SDK object it stands for (one per tool result). */
  private rebuild(c: ClineMessage): [Message, ClineMessage][] {
    const blocks: Block[] = typeof c.content === 'string' ? [{ type: 'text', text: c.content }] : c.content;
    if (c.role === 'assistant') {
      const text = blocks.map(blockText).filter(Boolean).join('\n');
      const thinking = blocks.filter((b) => b.type === 'thinking');
      const from = thinking.length === 1 ? this.thinking.get(thinking[0]!) : undefined;
      const reasoning = from ? reasoningFields(from) : thinking.length ? { reasoning: thinking.map((b) => (b as { thinking: string }).thinking).join('\n') } : {};
      const calls = blocks.filter((b): b is Extract<Block, { type: 'tool_use' }> => b.type === 'tool_use').map((b): ToolCall =>
        this.calls.get(b) ?? { id: b.id, type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } });
      const m: Message = { role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}), ...reasoning };
      return [[m, c]];
    }
    const results = blocks.filter((b): b is Extract<Block, { type: 'tool_result' }> => b.type === 'tool_result');
    const rest = blocks.filter((b) => b.type !== 'tool_result');
    const out: [Message, ClineMessage][] = results.map((b) => [
      { role: 'tool', tool_call_id: b.tool_use_id, content: resultText(b.content) },
      results.length === 1 && !rest.length ? c : { ...c, content: [b] },
    ]);
    if (rest.length) {
      const parts: ContentPart[] = rest.flatMap((b): ContentPart[] => {
        if (b.type === 'text') return [{ type: 'text', text: b.text }];
        if (b.type === 'image') return [{ type: 'image_url', image_url: { url: `data:${b.mediaType};base64,${b.data}` } }];
        return [];
      });
      // the shape the SDK gave: a string stays a string, blocks stay parts
      const content = typeof c.content === 'string' ? c.content : parts;
      out.push([{ role: 'user', content }, results.length ? { ...c, content: rest } : c]);
    }
    return out;
  }
}

/** An assistant's reasoning as text, whichever field carries it (reasoning_details: its text entries). */
function reasoningText(m: Message): string {
  if (m.reasoning) return m.reasoning;
  if (m.reasoning_content) return m.reasoning_content;
  return (m.reasoning_details ?? []).map((d) => (d && typeof d === 'object' && typeof (d as { text?: unknown }).text === 'string' ? (d as { text: string }).text : '')).join('');
}

/** The reasoning fields of `m`, as they are (a provider may need them byte for byte). */
function reasoningFields(m: Message): Pick<Message, 'reasoning' | 'reasoning_content' | 'reasoning_details'> {
  return {
    ...(m.reasoning !== undefined ? { reasoning: m.reasoning } : {}),
    ...(m.reasoning_content !== undefined ? { reasoning_content: m.reasoning_content } : {}),
    ...(m.reasoning_details !== undefined ? { reasoning_details: m.reasoning_details } : {}),
  };
}

const contentKey = (c: ClineMessage): string => JSON.stringify([c.role, c.content]);

function madeKey(m: Message): string {
  return `${m.role}\u0000${typeof m.content === 'string' ? m.content : contentText(m)}`;
}
