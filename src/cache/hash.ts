/**
 * Content hashes of messages and of request prefixes, for prefix-exact cache matching.
 *
 * A message's hash is a 53-bit non-cryptographic hash (two 32-bit multiply-xorshift lanes, in the style
 * of cyrb53) of a canonical serialization of exactly the fields that go on the wire. It is memoized per
 * message object (messages are immutable), so a request replayed on every step hashes each message once.
 * A prefix hash chains the previous prefix hash with the next message hash, so "the whole prefix up to
 * message i matches" is one number comparison (request-path.ts chains the head and the body separately and
 * mixes the two, so that an edit of the head does not re-chain the body). With 53 bits, a collision among
 * a million distinct prefixes has probability about 1e-4; the simulator accepts that.
 */
import { memoOf, type Message } from '../core/messages.js';

const memo = new WeakMap<Message, number>();

/** The wire fields in a fixed order (`_compressed_summary` is stripped on the wire and is excluded). */
export function canonicalMessage(m: Message): string {
  const content = Array.isArray(m.content)
    ? m.content.map((p) => (p.type === 'text' ? ['t', p.text] : ['i', p.image_url.url, p.image_url.detail ?? null]))
    : (m.content ?? null);
  const calls = m.tool_calls?.map((c) => [c.id, c.type, c.function.name, c.function.arguments]) ?? null;
  return JSON.stringify([
    m.role, content, calls, m.tool_call_id ?? null, m.name ?? null,
    m.reasoning ?? null, m.reasoning_content ?? null, m.reasoning_details ?? null,
  ]);
}

function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** 53-bit hash of a string. */
export function hashString(s: string, seed = 0): number {
  const h1 = mixLanes(s, seed);
  return finish(h1, laneB);
}

/** The second lane of the last `mixLanes` call (a module variable: storing to it needs no type feedback). */
let laneB = 0;

/**
 * Both lanes over the string's code units: the first returned, the second left in `laneB`. Why the
 * loop stands alone with nothing after it but stores that need no type feedback: V8 compiles a function
 * on the stack of a long-running loop (OSR), possibly in a call whose code after the loop has never run,
 * and such compiled code was thrown away there and then found again in V8's cache of on-stack code for the
 * next long string: with the finish inside, ~2,000 deoptimizations and recompilations per default report.
 */
function mixLanes(s: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  laneB = h2;
  return h1;
}

/**
 * Memoized hash of one message's wire content. Plain-text messages (the vast majority) are hashed field
 * by field without building the canonical JSON string, which halves the cost of a first sighting;
 * everything else goes through `canonicalMessage`.
 */
export function messageHash(m: Message): number {
  const slot = memoOf(m);
  if (slot?.hash !== undefined) return slot.hash;
  const hit = slot ? undefined : memo.get(m);
  if (hit !== undefined) return hit;
  let h: number;
  if ((typeof m.content === 'string' || m.content == null) && !m.tool_calls && !m.reasoning_details) {
    h = hashString(m.content ?? '\u0000null', hashString(`${m.role}\u0001${m.tool_call_id ?? ''}\u0001${m.name ?? ''}\u0001${m.reasoning ?? ''}\u0001${m.reasoning_content ?? ''}`) >>> 0);
  } else {
    h = hashString(canonicalMessage(m));
  }
  if (slot) slot.hash = h;
  else memo.set(m, h);
  return h;
}

/** Hash of `prefix + message`, from the prefix's hash and the message's hash (both 53-bit). */
export function chainHash(prefix: number, message: number): number {
  // four words (each number's low and high 32 bits) through both lanes, written out: this runs once per
  // message of every re-chained suffix
  let w = prefix >>> 0;
  let h1 = Math.imul(0x9e3779b9 ^ w, 2654435761);
  let h2 = Math.imul(0x85ebca6b ^ w, 1597334677);
  w = (prefix / 4294967296) >>> 0;
  h1 = Math.imul(h1 ^ w, 2654435761);
  h2 = Math.imul(h2 ^ w, 1597334677);
  w = message >>> 0;
  h1 = Math.imul(h1 ^ w, 2654435761);
  h2 = Math.imul(h2 ^ w, 1597334677);
  w = (message / 4294967296) >>> 0;
  h1 = Math.imul(h1 ^ w, 2654435761);
  h2 = Math.imul(h2 ^ w, 1597334677);
  return finish(h1, h2);
}

/** The prefix hash of the empty request (the chain's starting value). */
export const EMPTY_PREFIX = 0;
