/**
 * The incremental state of the last priced request: per message, its content hash, tokens and content
 * blocks, and per prefix, its cache key and cumulative tokens and blocks.
 *
 * Why: a step must cost time proportional to what changed, not to the history length. The harness says
 * where the new request first differs (`changedFrom`); from there the path is patched, so unchanged
 * messages are never touched again.
 *
 * Head and body. The first HEAD messages (the system prompt and the task) are the head; the rest is the
 * body. A head prefix's key is the chained hash of its messages; a body prefix's key mixes the hash of
 * the whole head with the chained hash of the body messages up to it, and its token and block totals are
 * kept relative to the head. So an edit inside the head (recent-tools-summary merges its running summary
 * into the task message every few steps) re-chains the head alone: the body's relative values stay valid
 * as long as its messages are the same objects at the same positions, and a body key is recomputed from
 * two numbers when an engine asks for it. A key is still a function of the prefix's content only (equal
 * prefixes, equal keys; different ones differ but for a 53-bit collision), so every engine finds exactly
 * the entries it found when keys chained the whole prefix. An edit inside the body re-chains the body
 * from the edit, as before.
 */
import type { Message } from '../core/messages.js';
import { contentBlocks } from './blocks.js';
import { chainHash, EMPTY_PREFIX, messageHash } from './hash.js';

/** Messages in the head: the system prompt and the first message after it (the task). */
export const HEAD = 2;
const LAST_HEAD = HEAD - 1;

/** How far ahead `extend` looks for a message of the old suffix (a pruned run longer than this is re-hashed). */
const SYNC_WINDOW = 64;
/** Dropped suffixes at least this long are kept for reuse (shorter ones cost less to look up again). */
const REUSE_FROM = 16;

/**
 * A body prefix, immutable: the chained hash of the body messages up to it and the prefix one message
 * shorter. The path links one per body message it pushes, so a prefix cache can keep a whole body that
 * left the request (a head edit) by holding its last node, without copying it.
 */
export interface BodyNode {
  readonly chain: number;
  readonly parent: BodyNode | undefined;
}

