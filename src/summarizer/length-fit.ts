/**
 * Fitting the summary length model (length-model.ts) on real compaction summaries: each compaction
 * point of an imported transcript whose first message is the summary (Claude Code's `isCompactSummary`
 * message after a `compact_boundary`) gives one sample — the size of the prompt the summarizer read and
 * the o200k tokens of the summary the model wrote (the client's wrapper sentences before and after it
 * removed). The input is the client's recorded `preTokens` converted to o200k with the provider's token
 * scale and per-message term (it includes the system block and thinking the log does not show, as the simulator's summary
 * input includes the system block); without `preTokens`, the o200k tokens of the messages replaced. `compactbench calibrate --summary-lengths FILE...` runs it on
 * a user's own transcripts.
 */
import { basename } from 'node:path';
import { contentText } from '../core/messages.js';
import type { ScaleParams } from '../cache/token-scale.js';
import type { TokenCounter } from '../core/tokens.js';
import type { ImportedTrace } from '../workload/import/types.js';
import type { LengthModel } from './length-model.js';

export interface SummarySample {
  file: string;
  trigger?: string;
  /** o200k tokens of the prompt the summary was written from */
  inputTokens: number;
  /** provider tokens before compacting, as the client recorded them */
  preTokens?: number;
  /** o200k tokens of the summary */
  outputTokens: number;
}

export interface LengthFit {
  model: LengthModel;
  n: number;
  /** whether beta was fitted (inputs span ≥ 2×) or is the default assumption */
  betaFitted: boolean;
  /** per sample: log(output) − the model's mean */
  residuals: number[];
  /**
   * per sample: its residual under the model fitted without its session's samples (leave-one-session-out;
   * NaN when no other session has one)
   */
  looResiduals: number[];
}

/**
 * Used when the data cannot identify beta (inputs spanning less than 2×): no growth with the input within
 * the data's range. The shared summaries all come from ~167k-token prompts, so this is the case for them.
 */
export const DEFAULT_BETA = 0;

const LEAD = /^This session is being continued from a previous conversation[^\n]*\n\n/;
const TAIL = /\n\n?If you need specific details from before compaction[\s\S]*$/;

/** The model-written part of a Claude Code summary message. */
export function summaryBody(text: string): string {
  return text.replace(LEAD, '').replace(TAIL, '').replace(/\n\nPlease continue the conversation from where we left off[\s\S]*$/, '');
}

/**
 * `scale`: the provider's token scale (cache/token-scale.ts), to convert `preTokens` to o200k: each of
 * the request's messages (the system block and those replaced) carries `perMessage` of it.
 */
export function summarySamples(trace: ImportedTrace, tokens: TokenCounter, scale: ScaleParams): SummarySample[] {
  const out: SummarySample[] = [];
  let start = trace.messages[0]?.role === 'system' ? 1 : 0;
  for (const p of trace.meta.compactions) {
    const msg = trace.messages[p.beforeMsgIndex];
    if (!msg || msg.role !== 'user') continue;
    const body = summaryBody(contentText(msg));
    const replaced = trace.messages.slice(start, p.beforeMsgIndex);
    const inputTokens = p.preTokens !== undefined
      ? Math.round((p.preTokens - scale.perMessage * (replaced.length + 1)) / scale.scale)
      : tokens.messages(replaced);
    start = p.beforeMsgIndex;
    if (!body.trim() || inputTokens === 0) continue;
    out.push({
      file: basename(trace.meta.source), inputTokens, outputTokens: tokens.count(body),
      ...(p.trigger ? { trigger: p.trigger } : {}), ...(p.preTokens !== undefined ? { preTokens: p.preTokens } : {}),
    });
  }
  return out;
}

/** Least squares on log(output) = mu + beta · log(input / ref); sigma is the residual standard deviation. */
export function fitLengthModel(samples: readonly SummarySample[]): LengthFit {
  const fit = fitOnly(samples);
  const looResiduals = samples.map((s) => {
    const others = samples.filter((o) => o.file !== s.file);
    if (!others.length) return NaN;
    const m = fitOnly(others).model;
    return Math.log(s.outputTokens) - m.mu - m.beta * (Math.log(s.inputTokens) - Math.log(m.refInput));
  });
  return { ...fit, looResiduals };
}

function fitOnly(samples: readonly SummarySample[]): Omit<LengthFit, 'looResiduals'> {
  if (samples.length === 0) throw new Error('no real summaries to fit the length model on');
  const x = samples.map((s) => Math.log(s.inputTokens));
  const y = samples.map((s) => Math.log(s.outputTokens));
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  const span = Math.max(...x) - Math.min(...x);
  const betaFitted = samples.length >= 3 && span >= Math.log(2);
  let beta = DEFAULT_BETA;
  if (betaFitted) {
    let sxy = 0;
    let sxx = 0;
    x.forEach((xi, k) => {
      sxy += (xi - mx) * (y[k]! - my);
      sxx += (xi - mx) ** 2;
    });
    beta = sxy / sxx;
  }
  const residuals = x.map((xi, k) => y[k]! - my - beta * (xi - mx));
  const dof = Math.max(1, samples.length - (betaFitted ? 2 : 1));
  const sigma = Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / dof);
  return { model: { mu: my, sigma, beta, refInput: Math.exp(mx) }, n: samples.length, betaFitted, residuals };
}
