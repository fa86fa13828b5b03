/**
 * compactbench's messages to the AI SDK 4 `CoreMessage` that Mastra 0.x memory processors take
 * (`MemoryProcessor.process(messages)`, @mastra/memory 0.15 with @mastra/core 0.24, the line npm resolves
 * on Node 20) and back, keeping identity both ways, as convert.ts does for the 1.x prompt.
 *
 * The shapes differ from the AI SDK 5+ `ModelMessage` in the tool parts only: a call's arguments are
 * `args`, a result is `result` (the text itself). So this wraps the AI SDK adapter's map (which keeps
 * identity for messages and call parts) and reshapes those two parts, once per message.
 */
import type { Message } from '../../core/messages.js';
import { MessageMap, type ModelMessage, type Part } from '../ai-sdk/convert.js';

export type CorePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'image'; image: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown };

export interface CoreMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | CorePart[];
}

export class CoreMessageMap {
  private readonly inner = new MessageMap();
  private readonly toCore_ = new WeakMap<ModelMessage, CoreMessage>();
  private readonly fromCore_ = new WeakMap<CoreMessage, ModelMessage>();
  /** a reshaped call part → the ModelMessage part it came from (the inner map knows that one's call) */
  private readonly parts = new WeakMap<CorePart, Part>();

  toCore(history: readonly Message[]): CoreMessage[] {
    return this.inner.toModel(history).map((mm) => {
      let cm = this.toCore_.get(mm);
      if (!cm) {
        cm = this.reshape(mm);
        this.toCore_.set(mm, cm);
        this.fromCore_.set(cm, mm);
      }
      return cm;
    });
  }

  fromCore(msgs: readonly CoreMessage[]): Message[] {
    return this.inner.fromModel(msgs.map((cm) => this.fromCore_.get(cm) ?? this.unshape(cm)));
  }

  private reshape(mm: ModelMessage): CoreMessage {
    if (typeof mm.content === 'string') return { role: mm.role, content: mm.content };
    const content = mm.content.map((p): CorePart => {
      if (p.type === 'tool-call') return this.link({ type: 'tool-call', toolCallId: p.toolCallId, toolName: p.toolName, args: p.input }, p);
      if (p.type === 'tool-result') return this.link({ type: 'tool-result', toolCallId: p.toolCallId, toolName: p.toolName, result: p.output.value }, p);
      return p;
    });
    return { role: mm.role, content };
  }

  private link(cp: CorePart, p: Part): CorePart {
    this.parts.set(cp, p);
    return cp;
  }

  private unshape(cm: CoreMessage): ModelMessage {
    if (typeof cm.content === 'string') return { role: cm.role, content: cm.content };
    const content = cm.content.map((cp): Part => {
      const known = this.parts.get(cp);
      if (known) return known;
      if (cp.type === 'tool-call') return { type: 'tool-call', toolCallId: cp.toolCallId, toolName: cp.toolName, input: cp.args };
      if (cp.type === 'tool-result') return { type: 'tool-result', toolCallId: cp.toolCallId, toolName: cp.toolName, output: { type: 'text', value: cp.result } };
      return cp;
    });
    return { role: cm.role, content };
  }
}
