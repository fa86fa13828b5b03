/**
 * `microcompact`: instant, LLM-free stripping of tool-call/result pairs and reasoning from all but
 * the last N turns (the "scalpel" next to /compress's "grenade").
 *
 * Source: seed 000 (`000_88fcd3f0d05bd303.txt`, Hermes Agent issue #525, "/microcompact — Instant,
 * LLM-Free Surgical Context Stripping"): default keep 3 ("Claude Code defaults to 3"), N = 0 strips
 * everything; the stripping itself is in `microcompact/strip.ts`. Each run reports seed 002's manual
 * compression feedback (`agent/manual_compression_feedback.py`): no-op flag, headline, token line and
 * the "fewer messages but more tokens" note (which stripping alone can never trigger: it only removes).
 *
 * Three ways it fires:
 * - the `/microcompact [N]` command, from a scenario `command` event (phase `command`);
 * - a schedule in the parameters, `everySteps` / `atSteps`, fired from beforeStep, so the same
 *   experiment runs on any workload (phase `before`);
 * - automatically in beforeStep once the request reaches `triggerFraction` of the window and a run
 *   would remove at least a minimum of tool-result tokens. Seed 000 leaves its "Phase 2: Automatic
 *   Integration" open; the default 0.85 is the auto-compression threshold the seed quotes for Hermes at
 *   the time ("Triggers at 85% context capacity"). The minimum is the rule of the layer the seed takes
 *   as its model, Claude Code's per-turn microcompact: act only when clearing saves at least 20,000
 *   tokens (claude-code/microcompact.ts), which keeps its cache cuts rare and large. Without it, a
 *   session that stays above the trigger strips on every step, for the one turn that has just left the
 *   kept N, and cuts the cache each time. The default is that rule as a fraction of the window (20,000
 *   of Claude Code's 200k = 0.1), since Hermes also runs 32k models, where 20,000 tokens of results may
 *   never be eligible before the request overflows; `minSavingsTokens` sets Claude Code's absolute
 *   figure, and `minSavingsFraction=0` runs on every step above the trigger (compactbench 0.1).
 *
 * No-ops: a command or scheduled run that finds nothing to strip is an event with unchanged history
 * (the command ran and said "No changes from compression", as Hermes prints; the harness marks it
 * `noop`). An automatic run that finds nothing is a veto instead: it would otherwise repeat on every
 * step above the threshold, and a veto is what the report counts as "wanted to act, did not".
 */
import { HistoryTokens } from './shared/history-tokens.js';
import type { Message } from '../core/messages.js';
import { sameMessage } from '../core/diff.js';
import { feedbackLine, feedbackOf, type CompressionFeedback } from './shared/compression-feedback.js';
import { tailResult } from './shared/tail-result.js';
import { settledPrefix, stripTail, type Settled, type StripCounts, type TurnUnit } from './microcompact/strip.js';
import { EligibleResults } from './microcompact/eligible.js';
import { isScheduled, parseKeepArg, parseStepList, type Schedule } from './microcompact/schedule.js';
import type { HookResult, PolicyContext, PolicyDefinition, PolicyResult } from './types.js';

export const MICROCOMPACT_COMMAND = '/microcompact';
/** Token label of the feedback line: compactbench passes exact o200k counts, not Hermes' chars/4. */
export const MICROCOMPACT_TOKEN_LABEL = 'Transcript tokens (o200k)';

type Trigger = 'command' | 'schedule' | 'threshold';

interface Stats {
  events: number;
  noops: number;
  tokensRecovered: number;
  toolCallsStripped: number;
  toolResultsRemoved: number;
  reasoningStripped: number;
  /** steps above the trigger whose run would have removed less than the minimum */
  heldBack: number;
}

/**
 * One microcompact run over `history`, with its feedback, as a PolicyResult given as a tail
 * (`PolicyResult.tail`, shared/tail-result.ts): `settled` is a prefix of `history` the run leaves as it is
 * (strip.ts `settledPrefix`): skipped, and the result's `changedFrom`; the messages after it are the tail,
 * so a run never copies the history. A no-op keeps everything (an empty tail after the whole input).
 */
function runOnce(history: readonly Message[], ctx: PolicyContext, keepLastN: number, unit: TurnUnit, trigger: Trigger,
  settled: Settled, before: number): PolicyResult {
  // the total after the run, from the messages it changed (the same sum as counting the new history)
  let after = before;
  const onChange = (from: Message, to: Message | undefined): void => { after += (to ? ctx.tokens.message(to) : 0) - ctx.tokens.message(from); };
  const out = stripTail(history, { keepLastN, unit, onChange, settled });
  const noop = sameTail(history, out.from, out.tail);
  const fb = feedbackOf(noop, history.length, out.from + out.tail.length, before, after, MICROCOMPACT_TOKEN_LABEL);
  return tailResult(history, noop ? history.length : out.from, noop ? [] : out.tail, {
    kind: 'strip',
    note: feedbackLine(fb),
    detail: stripDetail(trigger, keepLastN, fb, out, before, after),
  });
}

