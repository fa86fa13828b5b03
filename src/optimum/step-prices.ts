/**
 * Per-step prices and cache validity for the offline optimum, in flat arrays so the dynamic program's
 * inner loop allocates nothing.
 *
 * The cache model here is a relaxation of the simulator's: a request reads the longest prefix it shares
 * with the previous request whenever that request was on the same model and within the TTL — no
 * breakpoint lookback limit, no granularity floor, no best-effort misses — so for the same request
 * sequence it never costs more than the simulator's model. The relaxation keeps the optimum a lower
 * bound; its looseness is what those mechanics add.
 */
import { isPriced } from '../cache/pricing.js';
import type { CacheProfile, Prices } from '../cache/profiles.js';
import type { WorkloadBlocks } from './blocks.js';

export interface StepPrices {
  /** USD per token */
  input: Float64Array; output: Float64Array; write: Float64Array; read: Float64Array;
  /** long-context tier: applies when the prompt exceeds `lcAbove` */
  lcAbove: Float64Array;
  lcInput: Float64Array; lcOutput: Float64Array; lcWrite: Float64Array; lcRead: Float64Array;
  minCacheable: Float64Array;
  /** 1 when the previous request's cache entries are still valid at this request */
  alive: Uint8Array;
  /** cheapest price per token for the summary call's input (read from cache) and output */
  auxRead: Float64Array; auxOutput: Float64Array;
}

const per = (p: number | null): number => (p as number) / 1_000_000;

function set(arrs: Float64Array[], t: number, p: Prices): void {
  arrs[0]![t] = per(p.input);
  arrs[1]![t] = per(p.output);
  arrs[2]![t] = per(p.cacheWrite);
  arrs[3]![t] = per(p.cacheRead);
}

/** null when any profile involved is unpriced (the bound is then unpriced too, never 0). */
export function stepPrices(b: WorkloadBlocks, profileOf: (model: string) => CacheProfile, aux: CacheProfile | undefined): StepPrices | null {
  const profiles = b.models.map(profileOf);
  if (!profiles.every(isPriced) || (aux && !isPriced(aux))) return null;
  const n = b.n;
  const f = (): Float64Array => new Float64Array(n);
  const sp: StepPrices = {
    input: f(), output: f(), write: f(), read: f(), lcAbove: f(), lcInput: f(), lcOutput: f(), lcWrite: f(), lcRead: f(),
    minCacheable: f(), alive: new Uint8Array(n), auxRead: f(), auxOutput: f(),
  };
  for (let t = 0; t < n; t++) {
    const p = profiles[b.model[t]!]!;
    set([sp.input, sp.output, sp.write, sp.read], t, p.prices);
    const lc = p.longContext;
    sp.lcAbove[t] = lc ? lc.aboveTokens : Infinity;
    set([sp.lcInput, sp.lcOutput, sp.lcWrite, sp.lcRead], t, lc ? lc.prices : p.prices);
    sp.minCacheable[t] = p.minCacheableTokens;
    sp.alive[t] = t > 0 && b.model[t] === b.model[t - 1] && b.time[t]! - b.time[t - 1]! <= p.ttlSeconds ? 1 : 0;
    const a = aux ?? p;
    sp.auxRead[t] = Math.min(per(a.prices.cacheRead), per(p.prices.cacheRead));
    sp.auxOutput[t] = Math.min(per(a.prices.output), per(p.prices.output));
  }
  return sp;
}

/** Dollars of request t with `size` prompt tokens of which the first `shared` match the previous request. */
export function requestCost(sp: StepPrices, t: number, size: number, shared: number, output: number): number {
  const lc = size > sp.lcAbove[t]!;
  const out = output * (lc ? sp.lcOutput[t]! : sp.output[t]!);
  if (size < sp.minCacheable[t]!) return size * (lc ? sp.lcInput[t]! : sp.input[t]!) + out;
  const read = sp.alive[t] ? shared : 0;
  return read * (lc ? sp.lcRead[t]! : sp.read[t]!) + (size - read) * (lc ? sp.lcWrite[t]! : sp.write[t]!) + out;
}
