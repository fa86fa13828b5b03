/**
 * Redacted text in shared transcripts: `[REDACTED_<KIND> len=N sha=H]` stands for N characters of
 * original text whose hash starts with H (identical originals share H). The importers replace each
 * marker with N characters of stand-in prose drawn from a generator seeded by H (and N), so the same
 * original text always becomes the same stand-in, in every file: prefix caching sees exactly the
 * repetitions the original had (shared instructions across sessions, a message re-sent after a
 * compaction), and a message keeps its recorded length in characters.
 *
 * Tokens: the stand-in is English prose (about 4.5 characters per o200k token), while the originals are
 * code, JSON and shell output (denser, about 3 characters per token), so a tokenizer count of an expanded
 * message is not the original's. Where the source recorded usage, replays take message sizes from the
 * recorded prompt sizes (sim/attributed-tokens.ts), not from the stand-in text.
 */
import { NARRATION, REASONING } from '../corpus/prose.js';
import { Rng } from '../rng.js';

const MARKER = /\[REDACTED_([A-Z_]+) len=(\d+) sha=([0-9a-f]+)\]/g;
const WHOLE = /^\[REDACTED_([A-Z_]+) len=(\d+) sha=([0-9a-f]+)\]$/;
const POOL: readonly string[] = [...NARRATION, ...REASONING];
/** longest stand-in built (a pasted image URL can be 270k characters; 1 MB bounds a hostile marker) */
const MAX_CHARS = 1 << 20;

export interface Redaction {
  kind: string;
  length: number;
  sha: string;
}

/** The marker a whole string is, or undefined. */
export function parseRedaction(s: string): Redaction | undefined {
  const m = WHOLE.exec(s);
  return m ? { kind: m[1]!, length: Number(m[2]), sha: m[3]! } : undefined;
}

/** `length` characters of prose, the same for the same `sha` and `length`. */
export function standIn(sha: string, length: number): string {
  const n = Math.min(length, MAX_CHARS);
  if (n <= 0) return '';
  const rng = new Rng(`redacted/${sha}/${n}`);
  const parts: string[] = [];
  let size = 0;
  while (size < n) {
    const s = rng.pick(POOL);
    const sep = parts.length === 0 ? '' : rng.chance(0.2) ? '\n' : ' ';
    parts.push(sep, s);
    size += sep.length + s.length;
  }
  return parts.join('').slice(0, n);
}

/** Replaces every redaction marker in `text` by its stand-in (text without markers is returned as is). */
export function expandRedacted(text: string): string {
  if (!text.includes('[REDACTED_')) return text;
  return text.replace(MARKER, (_m, _kind: string, len: string, sha: string) => standIn(sha, Number(len)));
}

/** A redacted identifier (tool name): the stand-in with every character outside [A-Za-z0-9_-] made `_`. */
export function expandRedactedName(text: string): string {
  return expandRedacted(text).replace(/[^A-Za-z0-9_-]/g, '_');
}
