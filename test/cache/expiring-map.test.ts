/** The entry map forgets expired entries, so a long session's cache state stays bounded by live entries. */
import { describe, expect, it } from 'vitest';
import { ExpiringMap } from '../../src/cache/expiring-map.js';

describe('ExpiringMap', () => {
  it('keeps live entries and sweeps expired ones as it grows', () => {
    const map = new ExpiringMap();
    map.set(-1, 1e9, 0); // long-lived
    for (let t = 0; t < 10_000; t++) map.set(t, t + 5, t); // each lives 5 s
    expect(map.size).toBeLessThan(200);
    expect(map.get(-1)).toBe(1e9);
    expect(map.get(9_999)).toBe(10_004);
  });
});
