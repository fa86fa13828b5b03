/**
 * Well-formed text: no string a policy hands back may hold a lone surrogate. `String.slice` counts
 * UTF-16 code units, so truncating at a length can cut an emoji (or any character outside the Basic
 * Multilingual Plane) in half; JSON.stringify then writes `\ud83d` alone, which providers reject as
 * invalid UTF-8/JSON or replace with U+FFFD, changing what the model sees and breaking cached prefixes.
 * (Python agents slice by code point and cannot produce one: a port that slices by code unit can.)
 */
import type { Message } from '../../core/messages.js';

/** A lone surrogate: in `u` mode a proper pair is one code point, so only unpaired halves match. */
const LONE_SURROGATE = /\p{Surrogate}/u;

export interface IllFormed {
  /** where in the message, e.g. `content[1].text`, `tool_calls[0].function.arguments` */
  field: string;
  /** code-unit index of the lone surrogate in that string */
  index: number;
  /** the characters around it, with the surrogate escaped */
  around: string;
}

function scan(v: unknown, field: string): IllFormed | null {
  if (typeof v === 'string') {
    const m = LONE_SURROGATE.exec(v);
    if (!m) return null;
    const around = JSON.stringify(v.slice(Math.max(0, m.index - 12), m.index + 4)).replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    return { field, index: m.index, around };
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const f = scan(v[i], `${field}[${i}]`);
      if (f) return f;
    }
    return null;
  }
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const f = scan(x, field ? `${field}.${k}` : k);
      if (f) return f;
    }
  }
  return null;
}

const memo = new WeakMap<Message, IllFormed | null>();

/** The first string of the message (any field, nested ones included) that is not well-formed UTF-16. */
export function illFormedText(m: Message): IllFormed | null {
  let r = memo.get(m);
  if (r === undefined) {
    r = scan(m, '');
    // messages in history are frozen, so the answer cannot go stale
    if (Object.isFrozen(m)) memo.set(m, r);
  }
  return r;
}

/** Whether a string has no lone surrogate. */
export const isWellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);
