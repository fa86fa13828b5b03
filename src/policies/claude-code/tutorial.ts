/**
 * `claude-code-tutorial`: the teaching model of Claude Code's context layers from shareAI-lab/learn-claude-code
 * `agents/s06_context_compact.py` @ 0de9c58a817ebdab6508e0decbc1e0c98c172747 (seed 000's "Layer 1/Layer 2"
 * description). Not Claude Code's own constants (see `claude-code`); labelled as a tutorial model.
 * - every request: tool results older than the newest 3 whose content is over 100 characters become
 *   `[Previous: used {tool_name}]` (results of `read_file` are kept in this revision);
 * - when len(str(messages)) / 4 exceeds 50,000: one summary (max_tokens 2000) of the last 80,000 characters
 *   of the JSON transcript replaces every message.
 * Because the hot tail slides every step, the placeholder edit lands near the end of the prompt each time.
 */
import type { Message } from '../../core/messages.js';
import { roughJson } from '../shared/rough.js';
import { indexCalls, toolNameOf, toolSet, type CallInfo } from '../shared/tool-calls.js';
import { contentChars, replaceContents } from '../shared/tool-results.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';
import { TutorialScan } from './tutorial-scan.js';

/** The tutorial's estimate_tokens, len(str(messages)) // 4, with JSON standing in for Python's repr. */
export const tutorialEstimate = (history: readonly Message[]): number => roughJson(history);

/**
 * `JSON.stringify(msgs).slice(-chars)` (the transcript tail the tutorial summarizes), serializing only the
 * messages that reach into the tail: the array's JSON is `[` + each message's JSON joined by `,` + `]`.
 */
export function jsonTail(msgs: readonly Message[], chars: number): string {
  if (!(chars > 0)) return JSON.stringify(msgs).slice(-chars);
  const parts: string[] = [']'];
  let len = 1;
  let i = msgs.length - 1;
  for (; i >= 0 && len < chars; i--) {
    const s = JSON.stringify(msgs[i]);
    parts.push(i > 0 ? `,${s}` : s);
    len += s.length + (i > 0 ? 1 : 0);
  }
  if (i < 0) parts.push('[');
  return parts.reverse().join('').slice(-chars);
}

/** The tutorial's micro_compact over the whole history (the policy keeps it incrementally: tutorial-scan.ts). */
export function tutorialMicroCompact(history: readonly Message[], keepRecent: number, minChars: number,
  preserve: ReturnType<typeof toolSet>): Message[] | undefined {
  const results: number[] = [];
  history.forEach((m, i) => { if (m.role === 'tool') results.push(i); });
  if (results.length <= keepRecent) return undefined;
  let calls: Map<string, CallInfo> | undefined; // indexed only when a result is long enough to replace
  const repl = new Map<number, string>();
  for (let r = 0; r < results.length - keepRecent; r++) {
    const i = results[r]!;
    const m = history[i]!;
    if (typeof m.content !== 'string' || contentChars(m) <= minChars) continue;
    const name = toolNameOf(m, (calls ??= indexCalls(history)));
    if (preserve.has(name)) continue;
    repl.set(i, `[Previous: used ${name}]`);
  }
  return repl.size ? replaceContents(history, repl) : undefined;
}

class TutorialPolicy implements ContextPolicy {
  readonly id = 'claude-code-tutorial';
  private transcripts = 0;
  private readonly scan: TutorialScan;
  constructor(readonly params: Readonly<Record<string, unknown>>) {
    this.scan = new TutorialScan(params.keepRecent as number, params.minChars as number, toolSet(params.preserveTools as string));
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const p = this.params;
    const { history: micro, changedFrom, estimate } = this.scan.microCompact(history);
    const h = micro ?? history;
    if (estimate > (p.threshold as number)) {
      const text = jsonTail(h, p.transcriptTailChars as number);
      const res = ctx.summarizer.summarize({
        messages: h, inputTokens: ctx.tokens.count(text), promptOverheadTokens: 40,
        budgetTokens: p.summaryMaxTokens as number, budgetKind: 'cap', purpose: 'summary',
      });
      if (res.ok) {
        const path = `.transcripts/transcript_${++this.transcripts}.jsonl`;
        const summary: Message = { role: 'user', content: `[Conversation compressed. Transcript: ${path}]\n\n${res.text}` };
        return { history: [summary], kind: 'summary', note: 'tutorial auto_compact' };
      }
      if (!micro) return { veto: `summary failed: ${res.error}` };
    }
    return micro ? { history: micro, changedFrom, kind: 'microcompact', note: 'tutorial micro_compact' } : undefined;
  }
}

export const claudeCodeTutorialPolicy: PolicyDefinition = {
  id: 'claude-code-tutorial',
  description: 'Tutorial model of Claude Code (learn-claude-code s06): per-step [Previous: used X] placeholders past a hot tail of 3, full summary at 50k tokens.',
  source: 'shareAI-lab/learn-claude-code agents/s06_context_compact.py @ 0de9c58a817ebdab6508e0decbc1e0c98c172747; seed 000 (Layer 1/2); shared/reference/policies.md §2a note',
  version: '0de9c58a',
  params: [
    { name: 'keepRecent', type: 'integer', default: 3, min: 0, description: 'newest tool results kept intact (KEEP_RECENT)' },
    { name: 'minChars', type: 'integer', default: 100, min: 0, description: 'only results longer than this many characters are replaced' },
    { name: 'preserveTools', type: 'string', default: 'read_file', description: 'comma-separated tools whose results are never replaced (PRESERVE_RESULT_TOOLS; empty in older revisions)' },
    { name: 'threshold', type: 'integer', default: 50_000, min: 1, description: 'auto_compact when len(str(messages))/4 exceeds this (THRESHOLD)' },
    { name: 'summaryMaxTokens', type: 'integer', default: 2_000, min: 1, description: 'summary max_tokens' },
    { name: 'transcriptTailChars', type: 'integer', default: 80_000, min: 1, description: 'characters of the JSON transcript (its end) sent to the summarizer' },
  ],
  upstreamProperties: {
    'last-user-kept': 'The tutorial\'s auto_compact replaces every message, the current request included, with one user message '
      + 'holding the summary ("Replace all messages with [summary]"); seed 000 describes Claude Code\'s layer 2 the same way '
      + '("Structured summary replaces entire history"). Source: shareAI-lab/learn-claude-code agents/s06_context_compact.py @ 0de9c58a '
      + '(auto_compact); seed 000 (Layer 2).',
    'overflow-flagged': 'The tutorial compacts only when its estimate len(str(messages)) // 4 passes a fixed THRESHOLD (50,000), '
      + 'whatever the model\'s window, and has no overflow path: after a switch to a 64k window (or on text that costs more tokens '
      + 'than characters / 4, such as emoji or CJK) the request can exceed the window below the threshold and is sent as it is. '
      + 'Source: shareAI-lab/learn-claude-code agents/s06_context_compact.py @ 0de9c58a (THRESHOLD, estimate_tokens, agent_loop).',
  },
  create: (params) => new TutorialPolicy(params),
};
