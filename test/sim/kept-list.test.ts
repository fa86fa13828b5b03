/** A summary's kept list: a prefix of a shared chain, extended without changing the lists before it. */
import { describe, expect, it } from 'vitest';
import { KeptList } from '../../src/sim/kept-list.js';

describe('KeptList', () => {
  it('extends its chain in place when it is the newest, leaving earlier lists as they were', () => {
    const a = KeptList.of(['x', 'y', 'x']);
    expect([...a]).toEqual(['x', 'y']);
    const b = a.extend(['y', 'z']);
    expect([...b]).toEqual(['x', 'y', 'z']);
    expect(a.has('z')).toBe(false);
    expect(b.has('z')).toBe(true);
    expect(b.covers(a)).toBe(true);
    expect(a.covers(b)).toBe(false);
    expect(a.isTop).toBe(false);
    // extending an older list copies it: `b` keeps its own identifiers
    const c = a.extend(['w']);
    expect([...c]).toEqual(['x', 'y', 'w']);
    expect(b.has('w')).toBe(false);
    expect(c.has('z')).toBe(false);
    expect(c.covers(a)).toBe(false);
  });
});
