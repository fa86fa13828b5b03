/**
 * What a client sent but did not log, sized from the usage it recorded, so a replay sends what the
 * client sent (`run --trace`) and `validate-cache` can compare prompt sizes:
 * - the block before the first logged message (system prompt, tool schemas, injected context such as
 *   CLAUDE.md): the first call's recorded prompt minus the provider-scaled size of the messages it
 *   carried. (`measuredSystemTokens` in recorded.ts finds the cached system prefix alone, which is smaller:
 *   Claude Code injects context after the system block's cache mark.)
 * - thinking billed larger than logged: Claude Code logs a summary of each thinking block, while the
 *   provider bills the full block when the conversation is re-sent. Where a call's recorded prompt grew
 *   by more than the provider-scaled size of its new messages and those include a thinking block, the
 *   excess is that block's unlogged part.
 * All sizes are provider tokens (the trace's token scale applied to exact o200k counts).
 */
import type { TokenCounter } from '../core/tokens.js';
import { providerMessage, toProvider, type ScaleParams } from '../cache/token-scale.js';
import type { ImportedTrace } from '../workload/import/types.js';
import { historyStart, isComplete, promptOf, type CompleteCall } from './recorded.js';

export interface UnloggedSizes {
  /** provider tokens of the unlogged block sent before the first logged message */
  systemTokens: number;
  /**
   * the block each model's requests carried, measured at that model's first call: a session resumed
   * under another model (or switched by `/model`) sends that model's own system prompt and tools, which
   * differ by thousands of tokens (Opus 4.5 → Sonnet 4.5 at a resume: 23k fewer); the first model's is
   * `systemTokens`
   */
  systemByModel: Map<string, number>;
  /** message index of a logged thinking block → provider tokens billed beyond its logged size */
  reasoningExtra: Map<number, number>;
}

const providerSize = (trace: ImportedTrace, tokens: TokenCounter, scale: ScaleParams, from: number, to: number, extra?: Map<number, number>): number => {
  let n = 0;
  for (let i = from; i < to; i++) n += providerMessage(tokens.message(trace.messages[i]!), scale) + (extra?.get(i) ?? 0);
  return n;
};

/**
 * Sizes of what the trace did not log, or undefined when it recorded its own system message or no call
 * with complete usage (nothing to size from).
 */
export function sizeUnlogged(trace: ImportedTrace, tokens: TokenCounter, scale: ScaleParams): UnloggedSizes | undefined {
  const { messages, meta } = trace;
  const calls = meta.calls.filter(isComplete);
  if (messages[0]?.role === 'system' || calls.length === 0) return undefined;
  const first = calls[0]!;
  const start0 = historyStart(meta.compactions, first.msgIndex, false);
  const systemTokens = Math.max(0, promptOf(first) - providerSize(trace, tokens, scale, start0, first.msgIndex));
  const systemByModel = new Map<string, number>();
  const reasoningExtra = new Map<number, number>();
  for (let k = 1; k < calls.length; k++) {
    const prev = calls[k - 1]!;
    const c = calls[k]!;
    if (!sameRequestLine(trace, prev, c)) continue;
    const thinking = firstReasoning(trace, prev.msgIndex, c.msgIndex);
    if (thinking === undefined) continue;
    const excess = promptOf(c) - promptOf(prev) - providerSize(trace, tokens, scale, prev.msgIndex, c.msgIndex);
    // a block billed smaller than logged (dropped from the prompt) shrinks at most to nothing
    const logged = toProvider(tokens.count(trace.messages[thinking]!.reasoning!), scale.scale);
    if (excess !== 0) reasoningExtra.set(thinking, Math.max(-logged, excess));
  }
  for (const c of calls) {
    if (c.model === undefined || systemByModel.has(c.model)) continue;
    if (c === first || c.model === first.model) {
      systemByModel.set(c.model, systemTokens);
      continue;
    }
    const start = historyStart(meta.compactions, c.msgIndex, false);
    systemByModel.set(c.model, Math.max(0, promptOf(c) - providerSize(trace, tokens, scale, start, c.msgIndex, reasoningExtra)));
  }
  return { systemTokens, systemByModel, reasoningExtra };
}

/** Both calls sent the same history line: no compaction between them, same model (same cache and count). */
function sameRequestLine(trace: ImportedTrace, a: CompleteCall, b: CompleteCall): boolean {
  const { compactions } = trace.meta;
  return a.model === b.model && historyStart(compactions, a.msgIndex, false) === historyStart(compactions, b.msgIndex, false);
}

function firstReasoning(trace: ImportedTrace, from: number, to: number): number | undefined {
  for (let i = from; i < to; i++) if (trace.messages[i]!.reasoning) return i;
  return undefined;
}

export interface PromptCheck {
  call: number;
  msgIndex: number;
  recorded: number;
  modelled: number;
  /**
   * the call came before the first compaction: the first one recorded, or the first place where the
   * recorded prompt of a Claude Code session fell short of the logged growth by more than UNLOGGED_CLEARING
   * of itself (its microcompact clears old tool results without writing it to the log)
   */
  beforeCompaction: boolean;
}

/** A shortfall of recorded against logged prompt growth, as a share of the prompt, that marks an unlogged clearing. */
export const UNLOGGED_CLEARING = 0.05;

/**
 * Per call with complete usage: the prompt a replay sends (the unlogged block, then the provider-scaled
 * history since the last compaction point) beside the recorded prompt.
 */
export function promptChecks(trace: ImportedTrace, tokens: TokenCounter, scale: ScaleParams, sizes = sizeUnlogged(trace, tokens, scale)): PromptCheck[] {
  const { meta } = trace;
  const hasSystem = trace.messages[0]?.role === 'system';
  const firstCompaction = meta.compactions.reduce((m, p) => Math.min(m, p.beforeMsgIndex), Infinity);
  // only Claude Code clears old tool results without logging it; elsewhere a shortfall is the model's own
  const microcompacts = meta.format === 'claude-code';
  let cleared = false;
  let prev: { c: CompleteCall; modelled: number } | undefined;
  return meta.calls.filter(isComplete).map((c, call) => {
    const start = historyStart(meta.compactions, c.msgIndex, hasSystem);
    const system = hasSystem ? providerMessage(tokens.message(trace.messages[0]!), scale) : ((c.model !== undefined ? sizes?.systemByModel.get(c.model) : undefined) ?? sizes?.systemTokens ?? 0);
    const modelled = system + providerSize(trace, tokens, scale, start, c.msgIndex, sizes?.reasoningExtra);
    const recorded = promptOf(c);
    if (microcompacts && prev && sameRequestLine(trace, prev.c, c)) {
      const shortfall = (modelled - prev.modelled) - (recorded - promptOf(prev.c));
      if (shortfall > UNLOGGED_CLEARING * recorded) cleared = true;
    }
    prev = { c, modelled };
    return { call, msgIndex: c.msgIndex, recorded, modelled, beforeCompaction: c.msgIndex < firstCompaction && !cleared };
  });
}
