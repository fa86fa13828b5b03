/**
 * `claude-code`: Claude Code's context management as layers that can each be switched off
 * (shared/reference/policies.md §2; sources and constants in ./config.ts). The default is what a current
 * external 2.1.x build runs (claude-code-best/claude-code @ f90eee85d, 2026-03-31, checked against 2.1.112's
 * cli.js): auto-compact, and the rejection path.
 * 1. time-based microcompact (generation 2, off: server flag, `enabled: false` in timeBasedMCConfig.ts):
 *    after a ≥ 60-minute pause, clear all but 5 compactable results;
 * 2. per-step microcompact (generation 1, off: "Legacy microcompact path removed" in microCompact.ts):
 *    clear all but 3 compactable results when they exceed 40k tokens, the context is above the warning
 *    threshold, and at least 20k tokens are saved;
 * 3. auto-compact at `window − min(maxOutput, 20k) − 13k`: a summary from a cache-reusing fork, recent files
 *    re-attached (a reference note for a file over 5k tokens, none past the 50k budget), and a circuit
 *    breaker after 3 consecutive failures.
 * Layers run at the start of every request in that order (query() calls microcompact, then auto-compact).
 * 4. on a context rejection (the request is over the window), 2.1.112's clearing: earlier thinking, then all
 *    but the newest 5 compactable tool results, and a retry (./rejection.ts); reactive compaction (ant-only,
 *    off) only after that. The version is 2.1.112, the last build published as readable JavaScript.
 * Each microcompact generation is one parameter away; the older mixes are versions (`claude-code@v2.1.6x`,
 * `claude-code@50049c61`, the previous port's composition of both generations, which no release ran;
 * `claude-code@f90eee85d`, the port before the rejection path).
 */
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import { flagOverWindow } from '../shared/over-window.js';
import { UsageMeter } from '../shared/usage-meter.js';
import { toolSet, type ToolSet } from '../shared/tool-calls.js';
import { isVeto, type ContextPolicy, type HookResult, type PolicyContext, type PolicyDefinition } from '../types.js';
import { compactConversation } from './auto-compact.js';
import type { Clearing } from './compactable.js';
import { CLAUDE_CODE_PARAMS, readConfig, type ClaudeCodeConfig } from './config.js';
import { FileState } from './file-state.js';
import { legacyMicrocompact } from './microcompact.js';
import { clearOnRejection } from './rejection.js';
import { thresholds } from './thresholds.js';
import { gapMinutes, timeBasedMicrocompact } from './time-based.js';

class ClaudeCodePolicy implements ContextPolicy {
  readonly id = 'claude-code';
  private readonly cfg: ClaudeCodeConfig;
  private readonly compactable: ToolSet;
  private readonly files: FileState;
  private readonly meter = new UsageMeter();
  private lastAssistantAt: number | undefined;
  private failures = 0;
  private counts = { microcompactRuns: 0, timeMicrocompactRuns: 0, compactions: 0, compactFailures: 0, breakerSkips: 0, rejectionClears: 0 };

  constructor(readonly params: Readonly<Record<string, unknown>>) {
    this.cfg = readConfig(params);
    this.compactable = toolSet(this.cfg.compactableTools);
    this.files = new FileState(toolSet(this.cfg.readTools));
  }

  onAppend(msg: Message): Message {
    this.files.noteResult(msg);
    return msg;
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const th = thresholds(this.cfg, ctx.contextWindow, ctx.maxOutputTokens);
    let tokens = this.meter.estimate(history, ctx.systemTokens);
    const mc = this.microcompact(history, ctx, tokens, th.warning);
    const current = mc ? mc.clearing.history : history;
    if (mc) tokens -= mc.clearing.saved;
    if (this.cfg.autoCompact && tokens >= th.autoCompact && current.length > 0) {
      const r = this.compact(current, ctx, `auto-compact at ~${tokens} tokens (threshold ${th.autoCompact})`);
      // a failed or skipped compaction still lets this request's microcompact through
      if (r && (!isVeto(r) || !mc)) return r;
    }
    if (!mc) return undefined;
    this.meter.invalidate();
    return {
      history: mc.clearing.history, kind: mc.kind,
      note: `cleared ${mc.clearing.cleared} tool results (~${mc.clearing.saved} tokens)`,
      detail: { cleared: mc.clearing.cleared, savedTokens: mc.clearing.saved },
    };
  }

  afterStep(history: readonly Message[], usage: Usage, ctx: PolicyContext): HookResult {
    const last = history[history.length - 1];
    if (last?.role === 'assistant') {
      this.lastAssistantAt = ctx.now;
      this.files.noteCalls(last);
    }
    this.meter.note(history, usage);
    return undefined;
  }

  /**
   * A context rejection: first the 2.1.112 clearing (thinking, then tool results but the newest 5) and a
   * retry; the harness calls again while the request is still over the window, and only then does the
   * (ant-only) reactive compaction run.
   */
  onOverflow(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (history.length === 0) return undefined;
    if (this.cfg.rejectionClear) {
      const c = clearOnRejection(history, this.compactable, this.cfg.rejectionKeepRecent);
      if (c) {
        this.counts.rejectionClears++;
        this.meter.invalidate();
        // the retry may still be over the window: flagged (detail.overWindow), as the report expects
        return flagOverWindow(history, {
          history: c.history, kind: 'rejection-clear',
          note: `context rejected: cleared thinking of ${c.thinkingCleared} messages and ${c.resultsCleared} tool results (~${c.savedTokens} tokens)`,
          detail: { thinkingCleared: c.thinkingCleared, cleared: c.resultsCleared, savedTokens: c.savedTokens },
        }, ctx);
      }
    }
    if (!this.cfg.reactiveCompact) return undefined;
    return this.compact(history, ctx, 'reactive compact after prompt-too-long');
  }

