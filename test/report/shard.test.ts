import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShard, shardIndices } from '../../src/report/shard.js';

describe('--shard i/n', () => {
  it('parses i/n and rejects anything else with the accepted form', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', '1-3', 'a/b', '']) expect(() => parseShard(bad), bad).toThrow(/--shard: got .*expected i\/n with 1 <= i <= n/);
  });

  it('splits the cells into contiguous, disjoint blocks that cover them all and differ in size by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 40 }), (total, n) => {
        const blocks = Array.from({ length: n }, (_, i) => shardIndices(total, { index: i + 1, count: n }));
        expect(blocks.flat()).toEqual(Array.from({ length: total }, (_, i) => i));
        const sizes = blocks.map((b) => b.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
