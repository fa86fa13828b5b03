/**
 * What follows the summary after an opencode/Kilo compaction, by how the compaction was triggered
 * (`processCompaction` in packages/opencode/src/session/compaction.ts; sources in ./config.ts):
 * - provider overflow (the request failed with a context-overflow error, `overflow: true`): the last real
 *   user message is *replayed*: the summary covers only what came before it, the steps the failed turn had
 *   already taken are dropped, and the user message is appended again after the summary with its media
 *   parts replaced by `[Attached <mime>: <file>]`; the model restarts the turn. When no earlier user
 *   message exists (`hasContent` false) there is no replay: everything is compacted and the "Continue…"
 *   message, prefixed with the overflow notice, follows;
 * - threshold (a finished step reached `usable`): no replay; everything is compacted and "Continue…" is
 *   injected so the agent loop goes on by itself. Upstream checks this right after the step, so a
 *   threshold crossed by a turn's final answer is compacted before the next prompt exists, and the model
 *   answers "Continue…" on its own. The simulator only sees it at the next turn's first step, with the
 *   new prompt already appended; then the prompt is set aside, the history before it is compacted, and the
 *   prompt follows the summary in place of the "Continue…" exchange the workload cannot replay.
 */
import type { ContentPart, Message } from '../../core/messages.js';
import { CONTINUE_TEXT } from './config.js';

/** Paraphrase of the notice upstream puts before "Continue…" after an overflow without a replay. */
export const OVERFLOW_NOTICE = 'The last request went over the provider\'s size limit because of large media attachments. '
  + 'The conversation was compacted and the media were removed from context. If the user asked about attached images '
  + 'or files, explain that they were too large to process and suggest retrying with fewer or smaller files.\n\n';

export type ContinuationMode = 'replay' | 'continue' | 'next-prompt';

export interface Continuation {
  /** the messages the compaction selects its head and tail from */
  messages: readonly Message[];
  /** appended after `[marker, summary, ...tail]` */
  after: Message[];
  mode: ContinuationMode;
}

/** The media type of an image part (from a data URL), for the replay placeholder. */
function mimeOf(part: Extract<ContentPart, { type: 'image_url' }>): string {
  return /^data:([^;,]+)/.exec(part.image_url.url)?.[1] ?? 'image';
}

/** The replayed user message: the same text, media parts replaced by a placeholder (the same object when it has none). */
export function replayMessage(m: Message): Message {
  if (!Array.isArray(m.content) || !m.content.some((p) => p.type === 'image_url')) return m;
  const content = m.content.map((p): ContentPart => (p.type === 'image_url' ? { type: 'text', text: `[Attached ${mimeOf(p)}: file]` } : p));
  return { ...m, content };
}

export function continuation(visible: readonly Message[], trigger: 'threshold' | 'overflow', turnStart: boolean,
  autoContinue: boolean, isMarker: (m: Message) => boolean): Continuation {
  const isPrompt = (m: Message | undefined): boolean => m?.role === 'user' && !isMarker(m);
  const cont = (prefix: string): Message[] => (autoContinue ? [{ role: 'user', content: prefix + CONTINUE_TEXT }] : []);
  if (trigger === 'overflow') {
    let i = visible.length - 1;
    while (i >= 0 && !isPrompt(visible[i])) i--;
    const before = i > 0 ? visible.slice(0, i) : [];
    if (before.some(isPrompt)) return { messages: before, after: [replayMessage(visible[i]!)], mode: 'replay' };
    return { messages: visible, after: cont(OVERFLOW_NOTICE), mode: 'continue' };
  }
  const last = visible[visible.length - 1];
  if (turnStart && isPrompt(last)) return { messages: visible.slice(0, -1), after: [last!], mode: 'next-prompt' };
  return { messages: visible, after: cont(''), mode: 'continue' };
}