/**
 * The event's detail, keys in this order (events.csv). Two literals, not a conditional spread, so each
 * has one fixed shape: the harness serializes one per event, and a spread made V8 build them slowly.
 */
function stripDetail(trigger: Trigger, keepLastN: number, fb: CompressionFeedback, out: StripCounts, before: number, after: number): Record<string, string | number | boolean> {
  const { noop, headline, tokenLine, note } = fb;
  const { toolTurnsStripped, toolCallsStripped, toolResultsRemoved, assistantMessagesRemoved, reasoningStripped } = out;
  return note
    ? {
      trigger, keepLastN, noop, headline, tokenLine, feedbackNote: note, toolTurnsStripped, toolCallsStripped, toolResultsRemoved,
      assistantMessagesRemoved, reasoningStripped, transcriptTokensBefore: before, transcriptTokensAfter: after,
    }
    : {
      trigger, keepLastN, noop, headline, tokenLine, toolTurnsStripped, toolCallsStripped, toolResultsRemoved,
      assistantMessagesRemoved, reasoningStripped, transcriptTokensBefore: before, transcriptTokensAfter: after,
    };
}

/** `history[from:]` equals `tail` message by message (Hermes compares the lists with `==`). */
function sameTail(history: readonly Message[], from: number, tail: readonly Message[]): boolean {
  if (history.length - from !== tail.length) return false;
  for (let k = 0; k < tail.length; k++) if (!sameMessage(history[from + k]!, tail[k]!)) return false;
  return true;
}

