/**
 * The piece-by-piece o200k count (core/bpe.ts, memo per piece) equals gpt-tokenizer's own count: on
 * the lines of every real transcript in ../shared/traces (the first ~400k characters of each file; the memo
 * is warm after the first files, so later lines are counted from remembered pieces) and on generated text that stresses
 * the split regex (whitespace runs, newlines, contractions, digits, non-Latin scripts, emoji).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTokens, libraryCountTokens } from '../../src/core/bpe.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(jsonl|json|traj|md)$/.test(f) ? [p] : [];
  });
}

describe('piece-memo token count', () => {
  it('equals the library on the lines of every real transcript', () => {
    if (!requireShared('traces', 'bpe.test.ts')) return;
    let lines = 0;
    const mismatches: string[] = [];
    for (const f of files(path.join(SHARED_DIR, 'traces'))) {
      let chars = 0;
      for (const line of readFileSync(f, 'utf8').split('\n')) {
        if (!line) continue;
        if ((chars += line.length) > 400_000) break;
        lines++;
        if (countTokens(line) !== libraryCountTokens(line)) mismatches.push(`${f}: ${line.slice(0, 60)}`);
      }
    }
    expect(lines).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });

  it('equals the library on generated text, counted twice (memo cold, then warm)', () => {
    const alphabet = fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', "'s", "'LL", 'a', 'Zeta', 'ß', '日本', '١٢', '123456', '😀', '->', '/*', '}', '.', '\u0301', 'ab\ncd');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }).map((xs) => xs.join('')), (text) => {
        expect(countTokens(text)).toBe(libraryCountTokens(text));
        expect(countTokens(text)).toBe(libraryCountTokens(text));
      }),
      { numRuns: Number(process.env.CB_PROP_RUNS ?? 300) },
    );
  });

  it('leaves text with a special-token marker to the library (which rejects it)', () => {
    expect(() => countTokens('a <|endoftext|> b')).toThrow(/special token/i);
  });
});
