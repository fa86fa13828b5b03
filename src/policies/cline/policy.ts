/**
 * `cline`: Cline's context management without auto-condense (cline/cline @ a12c565c,
 * `ContextManager.getNewContextMessagesAndMetadata`), before each request:
 * - when the previous request's tokens (in + out + cache writes + cache reads) reach `maxAllowedSize`
 *   (window − 27k / 30k / 40k for 64k / 128k / 200k windows, else max(window − 40k, 0.8 × window));
 * - first, every read of a file but the newest is replaced by a notice; if that saves at least 30% of the
 *   characters after the first user/assistant pair, nothing is truncated;
 * - else the first user/assistant pair is kept and half of the rest (three quarters when the tokens are
 *   over twice the limit) is removed, ending on an assistant message; the first assistant message gets a
 *   truncation notice. Cline keeps the removed messages on disk and marks a deleted range; the request
 *   (what this models) no longer contains them.
 * Not modelled: the optional auto-condense (an LLM summary) and file-mention / write-result dedupe.
 * The trigger is the previous request's size, so a request can go out over the window (a large tool result,
 * a switch to a smaller model), and a truncation need not fit; upstream that request fails with a
 * context-window error. Reported: the event flagged `detail.overWindow`, or the veto `over-window` when
 * nothing ran (shared/over-window.ts; metadata only).
 */
import { contentText, type Message } from '../../core/messages.js';
import { flagOverWindow } from '../shared/over-window.js';
import type { HookResult, PolicyContext, PolicyDefinition } from '../types.js';
import { apiMessageStarts, dedupeFileReads, maxAllowedSize, TRUNCATION_NOTICE, truncationRange } from './truncation.js';

function withNotice(m: Message): Message {
  const text = contentText(m);
  if (text.startsWith(TRUNCATION_NOTICE)) return m;
  return { ...m, content: text ? `${TRUNCATION_NOTICE}\n\n${text}` : TRUNCATION_NOTICE };
}

/** Tool results whose call is gone, merged (with the user text after them) into one user message. */
function orphansAsText(kept: readonly Message[], callIds: ReadonlySet<string>): Message[] {
  const out: Message[] = [];
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length) out.push({ role: 'user', content: pending.join('\n\n') });
    pending = [];
  };
  for (const m of kept) {
    if (m.role === 'tool' && !callIds.has(m.tool_call_id ?? '')) {
      pending.push(`[${m.name ?? 'tool'}] Result:\n${contentText(m)}`);
    } else if (m.role === 'user' && pending.length && typeof m.content === 'string') {
      pending.push(m.content);
      flush();
    } else {
      flush();
      out.push(m);
    }
  }
  flush();
  return out;
}

function manageContext(history: readonly Message[], ctx: PolicyContext, savedThreshold: number): HookResult {
  const u = ctx.lastUsage;
  if (!u) return undefined;
  const total = u.promptTokens + u.outputTokens;
  const limit = maxAllowedSize(ctx.contextWindow);
  if (total < limit) return undefined;
  const keep = total / 2 > limit ? 'quarter' : 'half';
  const starts = apiMessageStarts(history);
  const from = starts[2] ?? history.length;
  const deduped = dedupeFileReads(history, from);
  const changed = deduped.history.some((m, i) => m !== history[i]);
  if (changed && deduped.savedFraction >= savedThreshold) {
    return { history: deduped.history, kind: 'dedup', note: `duplicate file reads removed (${(deduped.savedFraction * 100).toFixed(0)}% of characters)` };
  }
  const roles = starts.map((s) => (history[s]!.role === 'assistant' ? 'assistant' : 'user') as 'user' | 'assistant');
  const range = truncationRange(roles, keep);
  if (!range) return changed ? { history: deduped.history, kind: 'dedup' } : { veto: 'nothing-to-truncate' };
  // the first assistant's tool results stay with it; results whose call was removed become user text, as
  // Cline's XML-format results are (a chat-format tool result must answer a kept call)
  let cutFrom = starts[range[0]]!;
  while (cutFrom < history.length && history[cutFrom]!.role === 'tool') cutFrom++;
  const cutTo = starts[range[1] + 1] ?? history.length;
  if (cutTo <= cutFrom) return changed ? { history: deduped.history, kind: 'dedup' } : { veto: 'nothing-to-truncate' };
  const kept = [...deduped.history.slice(0, cutFrom), ...deduped.history.slice(cutTo)];
  const callIds = new Set(kept.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
  const next = orphansAsText(kept, callIds);
  const firstAssistant = next.findIndex((m) => m.role === 'assistant');
  if (firstAssistant >= 0 && firstAssistant < cutFrom) next[firstAssistant] = withNotice(next[firstAssistant]!);
  return {
    history: next, kind: 'sliding-window', note: `removed ${cutTo - cutFrom} messages (keep ${keep})`,
    detail: { keep, removedApiMessages: range[1] - range[0] + 1 },
  };
}

export const clinePolicy: PolicyDefinition = {
  id: 'cline',
  description: 'Cline: near the window (window − 27k/30k/40k), drop duplicate file reads, else keep the first exchange and drop half (or three quarters) of the rest.',
  source: 'cline/cline src/core/context/context-management/ContextManager.ts @ a12c565c71705a42e313c3f35595cd0b0f6b37c4, context-window-utils.ts @ 031561ea',
  version: 'a12c565c',
  params: [
    { name: 'savedThreshold', type: 'number', default: 0.3, min: 0, max: 1, description: 'no truncation when dropping duplicate file reads saves at least this share of characters' },
  ],
  upstreamProperties: {
    'last-user-kept': 'truncation keeps the first user/assistant pair and removes half of the rest from the front; when that half reaches the newest user message, Cline drops it too (getNextTruncationRange counts messages, not turns)',
  },
  create(params) {
    const savedThreshold = params.savedThreshold as number;
    return { id: 'cline', params, beforeStep: (h, ctx) => flagOverWindow(h, manageContext(h, ctx, savedThreshold), ctx) };
  },
};
