/**
 * The record fields of `compress()` that need a whole-list rough estimate (`rough_tokens_before`,
 * `rough_tokens_after`, `tokens_before` when no count was given, and the `should_compress_*` verdicts
 * on them), computed when first read. Why: they are reporting only (upstream's compress() never
 * computes them), yet estimating the whole input was most of a no-op call and a large part of a real
 * one; the simulator never reads them. What they depend on is captured at call time (a copy of the
 * list, the threshold, whether a block was active), so a later read gives what an eager one would.
 * The fields stay own, enumerable properties (accessors), so the record reads and prints as before.
 */
import type { HermesCompressor } from './compressor.js';
import { estimateMessagesTokensRough } from './estimate.js';
import type { PyMsg } from './msg.js';
import type { CompressRecord } from './record.js';

const STATE: unique symbol = Symbol('hermes.lazyRecord');

interface LazyState {
  threshold: number;
  before: readonly PyMsg[];
  blockedBefore: boolean;
  roughBefore?: number;
  /** `tokens_before` as given (0: use the rough estimate) */
  given: number;
  after?: readonly PyMsg[];
  blockedAfter: boolean;
  roughAfter?: number;
}

type Rec = CompressRecord & { [STATE]: LazyState };

function roughBefore(s: LazyState): number {
  return (s.roughBefore ??= estimateMessagesTokensRough(s.before));
}
function roughAfter(s: LazyState): number {
  return (s.roughAfter ??= estimateMessagesTokensRough(s.after ?? []));
}
const tokensBefore = (s: LazyState): number => s.given || roughBefore(s);

/** An accessor for `key` reading the state; a write replaces the accessor by a plain value. */
function accessor<K extends keyof CompressRecord>(key: K, read: (s: LazyState) => CompressRecord[K]): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: Rec) {
      return read(this[STATE]);
    },
    set(this: Rec, v: CompressRecord[K]) {
      Object.defineProperty(this, key, { value: v, enumerable: true, configurable: true, writable: true });
    },
  };
}

const BEFORE: PropertyDescriptorMap = {
  tokens_before: accessor('tokens_before', tokensBefore),
  rough_tokens_before: accessor('rough_tokens_before', roughBefore),
  should_compress_before: accessor('should_compress_before', (s) => !s.blockedBefore && tokensBefore(s) >= s.threshold),
};
const AFTER: PropertyDescriptorMap = {
  rough_tokens_after: accessor('rough_tokens_after', roughAfter),
  should_compress_after: accessor('should_compress_after', (s) => !s.blockedAfter && roughAfter(s) >= s.threshold),
};

/** At the start of compress(): `input` as it is now, the block state, the given token count. */
export function lazyBefore(rec: CompressRecord, c: HermesCompressor, input: readonly PyMsg[], given: number): void {
  const state: LazyState = { threshold: c.thresholdTokens, before: input.slice(), blockedBefore: c.blockReason() !== undefined, given, blockedAfter: false };
  Object.defineProperty(rec, STATE, { value: state, enumerable: false });
  Object.defineProperties(rec, BEFORE);
}

/** At the end of compress(): the returned list and the block state then. */
export function lazyAfter(rec: CompressRecord, c: HermesCompressor, out: readonly PyMsg[]): void {
  const state = (rec as Rec)[STATE];
  state.after = out.slice();
  state.blockedAfter = c.blockReason() !== undefined;
  Object.defineProperties(rec, AFTER);
}
