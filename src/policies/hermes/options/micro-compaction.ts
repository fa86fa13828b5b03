/**
 * Micro-compaction (agent/micro_compaction.py @ 0a0b92d75ae6, `compression.micro_compact: true`, off
 * upstream by default since PR #74522; read from source): after every turn
 * (`micro_compact_every_n_turns`, 1), the oldest exchange not yet absorbed (an assistant message and
 * its tool rows up to the next user message, inside the window full compression would summarise) is
 * merged into a rolling summary by one auxiliary call (output capped at min(1,500, the summary cap)),
 * and replaced by one assistant-role summary marker; the previous marker is dropped (the summary is
 * cumulative) and the user turns it separated are joined. User turns are never absorbed. Once the
 * rolling summary reaches `micro_compact_defrag_threshold_tokens` (2,000), a pass re-summarises it in
 * place instead. Every pass rewrites the history from the absorbed exchange on: a cache break per turn.
 * Modelled at the next turn start (the turn's end in the simulator's order of hooks).
 */
import type { Message } from '../../../core/messages.js';
import type { Summarizer } from '../../../summarizer/types.js';
import type { HermesCompressor } from '../compressor.js';
import type { PyMsg } from '../msg.js';
import { HISTORICAL_TASK_HEADING, SUMMARY_END_MARKER, COMPRESSED_SUMMARY_KEY } from '../summary-text.js';
import { alignBoundaryForward } from '../tail-cut.js';
import { protectHeadSize416 } from '../v0000416b/compress.js';
import { HAS_USER_TURN_KEY, isContextSummaryMessage, SUMMARY_PREFIX } from '../v0000416b/handoff.js';
import { tailCut416 } from '../v0000416b/tail-cut.js';

export const MICRO_DEFAULTS = { everyNTurns: 1, defragThresholdTokens: 2000, maxOutputTokens: 1500 } as const;
const MICRO_KEY = '_micro_compact';

const isMicroMarker = (m: PyMsg): boolean => !!m[COMPRESSED_SUMMARY_KEY] && !!m[MICRO_KEY];
function lastIndexWhere(msgs: readonly PyMsg[], pred: (m: PyMsg) => boolean): number {
  for (let i = msgs.length - 1; i >= 0; i--) if (pred(msgs[i]!)) return i;
  return -1;
}
const render = (summary: string): string => `${SUMMARY_PREFIX}\n\n${HISTORICAL_TASK_HEADING}\n${summary.trim()}\n\n${SUMMARY_END_MARKER}`;

export interface MicroPass {
  messages: PyMsg[];
  outcome: 'absorbed' | 'defrag';
}

export class MicroCompaction {
  private rolling = '';
  private cursor = -1;
  passes = 0;

  /** `_micro_compact(messages)`: one pass, or undefined when there is nothing to absorb or the call failed. */
  run(c: HermesCompressor, msgs: readonly PyMsg[], summarizer: Summarizer): MicroPass | undefined {
    if (msgs.length < 4) return undefined;
    const exchange = this.nextExchange(c, msgs);
    if (!exchange) return undefined;
    const cap = Math.min(MICRO_DEFAULTS.maxOutputTokens, c.maxSummaryTokens || MICRO_DEFAULTS.maxOutputTokens);
    if (c.rough.text(this.rolling) >= MICRO_DEFAULTS.defragThresholdTokens) return this.defrag(msgs, summarizer, cap);
    const [start, end] = exchange;
    const cumulative = this.rolling.trim() !== '';
    const res = summarizer.summarize({
      messages: msgs.slice(start, end) as unknown as readonly Message[],
      ...(cumulative ? { previousSummary: this.rolling } : {}),
      budgetTokens: cap,
      budgetKind: 'cap',
      purpose: 'micro-compaction',
    });
    if (!res.ok || !res.text.trim()) return undefined;
    this.rolling = res.text.trim();
    const marker: PyMsg = { role: 'assistant', content: render(this.rolling), [COMPRESSED_SUMMARY_KEY]: true, [MICRO_KEY]: true, [HAS_USER_TURN_KEY]: false };
    let out: PyMsg[] = [...msgs.slice(0, start), marker, ...msgs.slice(end)];
    if (cumulative) {
      const micro = out.flatMap((m, i) => (isMicroMarker(m) ? [i] : []));
      const stale = new Set(micro.slice(0, -1));
      if (stale.size) out = mergeAdjacentUsers(out.filter((_, i) => !stale.has(i)));
    }
    this.cursor = lastIndexWhere(out, (m) => !!m[COMPRESSED_SUMMARY_KEY]) + 1;
    this.passes++;
    return { messages: out, outcome: 'absorbed' };
  }

  /** `_defrag_rolling_summary`: re-summarise the rolling summary and rewrite the newest micro marker. */
  private defrag(msgs: readonly PyMsg[], summarizer: Summarizer, cap: number): MicroPass | undefined {
    const res = summarizer.summarize({
      messages: [{ role: 'assistant', content: this.rolling }] as unknown as readonly Message[],
      budgetTokens: cap,
      budgetKind: 'cap',
      purpose: 'micro-compaction-defrag',
    });
    if (!res.ok || !res.text.trim()) return undefined;
    this.rolling = res.text.trim();
    const at = lastIndexWhere(msgs, isMicroMarker);
    this.passes++;
    if (at < 0) return undefined;
    const out = [...msgs];
    out[at] = { ...msgs[at]!, content: render(this.rolling) };
    return { messages: out, outcome: 'defrag' };
  }

  /** `_next_exchange`: the next exchange after the cursor inside the compressible window. */
  private nextExchange(c: HermesCompressor, msgs: readonly PyMsg[]): [number, number] | undefined {
    const start = alignBoundaryForward(msgs, protectHeadSize416(c, msgs));
    const end = tailCut416(msgs, start, c.tailTokenBudget, c.protectLastN, c.minTailUserMessages, c.rough.budget).cut;
    if (start >= end) return undefined;
    let cursor = this.cursor;
    if (!(start < cursor && cursor < end)) {
      let last = -1;
      for (let i = start; i < end; i++) if (isContextSummaryMessage(msgs[i]!)) last = i;
      cursor = last >= start ? last + 1 : start;
    }
    this.cursor = cursor;
    if (cursor >= end) return undefined;
    const turnRow = (i: number, roles: readonly string[]) => roles.includes(msgs[i]!.role as string) && !isContextSummaryMessage(msgs[i]!);
    let i = cursor;
    while (i < end && !turnRow(i, ['assistant'])) i++;
    if (i >= end) return undefined;
    const first = i++;
    while (i < end && turnRow(i, ['assistant', 'tool'])) i++;
    const boundary = msgs[i];
    if (!boundary || boundary.role === 'assistant' || boundary.role === 'tool') return undefined;
    return [first, i];
  }
}

/** `_merge_adjacent_user_turns`: plain-text user rows left next to each other are joined. */
function mergeAdjacentUsers(msgs: readonly PyMsg[]): PyMsg[] {
  const plain = (m: PyMsg | undefined) => !!m && m.role === 'user' && !m[COMPRESSED_SUMMARY_KEY] && typeof m.content === 'string';
  const out: PyMsg[] = [];
  for (const m of msgs) {
    const prev = out[out.length - 1];
    if (plain(m) && plain(prev)) out[out.length - 1] = { ...prev, content: [prev!.content, m.content].filter((x) => x).join('\n\n') };
    else out.push(m);
  }
  return out;
}
