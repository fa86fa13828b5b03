/**
 * Anthropic native compaction as Hermes' summarizer (agent/anthropic_native_compaction.py @ 545d608bf37c,
 * `compression.anthropic_native: true`, off upstream by default; read from source). On the direct
 * Anthropic route, for a model with on-demand compaction (Opus/Sonnet 4.6+, Haiku 5.5+, Fable and
 * Mythos), the summary is written by the conversation's own model over exactly the last request it
 * answered: that request just wrote the prompt cache, so the call reads it back (one use per
 * request). Output is capped at 20,000 tokens (`COMPACTION_MAX_TOKENS`). Anything ineligible (another
 * model, no answered request, a window reaching past what that request carried) falls back to the
 * auxiliary summarizer, as upstream does. The returned text then goes through the usual compressor
 * pipeline (grounding, prefix, assembly).
 * Assumed here: the scenario's Claude models are reached on the direct Anthropic route with caching on.
 */
import type { Message } from '../../../core/messages.js';
import type { Summarizer } from '../../../summarizer/types.js';
import type { PyMsg } from '../msg.js';
import { SUMMARY_PROMPT_OVERHEAD_TOKENS } from '../serialize-turns.js';
import type { SummaryBackend } from '../summary-call.js';

export const COMPACTION_MAX_TOKENS = 20_000;
const MIN_VERSION: Readonly<Record<string, readonly [number, number]>> = { opus: [4, 6], sonnet: [4, 6], haiku: [5, 5], fable: [5, 0], mythos: [5, 0] };
const MODEL_RE = /claude[-_.](opus|sonnet|haiku|fable|mythos)(?:[-_.](\d+)(?:[-_.](\d{1,2})(?=$|[-_.[]))?)?/i;

/** `model_supports_compaction`. */
export function modelSupportsCompaction(model: string): boolean {
  const m = MODEL_RE.exec(model.trim());
  if (!m) return false;
  const family = m[1]!.toLowerCase();
  if (m[2] === undefined) return family === 'fable' || family === 'mythos';
  const [major, minor] = [Number(m[2]), Number(m[3] ?? 0)];
  const [minMajor, minMinor] = MIN_VERSION[family]!;
  return major > minMajor || (major === minMajor && minor >= minMinor);
}

/** The last answered request, kept for one native summary. */
export class CompactionSeed {
  /** the answered request: its length and its first and last messages (a copy would cost O(history) per step) */
  private seed?: { length: number; first: PyMsg; last: PyMsg };
  /** the request's messages, when the history about to be compacted still starts with it (`covered_prefix`) */
  private armed?: readonly PyMsg[];

  /** `record_compaction_seed`: a response arrived for a request of the first `length` messages of `history`. */
  record(history: readonly PyMsg[], length: number, model: string): void {
    this.seed = modelSupportsCompaction(model) && length > 0 ? { length, first: history[0]!, last: history[length - 1]! } : undefined;
  }

  /**
   * Before a compaction of `history`: usable only if the history still starts with the answered request.
   * The history only grows at its end between rewrites, and a rewrite replaces every message from the
   * first one it changes, so the request's first and last messages in place prove the whole prefix.
   */
  arm(history: readonly PyMsg[]): void {
    const s = this.seed;
    this.armed = s && s.length <= history.length && history[0] === s.first && history[s.length - 1] === s.last ? history.slice(0, s.length) : undefined;
  }

  /** The backend: native over the seed when it covers every turn to summarise, else `aux`. */
  backend(aux: SummaryBackend, summarizer: () => Summarizer): SummaryBackend {
    return {
      summarize: (req) => {
        const seed = this.armed;
        if (!seed) return aux.summarize(req);
        this.seed = this.armed = undefined; // one use: the history is about to be rewritten
        const res = summarizer().summarize({
          messages: seed as unknown as readonly Message[],
          budgetTokens: COMPACTION_MAX_TOKENS,
          budgetKind: 'cap',
          purpose: 'summary',
          reusesMainCache: true,
          promptOverheadTokens: SUMMARY_PROMPT_OVERHEAD_TOKENS,
          ...(req.focusTopic ? { focus: req.focusTopic } : {}),
        });
        // a failed native call leaves the auxiliary summarizer to run, as upstream
        return res.ok ? { ok: true, text: res.text } : aux.summarize(req);
      },
    };
  }
}
