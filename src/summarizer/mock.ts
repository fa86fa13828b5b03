/**
 * The mock summarizer: deterministic from the seed, no network.
 *
 * Output length: for a `target` budget (the policy's prompt asks for about N tokens), N times a fidelity
 * factor; for a `cap` (`max_tokens` only), a length drawn from the model fitted on real summaries
 * (length-model.ts) for the call's input size, truncated at the cap (the fit already is the real length,
 * so the fidelity factor does not shrink it again). So a
 * policy's summary cadence is simulated with realistic sizes. The text is real words
 * (single-token English words, so its exact token count is known by construction and is registered
 * with the token counter). Failures happen with a probability or on a schedule of call numbers, so
 * policies' fallback and cooldown paths run. A fixed-text mode serves conformance tests.
 */
import seedrandom from 'seedrandom';
import type { TokenCounter } from '../core/tokens.js';
import { drawLength, type LengthModel } from './length-model.js';
import type { SummaryRequest, SummaryResult, Summarizer } from './types.js';

/** Words that are one o200k token each with their leading space, so N words are N tokens. */
const WORDS = (
  'the of and to in is that for it as with was on be by this are from at or an have not which but all they were ' +
  'can one been has more their will when there would other what about if out so no some into only also time than ' +
  'then could these two may first new any its after most over such where our through many before well because ' +
  'each just those how much both made between under last while same three'
).split(' ').map((w) => ` ${w}`);
const HEADER = 'Summary:';
const HEADER_TOKENS = 2; // "Summary" ":" — checked in test/summarizer

export interface MockSummarizerOptions {
  seed: string | number;
  tokens: TokenCounter;
  /** target budgets: output tokens = round(budgetTokens × fidelity) (caps draw from the calibrated length model as is) @default 1 */
  fidelity?: number;
  /** the length model for capped requests @default the fit on real summaries (length-table.ts) */
  lengthModel?: LengthModel;
  /** probability that a call fails @default 0 */
  failureRate?: number;
  /** 1-based call numbers that fail (a schedule) @default [] */
  failAt?: readonly number[];
  /** instruction tokens added to every call's input (the summary prompt template) @default 600 */
  promptOverheadTokens?: number;
  /** conformance mode: return exactly this text (its tokens counted exactly) */
  fixedText?: (req: SummaryRequest, callNumber: number) => string;
}

export function createMockSummarizer(opts: MockSummarizerOptions): Summarizer & { readonly calls: number } {
  const rng = seedrandom.alea(`${opts.seed}:summarizer`);
  const fidelity = opts.fidelity ?? 1;
  const failureRate = opts.failureRate ?? 0;
  const failAt = new Set(opts.failAt ?? []);
  const overhead = opts.promptOverheadTokens ?? 600;
  // read once: `opts` is built by spreading each scenario's settings, so its shape differs between
  // sessions, and optimized code reading it on every call was discarded at each new shape
  const { tokens, fixedText, lengthModel } = opts;
  let calls = 0;

  const inputTokensOf = (req: SummaryRequest): number =>
    (req.inputTokens ?? tokens.messages(req.messages) + (req.previousSummary ? tokens.count(req.previousSummary) : 0)) +
    (req.promptOverheadTokens ?? overhead);

  return {
    get calls() {
      return calls;
    },
    summarize(req: SummaryRequest): SummaryResult {
      calls++;
      const draw = rng(); // drawn on every call so the failure stream does not depend on the schedule
      if (failAt.has(calls) || draw < failureRate) {
        return { ok: false, error: `mock summarizer failure on call ${calls}`, kind: 'provider' };
      }
      const inputTokens = inputTokensOf(req);
      if (fixedText) {
        const text = fixedText(req, calls);
        return { ok: true, text, inputTokens, outputTokens: tokens.count(text) };
      }
      const wanted = req.budgetKind === 'cap'
        ? Math.min(req.budgetTokens, drawLength(inputTokens - (req.promptOverheadTokens ?? overhead), rng, lengthModel))
        : Math.round(req.budgetTokens * fidelity);
      const target = Math.max(HEADER_TOKENS + 1, wanted);
      const text = wordsText(rng, target);
      tokens.prime(text, target);
      return { ok: true, text, inputTokens, outputTokens: target };
    },
  };
}

/**
 * Each word's characters (at most 8, ASCII: one byte each) as two little-endian 32-bit halves, zero
 * padded, and its length.
 */
const WORD_LOW = new Uint32Array(WORDS.length);
const WORD_HIGH = new Uint32Array(WORDS.length);
const WORD_LENGTH = Uint8Array.from(WORDS, (w) => w.length);
WORDS.forEach((w, k) => {
  if (w.length > 8) throw new Error(`mock summarizer word longer than 8 characters: ${w}`);
  const b = Buffer.alloc(8);
  b.write(w, 0, 'latin1');
  WORD_LOW[k] = b.readUInt32LE(0);
  WORD_HIGH[k] = b.readUInt32LE(4);
});
/** where texts are written (grown when a text needs more), and a view of it for 32-bit writes */
let scratch = Buffer.alloc(1 << 16);
let view = new DataView(scratch.buffer, scratch.byteOffset, scratch.byteLength);

/**
 * "Summary:" and then words drawn from `rng` until the text is `target` tokens, one draw per word (two per
 * word pair, as when words were joined in pairs: the draws, their order and the text are the same). A
 * function of its own, so this loop (thousands of draws per call) is optimized as a whole rather than on
 * the stack of `summarize`.
 * Why bytes: each word is written as two 32-bit stores of its 8 padded bytes (the next word overwrites
 * the padding) into a buffer read as one Latin-1 string at the end. Joining a string per word pair
 * (10,000 pair strings, scattered over the heap and cold by the time a summary is made) spent two thirds
 * of this function in the join; ~48 µs → ~18 µs for 2,000 tokens with cold caches.
 */
function wordsText(rng: () => number, target: number): string {
  const n = WORDS.length;
  const need = HEADER.length + target * 8 + 8;
  if (scratch.length < need) {
    scratch = Buffer.alloc(need);
    view = new DataView(scratch.buffer, scratch.byteOffset, scratch.byteLength);
  }
  const out = view;
  let at = scratch.write(HEADER, 0, 'latin1');
  for (let i = HEADER_TOKENS; i < target; i++) {
    const w = Math.floor(rng() * n);
    out.setUint32(at, WORD_LOW[w]!, true);
    out.setUint32(at + 4, WORD_HIGH[w]!, true);
    at += WORD_LENGTH[w]!;
  }
  return scratch.toString('latin1', 0, at);
}
