/**
 * User-facing feedback for a manual compression command: was it a no-op, a headline with the
 * message counts, a token line, and a note for the counter-intuitive "fewer messages but more
 * tokens" outcome.
 *
 * Source: seed 002 (`002_1a111ab0b34283e5.txt`, "Manual Compression Feedback"), Hermes Agent
 * `agent/manual_compression_feedback.py` `summarize_manual_compression`. Same rules and wording;
 * the token label is a parameter because compactbench can pass exact tokenizer counts, and the
 * upstream label ("Rough transcript estimate") would then be wrong.
 */
import { sameMessage } from '../../core/diff.js';
import type { Message } from '../../core/messages.js';

export const ROUGH_TOKEN_LABEL = 'Rough transcript estimate';

export interface CompressionFeedback {
  /** the history came back equal, message by message, to what went in */
  noop: boolean;
  headline: string;
  tokenLine: string;
  /** set only when the command removed messages but the token count rose */
  note: string | null;
}

/** `1234567` → `1,234,567` (Python's `{:,}`), with no locale dependence. */
export function thousands(n: number): string {
  const t = Math.trunc(n);
  const s = String(t);
  // exponent forms and NaN through the regex; plain integers grouped by hand (microcompact writes two per
  // event, and the look-ahead regex was most of its feedback's cost)
  if (!(Math.abs(t) < 1e21)) return s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = t < 0 ? 1 : 0;
  const digits = s.length - sign;
  if (digits <= 3) return s;
  let out = s.slice(0, sign + ((digits - 1) % 3) + 1);
  for (let i = out.length; i < s.length; i += 3) out += `,${s.slice(i, i + 3)}`;
  return out;
}

/**
 * Element-wise equality of two histories (Hermes compares the lists of dicts with `==`); the first `from`
 * messages are known to be the same objects (a rewrite that kept its prefix).
 */
export function sameHistory(a: readonly Message[], b: readonly Message[], from = 0): boolean {
  if (a.length !== b.length) return false;
  for (let i = from; i < a.length; i++) if (!sameMessage(a[i]!, b[i]!)) return false;
  return true;
}

export function summarizeManualCompression(
  before: readonly Message[],
  after: readonly Message[],
  beforeTokens: number,
  afterTokens: number,
  tokenLabel: string = ROUGH_TOKEN_LABEL,
  /** `after[i] === before[i]` for every `i < keptPrefix` (so only the rest is compared) */
  keptPrefix = 0,
): CompressionFeedback {
  return feedbackOf(sameHistory(before, after, keptPrefix), before.length, after.length, beforeTokens, afterTokens, tokenLabel);
}

/**
 * The same feedback from the facts alone (was it a no-op, the message counts, the token totals), for a
 * caller that never builds the whole new history (microcompact returns only its tail).
 */
export function feedbackOf(
  noop: boolean, beforeMessages: number, afterMessages: number, beforeTokens: number, afterTokens: number,
  tokenLabel: string = ROUGH_TOKEN_LABEL,
): CompressionFeedback {
  const range = `${tokenLabel}: ~${thousands(beforeTokens)} → ~${thousands(afterTokens)} tokens`;
  const headline = noop
    ? `No changes from compression: ${beforeMessages} messages`
    : `Compressed: ${beforeMessages} → ${afterMessages} messages`;
  const tokenLine = noop && afterTokens === beforeTokens
    ? `${tokenLabel}: ~${thousands(beforeTokens)} tokens (unchanged)`
    : range;
  // Why: a dense summary can out-weigh the sparse messages it replaced; say so instead of
  // leaving the user to think the command misbehaved.
  const note = !noop && afterMessages < beforeMessages && afterTokens > beforeTokens
    ? 'Note: fewer messages can still raise this rough transcript estimate when compression rewrites the transcript into denser summaries.'
    : null;
  return { noop, headline, tokenLine, note };
}

/** One line for an event's `note` column: headline; token line[; note]. */
export function feedbackLine(f: CompressionFeedback): string {
  return f.note ? `${f.headline}; ${f.tokenLine}; ${f.note}` : `${f.headline}; ${f.tokenLine}`;
}
