/**
 * Claude Code's auto-compact (autoCompact.ts + compact.ts; shared/reference/policies.md §2c): one LLM
 * summary of the whole conversation replaces it. The summary call is a fork of the main request (same
 * system prompt and tools), so its input is read from the prompt cache. The fork sets no maxOutputTokens of
 * its own (compact.ts @ f90eee85d: setting it would change the thinking config and miss the cache), so its
 * cap is the main request's; only the non-fork fallback caps at min(20k, max output). The summary's length
 * is still modelled from the 20k budget (MAX_OUTPUT_TOKENS_FOR_SUMMARY, "p99.99 of compact summary output
 * being 17,387 tokens"), which is what the summarizer call below declares.
 * The compacted context is `[summary as a user message, re-attached recent files]`; the boundary marker
 * Claude Code also writes is never sent to the API, so it is not modelled.
 */
import type { Message } from '../../core/messages.js';
import type { PolicyContext } from '../types.js';
import type { ClaudeCodeConfig } from './config.js';
import type { FileState } from './file-state.js';

/** Opening of the synthetic user message that carries the summary (paraphrased). */
export const CONTINUATION_PREFIX =
  'This session continues an earlier conversation that ran out of context. Summary of the earlier conversation:\n\n';

/**
 * Stand-in for the compaction prompt (its instruction tokens are charged to the summary call): an
 * <analysis> scratchpad, then a <summary> with nine sections. Written for compactbench, not copied.
 */
export const COMPACT_PROMPT = [
  'Summarize the conversation so far so that work can continue without it. Think first inside <analysis>,',
  'then write the summary inside <summary> with these sections: 1. Primary request and intent;',
  '2. Key technical concepts; 3. Files and code sections (with the important snippets); 4. Errors and fixes;',
  '5. Problem solving; 6. All user messages; 7. Pending tasks; 8. Current work; 9. Optional next step.',
  'Do not call tools. Be thorough about file names, code and decisions.',
].join('\n');

export interface CompactOutcome {
  ok: boolean;
  history?: Message[];
  error?: string;
  files?: number;
}

/** The note that stands in for a file too large to re-attach (paraphrase of compact_file_reference). */
export const referenceNote = (path: string): string =>
  `[File not re-attached after compaction: ${path} was read earlier but is too large to include; read it again if it is needed]`;

/**
 * Re-attached files (createPostCompactFileAttachments): the `reattachMaxFiles` most recently read files,
 * newest first; a file over the per-file limit becomes a reference note (mode 'compact') or, with
 * `reattachOversize: truncate`, its first tokens; then each attachment that would overflow the total budget
 * is dropped and the next one tried (a filter, not a cut-off). Sizes are chars/4, as upstream estimates.
 */
export function reattachments(files: FileState, cfg: ClaudeCodeConfig): Message[] {
  const out: Message[] = [];
  let used = 0;
  for (const f of files.recent().slice(0, cfg.reattachMaxFiles)) {
    const fits = Math.ceil(f.content.length / 4) <= cfg.reattachMaxTokensPerFile;
    const content = fits || cfg.reattachOversize === 'truncate'
      ? `[File re-attached after compaction: ${f.path}]\n${fits ? f.content : f.content.slice(0, cfg.reattachMaxTokensPerFile * 4)}`
      : referenceNote(f.path);
    const cost = Math.ceil(content.length / 4);
    if (used + cost > cfg.reattachTokenBudget) continue;
    used += cost;
    out.push({ role: 'user', content });
  }
  return out;
}

export function compactConversation(history: readonly Message[], ctx: PolicyContext, cfg: ClaudeCodeConfig,
  files: FileState, focus?: string): CompactOutcome {
  const res = ctx.summarizer.summarize({
    messages: history,
    inputTokens: ctx.systemTokens + ctx.tokens.messages(history),
    promptOverheadTokens: ctx.tokens.count(COMPACT_PROMPT) + (focus ? ctx.tokens.count(focus) : 0),
    // the fork's max_tokens: min(20k, the model's max output)
    budgetTokens: Math.min(cfg.summaryMaxTokens, ctx.maxOutputTokens),
    budgetKind: 'cap',
    reusesMainCache: cfg.forkReusesCache,
    purpose: 'summary',
    ...(focus ? { focus } : {}),
  });
  if (!res.ok) return { ok: false, error: res.error };
  const attached = cfg.reattachFiles ? reattachments(files, cfg) : [];
  const summary: Message = { role: 'user', content: CONTINUATION_PREFIX + res.text };
  return { ok: true, history: [summary, ...attached], files: attached.length };
}