export const microcompactPolicy: PolicyDefinition = {
  id: 'microcompact',
  description: 'Strips tool-call/result pairs and reasoning from all but the last N turns (no LLM call): on /microcompact, on a step schedule, or automatically at a threshold.',
  source: 'seed 000 (Hermes Agent issue #525, /microcompact proposal); feedback: seed 002 (agent/manual_compression_feedback.py)',
  version: 'seed-000',
  params: [
    { name: 'keepLastN', type: 'integer', default: 3, min: 0, description: 'turns kept intact; 0 strips everything (seed 000: default 3, as Claude Code)' },
    { name: 'unit', type: 'enum', default: 'tool-call', values: ['tool-call', 'user-turn'], description: "what a turn is: 'tool-call' = a tool-calling assistant message (seed 000's function); 'user-turn' = a user message and its agent loop" },
    { name: 'triggerFraction', type: 'number', default: 0.85, min: 0, max: 1, description: 'run automatically before a step whose request reaches this fraction of the window; 0 = never (seed 000 quotes Hermes auto-compression at 85%)' },
    { name: 'minSavingsFraction', type: 'number', default: 0.1, min: 0, max: 1, description: 'an automatic run needs at least this fraction of the window in tool results outside the kept turns (Claude Code\'s 20,000-token minimum saving, as 0.1 of its 200k window); 0 = run on every step above the trigger' },
    { name: 'minSavingsTokens', type: 'integer', default: 0, min: 0, description: 'when positive, the minimum in tokens instead of minSavingsFraction (Claude Code\'s own figure: 20000)' },
    { name: 'everySteps', type: 'integer', default: 0, min: 0, description: 'also run on every step that is a positive multiple of this; 0 = off' },
    { name: 'atSteps', type: 'string', default: '', description: 'also run on these 0-based steps, separated by ";" (e.g. "40;80"; the CLI splits parameters at commas)' },
  ],
  upstreamProperties: {
    'strict-alternation': 'Stripping the calls from an assistant message that also has text keeps it ("If the message also has '
      + 'content text → keep the message, only remove tool_calls"), and seed 000\'s function has no merge step, so it can sit next to '
      + 'the following assistant message (the turn\'s final answer) with nothing between them; the proposal keeps every assistant '
      + 'message as it was ("All assistant text preserved"). Source: seed 000 (microcompact() sketch, "Orphan Prevention", '
      + '"What Gets Stripped vs Preserved").',
    'thinking-kept': 'The sketch strips reasoning, reasoning_content and reasoning_details from all but the last N assistant '
      + 'messages by position ("Strip thinking/reasoning from all but last N assistant messages"), whether or not they called tools, so an older '
      + 'tool-calling message that keeps its calls loses its reasoning_content, which DeepSeek\'s thinking mode requires in every '
      + 'later request (api-docs.deepseek.com/guides/thinking_mode, tool calls); with keepLastN = 0 the assistant whose results are '
      + 'being sent loses its thinking too (Anthropic). Source: seed 000 (microcompact() sketch, "What Gets Stripped vs Preserved").',
  },
  create(params) {
    const keepLastN = params.keepLastN as number;
    const unit = params.unit as TurnUnit;
    const triggerFraction = params.triggerFraction as number;
    const schedule: Schedule = { everySteps: params.everySteps as number, atSteps: parseStepList(params.atSteps as string) };
    const minSavingsFraction = params.minSavingsFraction as number;
    const minSavingsTokens = params.minSavingsTokens as number;
    const stats: Stats = { events: 0, noops: 0, tokensRecovered: 0, toolCallsStripped: 0, toolResultsRemoved: 0, reasoningStripped: 0, heldBack: 0 };
    const eligible = new EligibleResults(keepLastN, unit);
    /** the automatic mode's minimum saving in tokens; 0 = none */
    const minSavingsOf = (ctx: PolicyContext): number => (minSavingsTokens > 0 ? minSavingsTokens : minSavingsFraction * ctx.contextWindow);

    const historyTokens = new HistoryTokens();
    /**
     * The settled prefix of `ref`, the array a hook gets (the harness's history, which it edits in place
     * with a tail result and appends to): while that array is what a hook gets, a run starts there, so a
     * run on every step (above the threshold) costs O(messages since the last kept turn), not O(history).
     */
    let ref: readonly Message[] | undefined;
    let settled: Settled = { index: 0, assistants: 0 };
    let settledLast: Message | undefined;
    const settledOf = (history: readonly Message[]): Settled => {
      const same = history === ref && history.length >= settled.index && (settled.index === 0 || history[settled.index - 1] === settledLast);
      return same ? settled : { index: 0, assistants: 0 };
    };
    /** `r` (a run over `history` from `from`), with the settled prefix moved forward over the history it leaves */
    const settle = <R extends HookResult>(history: readonly Message[], from: Settled, r: R): R => {
      ref = history;
      eligible.reset();
      if (r && !('veto' in r)) {
        // the new history is history[0 : changedFrom] then the tail; changedFrom is from.index or the input's length
        const at = r.changedFrom!;
        const tail = r.tail!;
        const s = at === from.index ? settledPrefix(tail, { index: 0, assistants: from.assistants }) : { index: 0, assistants: 0 };
        settled = at === from.index ? { index: at + s.index, assistants: s.assistants } : settledPrefix(history, from);
        settledLast = settled.index === 0 ? undefined : settled.index > at ? tail[settled.index - at - 1] : history[settled.index - 1];
        historyTokens.expect(history, (r.detail!.noop ? r.detail!.transcriptTokensBefore : r.detail!.transcriptTokensAfter) as number, at + tail.length);
      } else {
        settled = settledPrefix(history, from);
        settledLast = settled.index > 0 ? history[settled.index - 1] : undefined;
      }
      return r;
    };
    const run = (history: readonly Message[], ctx: PolicyContext, n: number, trigger: Trigger): { r: PolicyResult; from: Settled } => {
      const from = settledOf(history);
      return { r: runOnce(history, ctx, n, unit, trigger, from, historyTokens.of(history, ctx.tokens)), from };
    };
    const record = (r: PolicyResult): PolicyResult => {
      const d = r.detail!;
      stats.events++;
      if (d.noop) stats.noops++;
      stats.tokensRecovered += (d.transcriptTokensBefore as number) - (d.transcriptTokensAfter as number);
      stats.toolCallsStripped += d.toolCallsStripped as number;
      stats.toolResultsRemoved += d.toolResultsRemoved as number;
      stats.reasoningStripped += d.reasoningStripped as number;
      return r;
    };

    return {
      id: 'microcompact',
      params,
      beforeStep(history, ctx): HookResult {
        if (isScheduled(ctx.step, schedule)) {
          const { r, from } = run(history, ctx, keepLastN, 'schedule');
          return settle(history, from, record(r));
        }
        if (triggerFraction <= 0) return undefined;
        const before = historyTokens.of(history, ctx.tokens);
        if (ctx.systemTokens + before < triggerFraction * ctx.contextWindow) return undefined;
        const minSavings = minSavingsOf(ctx);
        if (minSavings > 0 && eligible.tokens(history, settledOf(history).index, ctx.tokens) < minSavings) {
          stats.heldBack++;
          return undefined;
        }
        const { r, from } = run(history, ctx, keepLastN, 'threshold');
        if (r.detail!.noop) {
          stats.noops++;
          return settle(history, from, { veto: `microcompact: request at or above ${triggerFraction} of the window but nothing to strip outside the last ${keepLastN} turns` });
        }
        return settle(history, from, record(r));
      },
      onCommand(command, args, history, ctx): HookResult {
        if (command.trim() !== MICROCOMPACT_COMMAND) return undefined;
        const n = parseKeepArg(args, keepLastN);
        if (n === null) return { veto: `microcompact: usage: /microcompact [N] (N = turns to keep, a non-negative integer); got ${JSON.stringify(args)}` };
        const { r, from } = run(history, ctx, n, 'command');
        return settle(history, from, record(r));
      },
      telemetry: () => ({
        microcompactEvents: stats.events,
        microcompactNoops: stats.noops,
        microcompactTokensRecovered: stats.tokensRecovered,
        microcompactToolCallsStripped: stats.toolCallsStripped,
        microcompactToolResultsRemoved: stats.toolResultsRemoved,
        microcompactReasoningStripped: stats.reasoningStripped,
        microcompactHeldBack: stats.heldBack,
      }),
    };
  },
};
