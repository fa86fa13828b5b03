/**
 * opencode's compaction step (Kilo/newer opencode "anchored summary"; shared/reference/policies.md §1c):
 * the head (everything before the kept tail) is summarized by a hidden `compaction` agent with a
 * structured template; a previous summary is passed in and updated (keep what is still true, drop what
 * is stale, merge the new). Tool outputs in the summarizer input are truncated to 2,000 characters.
 * The model-visible context afterwards is `[marker "What did we do so far?", summary, kept tail]`
 * (filterCompacted), plus the synthetic "Continue if you have next steps…" after an auto compaction.
 * The compaction agent has its own (empty) system prompt and no tools, so it does not reuse the main cache.
 */
import { contentText, type Message } from '../../core/messages.js';
import type { PolicyContext } from '../types.js';

/** Stand-in for the template's instruction tokens (written for compactbench, not copied). */
export const TEMPLATE = [
  'Write the summary as Markdown with exactly these sections, in order, each as terse bullets or "(none)":',
  '## Goal', '## Constraints & Preferences', '## Progress', '### Done', '### In Progress', '### Blocked',
  '## Key Decisions', '## Next Steps', '## Critical Context', '## Relevant Files',
  'Keep exact paths, commands, errors and identifiers. Do not mention that the context was compacted.',
].join('\n');
export const UPDATE_ANCHOR = 'Update the previous summary with the conversation above: keep what is still true, drop what is stale, merge in what is new.';
export const CREATE_ANCHOR = 'Create a new summary of the conversation above.';

/** Head messages as the summarizer sees them: tool outputs cut to `maxChars` characters. */
export function summarizerInput(head: readonly Message[], maxChars: number): Message[] {
  return head.map((m) => {
    if (m.role !== 'tool' || maxChars <= 0) return m;
    const text = contentText(m);
    return text.length > maxChars ? { ...m, content: text.slice(0, maxChars) } : m;
  });
}

export function summarize(head: readonly Message[], previousSummary: string | undefined, ctx: PolicyContext,
  maxChars: number, summaryMaxTokens: number): { ok: true; text: string } | { ok: false; error: string } {
  const anchor = previousSummary !== undefined ? UPDATE_ANCHOR : CREATE_ANCHOR;
  const res = ctx.summarizer.summarize({
    messages: summarizerInput(head, maxChars),
    ...(previousSummary !== undefined ? { previousSummary } : {}),
    budgetTokens: Math.min(summaryMaxTokens, ctx.maxOutputTokens),
    budgetKind: 'cap',
    promptOverheadTokens: ctx.tokens.count(`${anchor}\n\n${TEMPLATE}`),
    purpose: 'summary',
  });
  return res.ok ? { ok: true, text: res.text } : { ok: false, error: res.error };
}
