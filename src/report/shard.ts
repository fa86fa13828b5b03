/**
 * Sharding a run the CI-matrix way: `--shard i/n` (1-based, like playwright and jest) takes the i-th of
 * n contiguous, nearly equal blocks of the plan's canonical cell order. Contiguous blocks keep a
 * (scenario, seed) group together, so a shard generates each workload about once.
 */
import { InputError } from './errors.js';

export interface Shard {
  index: number;
  count: number;
}

export function parseShard(raw: string): Shard {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(raw);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) {
    throw new InputError(`--shard: got ${JSON.stringify(raw)}, expected i/n with 1 <= i <= n (e.g. 2/4)`);
  }
  return { index, count };
}

export const shardLabel = (s: Shard): string => `${s.index}/${s.count}`;

/** The cell indices of shard `s` out of `total` cells: block [floor((i-1)·N/n), floor(i·N/n)). */
export function shardIndices(total: number, s: Shard): number[] {
  const from = Math.floor(((s.index - 1) * total) / s.count);
  const to = Math.floor((s.index * total) / s.count);
  return Array.from({ length: to - from }, (_, k) => from + k);
}
