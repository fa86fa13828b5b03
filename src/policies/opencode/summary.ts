/**
 * opencode's compaction step (Kilo/newer opencode "anchored summary"; shared/reference/policies.md §1c):
 * the head (everything before the kept tail) is summarized by a hidden `compaction` agent with a
 * structured template; a previous summary is passed in and updated (keep what is still true, drop what
 * is stale, merge the new). Tool outputs in the summarizer input are truncated to 2,000 characters.
 * The model-visible context afterwards is `[marker "What did we do so far?", summary, kept tail]`
 * (filterCompacted), plus the synthetic "Continue if you have next steps…" after an auto compaction.
 * The compaction agent has its own (empty) system prompt and no tools, so it does not reuse the main cache;
 * `suffix` mode (summarizeSuffix) does.
 */
import { contentText, type Message } from '../../core/messages.js';
import type { PolicyContext } from '../types.js';
import { SUFFIX_OUTPUT_TOKENS } from './config.js';

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

/** Stand-in for the suffix prompt's instruction tokens (compaction-suffix.ts buildPrompt; written for compactbench). */
export const SUFFIX_PROMPT = [
  'Summarize the older part of the conversation above; this is not a request to continue it. Do not answer or call tools.',
  'Summarize everything before the first retained item; the retained suffix stays verbatim after compaction.',
  TEMPLATE,
].join('\n');

/**
 * `compaction.mode: "suffix"` (sst/opencode compaction.ts @ 31e22f65): the main request — same system prompt,
 * tools and messages — plus a user message with the summary prompt, capped at 4,096 output tokens, so its
 * input is read from the main prompt cache. Undefined when the request would not fit `limit` (the usable
 * input with a 4,096-token output reserve): upstream then falls back to the prepend request ("context").
 */
export function summarizeSuffix(history: readonly Message[], ctx: PolicyContext, limit: number):
  { ok: true; text: string } | { ok: false; error: string } | undefined {
  const overhead = ctx.tokens.count(SUFFIX_PROMPT);
  const inputTokens = ctx.systemTokens + ctx.tokens.messages(history);
  if (inputTokens + overhead > limit) return undefined;
  const res = ctx.summarizer.summarize({
    messages: history,
    inputTokens,
    promptOverheadTokens: overhead,
    budgetTokens: Math.min(SUFFIX_OUTPUT_TOKENS, ctx.maxOutputTokens),
    budgetKind: 'cap',
    reusesMainCache: true,
    purpose: 'summary',
  });
  return res.ok ? { ok: true, text: res.text } : { ok: false, error: res.error };
}
