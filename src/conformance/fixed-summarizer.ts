/**
 * The summarizer the Hermes conformance data was made with: upstream's LLM call replaced by a stub that
 * returns exactly `SUMMARY[n=<number of turns summarized>]`, or fails (the static-fallback path) when
 * the case says `fail_summary: true` (shared/reference/hermes-compressor.md, "Conformance data").
 */
import type { Summarizer, SummaryRequest, SummaryResult } from '../summarizer/types.js';

/** The failure text the upstream stub raised (it appears in fallback summaries). */
export const STUB_FAILURE = 'simulated summary failure (status 500)';

export interface FixedSummarizer extends Summarizer {
  readonly calls: number;
}

export function createFixedSummarizer(opts: { fail?: boolean } = {}): FixedSummarizer {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    summarize(req: SummaryRequest): SummaryResult {
      calls++;
      if (opts.fail) return { ok: false, error: STUB_FAILURE, kind: 'provider' };
      return { ok: true, text: `SUMMARY[n=${req.messages.length}]`, inputTokens: 0, outputTokens: 0 };
    },
  };
}
