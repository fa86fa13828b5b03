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

export class RequestPath {
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
    const n = this.length;
    const h = messageHash(msg);
    this.msgHash.push(h);
    this.prefixHash.push(chainHash(n === 0 ? EMPTY_PREFIX : this.prefixHash[n - 1]!, h));
    this.cumTokens.push(this.cumTokens[n]! + tokens);
    this.cumBlocks.push(this.cumBlocks[n]! + contentBlocks(msg));
  }
}
