/**
 * The hand-written ASCII split (core/ascii-split.ts) gives exactly the pieces of o200k's split regex:
 * on real transcripts (each line as stored, and every string inside it decoded — multi-line tool
 * output, code, diffs) and on random ASCII built from the characters the regex treats specially.
 */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiPieceEnd, isAscii } from '../../src/core/ascii-split.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const require = createRequire(import.meta.url);
const SPLIT = (require('gpt-tokenizer') as { default: { bytePairEncodingCoreProcessor: { tokenSplitRegex: RegExp } } }).default.bytePairEncodingCoreProcessor.tokenSplitRegex;

const byRegex = (s: string): string[] => [...s.matchAll(SPLIT)].map((m) => m[0]);
function byScanner(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    const e = asciiPieceEnd(s, i);
    out.push(s.slice(i, e));
    i = e;
  }
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(jsonl|json|traj|md)$/.test(f) ? [p] : [];
  });
}

function strings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
}

describe('ASCII split', () => {
  it('tells ASCII text from the rest', () => {
    expect(isAscii('plain text\n\t{}')).toBe(true);
    expect(isAscii('café')).toBe(false);
    expect(isAscii('')).toBe(true);
  });

  it('gives the regex pieces on every real transcript, lines and decoded strings', () => {
    if (!requireShared('traces', 'ascii-split.test.ts')) return;
    let texts = 0;
    let chars = 0;
    const mismatches: string[] = [];
    for (const f of files(path.join(SHARED_DIR, 'traces'))) {
      let seen = 0;
      for (const line of readFileSync(f, 'utf8').split('\n')) {
        if ((seen += line.length) > 400_000) break;
        const candidates = [line];
        try {
          strings(JSON.parse(line), candidates);
        } catch {
          // not JSON (Markdown, a .traj part): the line alone
        }
        for (const t of candidates) {
          if (!t || !isAscii(t)) continue;
          texts++;
          chars += t.length;
          const a = byScanner(t);
          const b = byRegex(t);
          if (a.length !== b.length || a.some((p, k) => p !== b[k])) mismatches.push(`${f}: ${JSON.stringify(t.slice(0, 80))}`);
        }
      }
    }
    expect(texts).toBeGreaterThan(20_000);
    expect(chars).toBeGreaterThan(5_000_000);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('gives the regex pieces on random ASCII', () => {
    const parts = fc.constantFrom(
      ' ', '  ', '\n', '\r', '\r\n', '\t', '\v', '\f', "'", "'s", "'S", "'ll", "'Ll", "'ve", "'RE", "'d", "'m", "'t", "'x",
      'a', 'b', 'Z', 'AB', 'Abc', 'aBC', 'x1', '1', '22', '333', '4444', '/', '//', '.', ',', '-', '->', '{', '}', '"', '\\', '\u0000', '\u007f', '_',
    );
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 40 }), (ps) => {
        const s = ps.join('');
        expect(byScanner(s)).toEqual(byRegex(s));
      }),
      { numRuns: 5000, seed: 11 },
    );
  });
});