  onCommand(command: string, args: string | undefined, history: readonly Message[], ctx: PolicyContext): HookResult {
    if (command.replace(/^\//, '') !== 'compact' || history.length === 0) return undefined;
    return this.compact(history, ctx, 'manual /compact', args?.trim() || undefined, true);
  }

  telemetry(): Record<string, number> {
    return { ...this.counts };
  }

  private microcompact(history: readonly Message[], ctx: PolicyContext, tokens: number, warning: number):
    { clearing: Clearing; kind: string } | undefined {
    if (this.cfg.timeBasedMicrocompact) {
      const gap = gapMinutes(ctx.now, this.lastAssistantAt);
      const c = timeBasedMicrocompact(history, this.compactable, gap, this.cfg.timeGapMinutes, this.cfg.timeKeepRecent);
      if (c) {
        this.counts.timeMicrocompactRuns++;
        return { clearing: c, kind: 'time-microcompact' };
      }
    }
    if (!this.cfg.microcompact) return undefined;
    const c = legacyMicrocompact(history, this.compactable, {
      keepRecent: this.cfg.microcompactKeepRecent, minCompactableTokens: this.cfg.microcompactMinTokens,
      minSavings: this.cfg.microcompactMinSavings, contextTokens: tokens, warningThreshold: warning,
    });
    if (!c) return undefined;
    this.counts.microcompactRuns++;
    return { clearing: c, kind: 'microcompact' };
  }

  private compact(history: readonly Message[], ctx: PolicyContext, note: string, focus?: string, manual = false): HookResult {
    if (!manual && this.cfg.circuitBreaker && this.failures >= this.cfg.maxConsecutiveFailures) {
      this.counts.breakerSkips++;
      return { veto: `auto-compact circuit breaker open after ${this.failures} consecutive failures` };
    }
    const out = compactConversation(history, ctx, this.cfg, this.files, focus);
    if (!out.ok || !out.history) {
      if (!manual) this.failures++;
      this.counts.compactFailures++;
      return { veto: `compaction failed (${this.failures} consecutive): ${out.error ?? 'unknown error'}` };
    }
    if (!manual) this.failures = 0;
    this.counts.compactions++;
    this.meter.invalidate();
    return { history: out.history, kind: 'summary', note, detail: { reattachedFiles: out.files ?? 0 } };
  }
}

export const claudeCodePolicy: PolicyDefinition = {
  id: 'claude-code',
  description: 'Claude Code 2.1.112 (external build): auto-compact at window − min(maxOut, 20k) − 13k with file re-attachment and a circuit breaker; on a context rejection, earlier thinking and all but the newest 5 tool results are cleared first; both microcompact generations off (parameters).',
  source: 'Claude Code (closed source) via the claude-code-best/claude-code mirror of the 2.1.x build '
    + '(src/services/compact/{autoCompact,microCompact,timeBasedMCConfig,compact}.ts, src/utils/attachments.ts @ '
    + 'f90eee85d80149d797a55eb50c8464c377d1a72b), checked against @anthropic-ai/claude-code@2.1.112 cli.js (constants; '
    + 'the context-rejection path handleHintReject), and de-obfuscations v1.0.68–v2.1.9x (generation 1); '
    + 'shared/reference/policies.md §2; seed 000',
  version: '2.1.112',
  versions: {
    'f90eee85d': {
      description: 'the port before the 2.1.112 check (claude-code-best/claude-code @ f90eee85d, 2026-03-31): no rejection path, an over-window request goes out as it is',
      defaults: { rejectionClear: false },
    },
    'v2.1.6x': {
      description: 'generation-1 per-step microcompact on (v1.0.68 … ~v2.1.6x de-obfuscations: Ly5 = 3, Ny5 = 40k, qy5 = 20k), time-based layer off',
      defaults: { microcompact: true, timeBasedMicrocompact: false, rejectionClear: false },
    },
    '50049c61': {
      description: 'the previous port (cited claude-code-best/claude-code @ 50049c61): both microcompact generations on together and '
        + 'oversized files truncated on re-attachment — a composition no release ran, kept to compare with earlier reports',
      defaults: { microcompact: true, timeBasedMicrocompact: true, reattachOversize: 'truncate', rejectionClear: false },
    },
  },
  params: CLAUDE_CODE_PARAMS,
  upstreamProperties: {
    'last-user-kept': 'A full compaction (auto, reactive or /compact) replaces the whole conversation, the current request included, '
      + 'with one user message carrying the summary: the request survives only inside it (the prompt asks for "All user messages" '
      + 'and the current work; after auto-compact the message tells the model to pick up the last task). Only session-memory and '
      + 'partial compaction keep recent messages verbatim, and they are not modelled. Source: shared/reference/policies.md §2c; '
      + 'claude-code-best/claude-code src/services/compact/prompt.ts (getCompactPrompt, getCompactUserSummaryMessage).',
    'strict-alternation': 'The summary, each re-attached file and the next prompt are separate user messages in Claude Code\'s '
      + 'transcript. normalizeMessagesForAPI merges attachments into the preceding user message, and other adjacent user messages '
      + 'behind a feature gate; the Claude API merges consecutive user turns itself. compactbench keeps them separate, as the '
      + 'transcript does. Source: shared/reference/policies.md §2c (post-compact context); claude-code-best/claude-code '
      + 'src/utils/messages.ts (normalizeMessagesForAPI, mergeAdjacentUserMessages).',
  },
  create: (params) => new ClaudeCodePolicy(params),
};
