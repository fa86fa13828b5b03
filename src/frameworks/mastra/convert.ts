/**
 * compactbench's messages to the prompt Mastra's processors take in `processLLMRequest` (the AI SDK's
 * `LanguageModelV2Prompt`, what Mastra hands the provider) and back, keeping identity both ways.
 *
 * The V2 prompt is the AI SDK's `ModelMessage` shape but for two things: user content is always an array
 * of parts, and images are `file` parts with a media type. So this is a thin layer over the AI SDK
 * adapter's map (../ai-sdk/convert.ts), which already keeps identity for messages and tool-call parts: a
 * message converted once is the same prompt object on every later step, and a prompt message a processor
 * passes through untouched (TokenLimiter keeps or drops whole messages; ToolCallFilter keeps untouched
 * messages and parts) maps back to the very message it came from.
 *
 * The system prompt is part of Mastra's prompt (the agent's instructions, first), and TokenLimiter counts
 * it against its limit, so it goes in front as one stable object and is taken off again on the way back
 * (the harness sends its own).
 */
import type { Message } from '../../core/messages.js';
import { MessageMap, type ModelMessage, type Part } from '../ai-sdk/convert.js';

export type PromptPart = Exclude<Part, { type: 'image' }> | { type: 'file'; data: string; mediaType: string };

/** One message of a LanguageModelV2Prompt (structural: no import of @mastra/core or @ai-sdk/provider). */
export type PromptMessage =
  | { role: 'system'; content: string }
  | { role: 'user' | 'assistant' | 'tool'; content: PromptPart[] };

const mediaType = (url: string): string => /^data:([^;,]+)/.exec(url)?.[1] ?? 'image/png';

export class PromptMap {
  private readonly inner = new MessageMap();
  private readonly toPrompt_ = new WeakMap<ModelMessage, PromptMessage>();
  private readonly fromPrompt_ = new WeakMap<PromptMessage, ModelMessage>();
  private system: PromptMessage | null = null;

  /** The prompt Mastra builds for `history` with the agent's instructions `systemPrompt` in front. */
  toPrompt(history: readonly Message[], systemPrompt: string): PromptMessage[] {
    if (!this.system && systemPrompt) this.system = { role: 'system', content: systemPrompt };
    const out: PromptMessage[] = this.system ? [this.system] : [];
    for (const mm of this.inner.toModel(history)) {
      let pm = this.toPrompt_.get(mm);
      if (!pm) {
        pm = reshape(mm);
        this.toPrompt_.set(mm, pm);
        this.fromPrompt_.set(pm, mm);
      }
      out.push(pm);
    }
    return out;
  }

  /** Back to compactbench messages: untouched ones are the originals; the instructions are dropped. */
  fromPrompt(prompt: readonly PromptMessage[]): Message[] {
    const mms: ModelMessage[] = [];
    for (const pm of prompt) {
      if (pm === this.system) continue;
      mms.push(this.fromPrompt_.get(pm) ?? unshape(pm));
    }
    return this.inner.fromModel(mms);
  }
}

/** ModelMessage → V2 prompt message (the same object where the shapes agree). */
function reshape(mm: ModelMessage): PromptMessage {
  if (mm.role === 'system') return { role: 'system', content: typeof mm.content === 'string' ? mm.content : mm.content.map((p) => ('text' in p ? p.text : '')).join('') };
  if (typeof mm.content === 'string') return { role: mm.role, content: [{ type: 'text', text: mm.content }] } as PromptMessage;
  if (!mm.content.some((p) => p.type === 'image')) return mm as PromptMessage;
  const content = mm.content.map((p): PromptPart => (p.type === 'image' ? { type: 'file', data: p.image, mediaType: mediaType(p.image) } : p));
  return { role: mm.role, content } as PromptMessage;
}

/** A message a processor built (a filtered copy, a new text part) as a ModelMessage for the inner map. */
function unshape(pm: PromptMessage): ModelMessage {
  if (typeof pm.content === 'string') return { role: pm.role, content: pm.content };
  const content = pm.content.map((p): Part => (p.type === 'file' ? { type: 'image', image: p.data } : p));
  return { role: pm.role, content };
}
