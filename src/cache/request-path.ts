/**
 * The incremental state of the last priced request: per message, its content hash, the prefix hash
 * through it, and cumulative tokens and content blocks.
 *
 * Why: a step must cost time proportional to what changed, not to the history length. The harness says
 * where the new request first differs (`changedFrom`); the path is truncated there and extended with the
 * new messages, so unchanged messages are never touched again.
 */
import type { Message } from '../core/messages.js';
import { contentBlocks } from './blocks.js';
import { chainHash, EMPTY_PREFIX, messageHash } from './hash.js';

/** How far ahead `extendFrom` looks for a message of the old suffix (a pruned run longer than this is re-hashed). */
const SYNC_WINDOW = 64;

/** The per-message values of a dropped suffix, kept so that `extendFrom` can reuse them. */
interface Dropped {
  msgs: Message[];
  hash: number[];
  tokens: number[];
  blocks: number[];
}

export class RequestPath {
  /** message i (what was hashed: the cache key) */
  readonly msgs: Message[] = [];
  /** content hash of message i */
  readonly msgHash: number[] = [];
  /** hash of messages [0, i] */
  readonly prefixHash: number[] = [];
  /** tokens of messages [0, i): cumTokens[0] = 0, cumTokens[length] = prompt tokens */
  readonly cumTokens: number[] = [0];
  /** content blocks of messages [0, i) */
  readonly cumBlocks: number[] = [0];

  get length(): number {
    return this.prefixHash.length;
  }

  get promptTokens(): number {
    return this.cumTokens[this.prefixHash.length]!;
  }

  /** Tokens of the prefix that ends with message i. */
  tokensThrough(i: number): number {
    return this.cumTokens[i + 1]!;
  }

  /** Content blocks of the prefix that ends with message i. */
  blocksThrough(i: number): number {
    return this.cumBlocks[i + 1]!;
  }

  /**
   * Drops messages from index k on. `onRemove` sees each dropped prefix (hash, tokens through it), last
   * first, so a prefix cache can remember prefixes that left the request. O(messages dropped).
   */
  truncate(k: number, onRemove?: (prefixHash: number, tokensThrough: number) => void): void {
    if (onRemove) for (let i = this.length - 1; i >= k; i--) onRemove(this.prefixHash[i]!, this.cumTokens[i + 1]!);
    this.msgs.length = k;
    this.msgHash.length = k;
    this.prefixHash.length = k;
    this.cumTokens.length = k + 1;
    this.cumBlocks.length = k + 1;
  }

  /**
   * Recomputes cumulative tokens from message `from` on, keeping the hashes: the content there changed
   * but the cache keys did not (a server-side edit applied after the cache lookup). O(length − from).
   */
  retoken(from: number, tokensOf: (i: number) => number): void {
    for (let i = Math.max(0, from); i < this.length; i++) this.cumTokens[i + 1] = this.cumTokens[i]! + tokensOf(i);
  }

  append(msg: Message, tokens: number): void {
    this.push(msg, messageHash(msg), tokens, contentBlocks(msg));
  }

  private push(msg: Message, h: number, tokens: number, blocks: number): void {
    const n = this.length;
    this.msgs.push(msg);
    this.msgHash.push(h);
    this.prefixHash.push(chainHash(n === 0 ? EMPTY_PREFIX : this.prefixHash[n - 1]!, h));
    this.cumTokens.push(this.cumTokens[n]! + tokens);
    this.cumBlocks.push(this.cumBlocks[n]! + blocks);
  }

  /** The per-message values from message `k` on, before a `truncate(k)` drops them. O(length − k). */
  suffix(k: number): Dropped {
    const tokens: number[] = [];
    const blocks: number[] = [];
    for (let i = k; i < this.length; i++) {
      tokens.push(this.cumTokens[i + 1]! - this.cumTokens[i]!);
      blocks.push(this.cumBlocks[i + 1]! - this.cumBlocks[i]!);
    }
    return { msgs: this.msgs.slice(k), hash: this.msgHash.slice(k), tokens, blocks };
  }

  /**
   * Appends `keys[from:]` (`tokensOf(i)` tokens each), reusing the hash, blocks and (when `sameTokens`)
   * tokens of a message found, by identity and in order, in `dropped`: a rewrite that changed an early
   * message (a running summary merged into the task) re-chains the prefix hashes of the whole suffix, but
   * need not look up every message's own values again.
   */
  extendFrom(from: number, keys: readonly Message[], tokensOf: (i: number) => number, dropped: Dropped, sameTokens: boolean): void {
    const old = dropped.msgs;
    let j = 0;
    for (let i = from; i < keys.length; i++) {
      const m = keys[i]!;
      let at = -1;
      if (j < old.length) {
        if (old[j] === m) at = j;
        else for (let s = j + 1, stop = Math.min(old.length, j + 1 + SYNC_WINDOW); s < stop; s++) if (old[s] === m) { at = s; break; }
      }
      if (at < 0) {
        this.append(m, tokensOf(i));
        continue;
      }
      this.push(m, dropped.hash[at]!, sameTokens ? dropped.tokens[at]! : tokensOf(i), dropped.blocks[at]!);
      j = at + 1;
    }
  }
}
