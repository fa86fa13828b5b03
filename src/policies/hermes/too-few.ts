/**
 * compress()'s first exit: too few messages to compress (`n_messages <= protect_first_n + protect_last_n
 * + 1` in upstream's terms, CC:2978-3377 @ 8fa8aabb), a strike with the list returned as it is.
 *
 * Why its own outcome: upstream returns the list and nothing else, and so does this exit, at once; the
 * port's conformance record (record.ts), which nothing in a simulated session reads on this path, is
 * built when first read, from what the compressor held when the call started. Building it (38 fields
 * and a copy of the list) was about half of the call: case-007 run after cases 001-005, 6 alternating
 * processes each, took 0.105-0.122 µs per call with the record built at once, 0.058-0.091 µs without.
 * The record read later is the one an eager build gives (test/hermes/too-few.test.ts).
 */
import type { HermesCompressor } from './compressor.js';
import { LazyCompressRecord, type CompressorAtStart } from './lazy-record.js';
import type { PyMsg } from './msg.js';
import type { CompressRecord } from './record.js';

const PATHS = ['noop_too_few_messages', 'output_identical'] as const;

export class TooFewMessagesOutcome {
  readonly messages: PyMsg[];
  // the compressor when the call started (the record's inputs), and the one count the call changes
  readonly #before: readonly PyMsg[];
  readonly #given: number;
  readonly #headSize: number;
  readonly #t: HermesCompressor['t'];
  readonly #protectFirstN: number;
  readonly #protectLastN: number;
  readonly #now: number;
  readonly #cooldownUntil: number;
  readonly #fallbackStreak: number;
  readonly #compressionCount: number;
  readonly #ineffectiveBefore: number;
  #record: LazyCompressRecord | undefined;

  /** Takes the strike on `c` (as upstream's early return does) and keeps what the record will need. */
  constructor(c: HermesCompressor, input: readonly PyMsg[], given: number, headSize: number) {
    this.messages = input as PyMsg[];
    this.#before = input.slice(); // the caller may change its list later; the record describes it as it is now
    this.#given = given;
    this.#headSize = headSize;
    this.#t = c.t;
    this.#protectFirstN = c.protectFirstN;
    this.#protectLastN = c.protectLastN;
    this.#now = c.now();
    this.#cooldownUntil = c.cooldownUntil;
    this.#fallbackStreak = c.fallbackStreak;
    this.#compressionCount = c.compressionCount;
    this.#ineffectiveBefore = c.ineffectiveCount;
    c.ineffectiveCount++;
    c.lastCompressionSavingsPct = 0;
    kept ??= this;
  }

  /** The call's record, as compress()'s other exits make it (built once, on first read). */
  get record(): CompressRecord {
    return (this.#record ??= this.#build());
  }

  #build(): LazyCompressRecord {
    const now = this.#now;
    const start: CompressorAtStart = {
      compressionCount: this.#compressionCount, ineffectiveCount: this.#ineffectiveBefore, t: this.#t,
      protectFirstN: this.#protectFirstN, protectLastN: this.#protectLastN, now: () => now,
      cooldownUntil: this.#cooldownUntil, fallbackStreak: this.#fallbackStreak,
    };
    const rec = new LazyCompressRecord(start, this.#before, this.#given, this.#headSize);
    rec.paths = [...PATHS];
    rec.first_changed_index = null;
    rec.n_after = this.#before.length;
    rec.compression_count = this.#compressionCount;
    rec.ineffective_compression_count = this.#ineffectiveBefore + 1;
    rec.finish({ cooldownUntil: this.#cooldownUntil, ineffectiveCount: this.#ineffectiveBefore + 1, fallbackStreak: this.#fallbackStreak }, this.#before, true);
    return rec;
  }
}

/**
 * One outcome held for the process's life, as lazy-record.ts holds one record: V8 holds the maps of the
 * instance's fields weakly, and a full collection that found none alive threw away the optimized code
 * of compress() that embeds them.
 */
let kept: TooFewMessagesOutcome | undefined;