/** The per-message values of a dropped suffix, kept so that `extend` can reuse them. */
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
  /** tokens and content blocks of message i */
  private readonly tok: number[] = [];
  private readonly blk: number[] = [];
  /** head: chained hash of messages [0, i]; body: chained hash of messages [HEAD, i] */
  private readonly chain: number[] = [];
  /** head: tokens (blocks) of messages [0, i]; body: of messages [HEAD, i] */
  private readonly sumTok: number[] = [];
  private readonly sumBlk: number[] = [];
  /**
   * From this position on, a token count may have come from content other than the key's (a keyed edit:
   * `update` or `retoken` with counts from the request, not the keys), so an identical key there does
   * not mean an identical count: such positions are counted again when the keys are the request again.
   */
  private keyedFrom = Infinity;
  /** the node of body position j (message HEAD + j), linked on demand by `bodyTip` */
  private readonly nodes: BodyNode[] = [];

  get length(): number {
    return this.msgs.length;
  }

  get promptTokens(): number {
    return this.tokensBefore(this.msgs.length);
  }

  /** Tokens of the prefix that ends with message i. */
  tokensThrough(i: number): number {
    return i < HEAD ? this.sumTok[i]! : this.sumTok[LAST_HEAD]! + this.sumTok[i]!;
  }

  /** Tokens of messages [0, i). */
  tokensBefore(i: number): number {
    return i === 0 ? 0 : this.tokensThrough(i - 1);
  }

  /** Content blocks of the prefix that ends with message i. */
  blocksThrough(i: number): number {
    return i < HEAD ? this.sumBlk[i]! : this.sumBlk[LAST_HEAD]! + this.sumBlk[i]!;
  }

  /** The cache key of the prefix that ends with message i: a function of the prefix's content alone. */
  key(i: number): number {
    return i < HEAD ? this.chain[i]! : chainHash(this.chain[LAST_HEAD]!, this.chain[i]!);
  }

  /** The hash of the whole head (what every body key mixes in). */
  get headHash(): number {
    return this.chain[LAST_HEAD]!;
  }

  /** The chained hash of body messages [HEAD, i] (i >= HEAD). */
  bodyChain(i: number): number {
    return this.chain[i]!;
  }

  /**
   * The node of the whole body, or undefined when there is none. Nodes are linked here, for the body
   * messages pushed since the last call, not on every push: only a prefix cache facing a head edit asks.
   */
  get bodyTip(): BodyNode | undefined {
    const nodes = this.nodes;
    for (let j = nodes.length; j < this.length - HEAD; j++) nodes.push({ chain: this.chain[HEAD + j]!, parent: nodes[j - 1] });
    return nodes[this.length - HEAD - 1];
  }

  /** Drops messages from index k on. */
  truncate(k: number): void {
    this.msgs.length = k;
    this.msgHash.length = k;
    this.tok.length = k;
    this.blk.length = k;
    this.chain.length = k;
    this.sumTok.length = k;
    this.sumBlk.length = k;
    if (this.nodes.length > k - HEAD) this.nodes.length = Math.max(0, k - HEAD);
    if (this.keyedFrom >= k) this.keyedFrom = Infinity;
  }

  /**
   * Recomputes the tokens of messages [from, to), keeping the hashes: their content changed but the
   * cache keys did not (a server-side edit applied after the cache lookup). Totals after `to` are left for
   * `update` to rebuild. O(to − from).
   */
  retoken(from: number, to: number, tokensOf: (i: number) => number): void {
    for (let i = Math.max(0, from); i < to; i++) this.tok[i] = tokensOf(i);
    this.resum(from, to);
    if (from < to) this.keyedFrom = Math.min(this.keyedFrom, Math.max(0, from));
  }

  /**
   * Makes the path hold `keys` (`tokensOf(i)` tokens each), given that messages before `k` are unchanged.
   * A head edit is patched in place; the body is kept up to its first position whose message is not the
   * same object as before (when `sameTokens`: token counts come from the keys themselves, so an identical
   * message has the same count), and rebuilt from there, reusing the per-message values of the messages it
   * finds again. O(head + body positions compared by identity + messages from the first body change).
   */
  update(k: number, keys: readonly Message[], tokensOf: (i: number) => number, sameTokens: boolean): void {
    const n = keys.length;
    let p = Math.max(k, HEAD);
    if (k < HEAD && (this.length <= HEAD || n <= HEAD)) p = k; // no body to keep: rebuild from k
    else {
      if (sameTokens) for (const lim = Math.min(this.length, n, this.keyedFrom); p < lim && this.msgs[p] === keys[p];) p++;
      if (k < HEAD) this.patchHead(k, keys, tokensOf);
    }
    const dropped = this.length - p >= REUSE_FROM ? this.suffix(p) : undefined;
    const keyedFrom = this.keyedFrom;
    if (p < this.length) this.truncate(p);
    if (dropped) this.extend(p, keys, tokensOf, dropped, sameTokens);
    else for (let i = p; i < n; i++) this.append(keys[i]!, tokensOf(i));
    if (!sameTokens) this.keyedFrom = Math.min(keyedFrom, k);
  }

  /** Replaces head messages [k, HEAD) (both requests have a full head). */
  private patchHead(k: number, keys: readonly Message[], tokensOf: (i: number) => number): void {
    for (let i = k; i < HEAD; i++) {
      const m = keys[i]!;
      this.msgs[i] = m;
      this.msgHash[i] = messageHash(m);
      this.tok[i] = tokensOf(i);
      this.blk[i] = contentBlocks(m);
    }
    this.resum(k, HEAD);
    for (let i = k; i < HEAD; i++) this.chain[i] = chainHash(i === 0 ? EMPTY_PREFIX : this.chain[i - 1]!, this.msgHash[i]!);
  }

  /** Recomputes the running totals of messages [from, to) from their per-message values. */
  private resum(from: number, to: number): void {
    for (let i = Math.max(0, from); i < to; i++) {
      const start = i === 0 || i === HEAD;
      this.sumTok[i] = (start ? 0 : this.sumTok[i - 1]!) + this.tok[i]!;
      this.sumBlk[i] = (start ? 0 : this.sumBlk[i - 1]!) + this.blk[i]!;
    }
  }

  private append(msg: Message, tokens: number): void {
    this.push(msg, messageHash(msg), tokens, contentBlocks(msg));
  }

  private push(msg: Message, h: number, tokens: number, blocks: number): void {
    const i = this.length;
    const start = i === 0 || i === HEAD;
    this.msgs.push(msg);
    this.msgHash.push(h);
    this.tok.push(tokens);
    this.blk.push(blocks);
    const chain = chainHash(start ? EMPTY_PREFIX : this.chain[i - 1]!, h);
    this.chain.push(chain);
    this.sumTok.push((start ? 0 : this.sumTok[i - 1]!) + tokens);
    this.sumBlk.push((start ? 0 : this.sumBlk[i - 1]!) + blocks);
  }

  /**
   * The per-message values from message `k` on, before a `truncate(k)` drops them (a count from a keyed
   * edit as −1: not reusable). O(length − k).
   */
  private suffix(k: number): Dropped {
    const tokens = this.tok.slice(k);
    for (let j = Math.max(0, this.keyedFrom - k); j < tokens.length; j++) tokens[j] = -1;
    return { msgs: this.msgs.slice(k), hash: this.msgHash.slice(k), tokens, blocks: this.blk.slice(k) };
  }

  /**
   * Appends `keys[from:]` (`tokensOf(i)` tokens each), reusing the hash, blocks and (when `sameTokens`)
   * tokens of a message found, by identity and in order, in `dropped`: a rewrite that dropped a run of
   * messages (pruned tool steps) re-chains the rest of the body, but need not look up every message's own
   * values again.
   */
  private extend(from: number, keys: readonly Message[], tokensOf: (i: number) => number, dropped: Dropped, sameTokens: boolean): void {
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
      const t = dropped.tokens[at]!;
      this.push(m, dropped.hash[at]!, sameTokens && t >= 0 ? t : tokensOf(i), dropped.blocks[at]!);
      j = at + 1;
    }
  }
}
