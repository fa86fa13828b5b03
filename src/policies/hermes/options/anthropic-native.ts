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
  private messages?: readonly PyMsg[];
  /** the history about to be compacted still starts with the seed (`covered_prefix`) */
  private armed = false;

  /** `record_compaction_seed`: a response arrived for a request of these messages. */
  record(request: readonly PyMsg[], model: string): void {
    this.messages = modelSupportsCompaction(model) ? request : undefined;
  }

  /** Before a compaction of `history`: usable only if the history still starts with the answered request. */
  arm(history: readonly PyMsg[]): void {
    const seed = this.messages;
    this.armed = !!seed && seed.length <= history.length && seed.every((m, i) => history[i] === m);
  }

  /** The backend: native over the seed when it covers every turn to summarise, else `aux`. */
  backend(aux: SummaryBackend, summarizer: () => Summarizer): SummaryBackend {
    return {
      summarize: (req) => {
        const seed = this.messages;
        if (!seed || !this.armed) return aux.summarize(req);
        this.messages = undefined; // one use: the history is about to be rewritten
        this.armed = false;
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
