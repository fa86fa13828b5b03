/**
 * What one summary keeps (summary-keeps.ts), shared by reference: a running summary keeps what the one before
 * it kept plus what entered the request since, so each kept set is a prefix of an append-only chain of
 * identifiers that the next summary extends. A summary then costs O(what it adds), and a request holding it
 * is checked by a look-up (`has`), not by counting every identifier it names.
 */
class Chain {
  readonly ids: string[] = [];
  readonly pos = new Map<string, number>();

  push(id: string): void {
    if (this.pos.has(id)) return;
    this.pos.set(id, this.ids.length);
    this.ids.push(id);
  }
}

export class KeptList {
  private constructor(private readonly chain: Chain, readonly size: number) {}

  /** a new chain holding `ids` (deduplicated, in order) */
  static of(ids: Iterable<string>): KeptList {
    const c = new Chain();
    for (const id of ids) c.push(id);
    return new KeptList(c, c.ids.length);
  }

  has(id: string): boolean {
    const p = this.chain.pos.get(id);
    return p !== undefined && p < this.size;
  }

  /** this list is the newest of its chain, so `extend` can share it */
  get isTop(): boolean {
    return this.chain.ids.length === this.size;
  }

  /** `other` keeps nothing this list does not (it is this chain's prefix) */
  covers(other: KeptList): boolean {
    return other.chain === this.chain && other.size <= this.size;
  }

  /** This list plus `ids`: shares the chain when this list is its top, else copies it (O(size)). */
  extend(ids: Iterable<string>): KeptList {
    const c = this.isTop ? this.chain : this.copyChain();
    for (const id of ids) c.push(id);
    return new KeptList(c, c.ids.length);
  }

  private copyChain(): Chain {
    const c = new Chain();
    for (let i = 0; i < this.size; i++) c.push(this.chain.ids[i]!);
    return c;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.size; i++) yield this.chain.ids[i]!;
  }
}
