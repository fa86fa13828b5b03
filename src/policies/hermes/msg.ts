/**
 * The message shape the Hermes port works on: an OpenAI-format dict with any extra keys kept in order
 * (`_compressed_summary`, `name`, `reasoning`, ...), because upstream copies whole dicts and its
 * estimators see every key. Helpers mirror agent/context_compressor.py @ 8fa8aabb
 * (`_content_text_for_contains`, `_append_text_to_content`).
 *
 * Messages are never mutated: every change builds a new dict (spread keeps the key order of the
 * original, as Python's `{**msg, "content": x}` does).
 */
export type PyMsg = Readonly<Record<string, unknown>>;

export const roleOf = (m: PyMsg): unknown => m.role;
export const isDict = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `msg.get("role", "user")`-style access for role comparisons (missing key → fallback). */
export function roleOr(m: PyMsg, fallback: string): unknown {
  return 'role' in m ? m.role : fallback;
}

/** Text view of content for substring checks: the str, or the text parts joined by newlines. */
export function contentTextForContains(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts: string[] = [];
    for (const item of content) {
      if (typeof item === 'string') parts.push(item);
      else if (isDict(item) && typeof item.text === 'string') parts.push(item.text);
    }
    return parts.filter((p) => p).join('\n');
  }
  return String(content);
}

/** Append (or prepend) text to str or multimodal-list content without breaking its shape. */
export function appendTextToContent(content: unknown, text: string, prepend = false): unknown {
  if (content === null || content === undefined) return text;
  if (typeof content === 'string') return prepend ? text + content : content + text;
  if (Array.isArray(content)) {
    const block = { type: 'text', text };
    return prepend ? [block, ...content] : [...content, block];
  }
  const rendered = String(content);
  return prepend ? text + rendered : rendered + text;
}

/** A shallow copy without the persistence marker upstream strips at every copy site. */
export function freshCopy(m: PyMsg): Record<string, unknown> {
  const { _db_persisted: _drop, ...rest } = m as Record<string, unknown>;
  return rest;
}

/**
 * Upstream's `.copy()` of a message kept as it is. Messages are immutable here, so a copy equal to its
 * original is the original itself: keeping the object keeps every memo on it (Hermes' estimates, the
 * simulator's token count and content hash), where a copy had to be re-measured and re-hashed after
 * every compaction. Only a message carrying the persistence marker needs a real (stripped) copy.
 */
export function keptCopy(m: PyMsg): PyMsg {
  return '_db_persisted' in m ? freshCopy(m) : m;
}

/** Python `bool(msg.get(key))` for list-ish fields (tool_calls). */
export function nonEmptyList(v: unknown): v is unknown[] {
  return Array.isArray(v) && v.length > 0;
}

/** Structural equality of JSON-like values (same keys, same values; key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** First index where two message lists differ, or null when they are equal. */
export function firstChangedIndex(before: readonly PyMsg[], after: readonly PyMsg[]): number | null {
  const n = Math.min(before.length, after.length);
  for (let i = 0; i < n; i++) if (!deepEqual(before[i], after[i])) return i;
  return before.length === after.length ? null : n;
}
