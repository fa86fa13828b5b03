/**
 * How long a summary is when the policy only caps it (`max_tokens`, as Claude Code sets): a length
 * model fitted on real compaction summaries, conditioned on the size of the conversation summarized.
 *
 *   log(output) = mu + beta · log(input / refInput) + sigma · z,   z ~ N(0, 1)
 *
 * `mu` and `sigma` are fitted (length-fit.ts) on every real summary in shared/traces; `beta` is fitted
 * only when the inputs span at least a factor of 2, else it is `DEFAULT_BETA` = 0 (the shared summaries
 * all summarize ~167k-token prompts, so they say nothing about growth with the input). Output and input
 * are o200k tokens. A summary is never longer than its input; the summarizer truncates it at the cap.
 */
import { SUMMARY_LENGTHS } from './length-table.js';

export interface LengthModel {
  mu: number;
  sigma: number;
  beta: number;
  /** input tokens the model is centred on (geometric mean of the fitted inputs) */
  refInput: number;
}

/** A standard normal draw from two uniforms (Box–Muller), deterministic in the generator. */
export function normalDraw(rng: () => number): number {
  const u1 = Math.max(rng(), 1e-12);
  const u2 = rng();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The median output (o200k tokens) the model predicts for `inputTokens`. */
export function medianLength(inputTokens: number, m: LengthModel = SUMMARY_LENGTHS.model): number {
  return Math.exp(m.mu + m.beta * Math.log(Math.max(1, inputTokens) / m.refInput));
}

/** One drawn summary length (o200k tokens, between 1 and the input), before the cap. */
export function drawLength(inputTokens: number, rng: () => number, m: LengthModel = SUMMARY_LENGTHS.model): number {
  const n = Math.round(medianLength(inputTokens, m) * Math.exp(m.sigma * normalDraw(rng)));
  return Math.max(1, Math.min(n, Math.max(1, Math.round(inputTokens))));
}
