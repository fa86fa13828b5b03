/**
 * Seeded random numbers for the generator (seedrandom's alea, as everywhere in compactbench).
 *
 * Why forks: each aspect of a session (structure, content, timing) draws from its own stream, derived
 * from the session seed and a label. Changing how one aspect draws (e.g. a longer vocabulary) then
 * leaves the others unchanged, so workloads stay comparable across generator revisions.
 */
import seedrandom from 'seedrandom';

export class Rng {
  readonly #next: () => number;
  readonly #seed: string;

  constructor(seed: string) {
    this.#seed = seed;
    this.#next = seedrandom.alea(seed);
  }

  /** an independent stream for one aspect of the session */
  fork(label: string): Rng {
    return new Rng(`${this.#seed}/${label}`);
  }

  /** uniform in [0, 1) */
  next(): number {
    return this.#next();
  }

  /** true with probability p */
  chance(p: number): boolean {
    return p > 0 && this.#next() < p;
  }

  /** integer in [lo, hi] (inclusive) */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.#next() * (hi - lo + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list');
    return items[Math.floor(this.#next() * items.length)];
  }

  /** index drawn with probability proportional to its weight */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.#next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i];
      if (u < 0) return i;
    }
    return weights.length - 1;
  }

  /** standard normal (Box-Muller; one draw per call keeps the stream position simple) */
  normal(): number {
    const u = 1 - this.#next();
    const v = this.#next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** FNV-1a 32-bit hash of a string: a stable, cheap way to key deterministic content (e.g. file lines by path). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
