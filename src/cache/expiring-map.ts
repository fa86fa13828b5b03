/** A map from prefix hash to expiry time (simulated seconds) that forgets expired entries. */

/**
 * Deletes expired entries once the map has doubled since the last sweep, so memory stays bounded by the
 * live entries and the sweep's cost is amortized O(1) per insertion.
 */
export class ExpiringMap {
  private readonly map = new Map<number, number>();
  private sweepAt = 64;

  get size(): number {
    return this.map.size;
  }

  /** expiry time of a key, or undefined */
  get(key: number): number | undefined {
    return this.map.get(key);
  }

  set(key: number, expiry: number, now: number): void {
    this.map.set(key, expiry);
    if (this.map.size < this.sweepAt) return;
    for (const [k, e] of this.map) if (e <= now) this.map.delete(k);
    this.sweepAt = Math.max(64, 2 * this.map.size);
  }

  clear(): void {
    this.map.clear();
    this.sweepAt = 64;
  }
}
