/**
 * Malformed input (fast-check): every importer reports it as an ImportError naming the file and line —
 * never a crash (TypeError, RangeError...) and never a silent skip of the broken part.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/workload/import/errors.js';
import { importTrace } from '../../src/workload/import/index.js';
import type { Format } from '../../src/workload/import/types.js';
import { tmpFile } from './fixtures.js';
import { conversation, messagesOf, textSteps, writeClaudeCode, writeMiniSwe, writeOpenAi, writeOpenHands, writeShareGpt, writeSweAgent } from './gen.js';

const runs = Number(process.env.CB_PROP_RUNS ?? 30);
const timeout = Math.max(5000, runs * 60);

/** Imports and returns the ImportError thrown, or undefined on success; anything else fails the test. */
async function importError(file: string, format: Format | 'auto'): Promise<ImportError | undefined> {
  try {
    await importTrace(file, { format });
    return undefined;
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw new Error(`crash instead of ImportError: ${e instanceof Error ? e.stack : String(e)}`);
  }
}

const jsonlFormats: [Format, (c: Parameters<typeof writeClaudeCode>[0]) => string][] = [
  ['openai', (c) => writeOpenAi(messagesOf(c, 'id_'))],
  ['claude-code', writeClaudeCode],
  ['sharegpt', writeShareGpt],
];
const wholeFormats: [Format, string, (s: Parameters<typeof writeMiniSwe>[0]) => string, string][] = [
  ['mini-swe-agent', 't.traj.json', writeMiniSwe, 'messages'],
  ['swe-agent', 't.traj', writeSweAgent, 'history'],
  ['openhands', 't.json', writeOpenHands, ''],
];

/** Every path to a value inside `v`. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), value);
  return copy;
}

const badValue = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 }), fc.constant([]), fc.constant({}), fc.boolean(), fc.jsonValue({ maxDepth: 2 }));

const notJson = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => {
  if (s.trim() === '' || s.includes('\n') || s.includes('\r')) return false;
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

describe('malformed input (fast-check)', () => {
  for (const [format, render] of jsonlFormats) {
    it(`${format}: a line that is not JSON is reported with its line number`, { timeout }, async () => {
      await fc.assert(fc.asyncProperty(conversation, fc.nat(), fc.nat(), notJson, fc.boolean(), async (c, pick, cut, junk, truncate) => {
        const lines = render(c).split('\n').filter((l) => l);
        const i = pick % lines.length;
        const line = lines[i]!;
        lines[i] = truncate ? line.slice(0, 1 + (cut % (line.length - 1))) : junk;
        const e = await importError(tmpFile('x.jsonl', lines.join('\n') + '\n'), format);
        expect(e, 'a corrupted line was skipped silently').toBeDefined();
        expect(e!.line).toBe(i + 1);
        expect(e!.message).toContain(`:${i + 1}: `);
      }), { numRuns: runs });
    });

    it(`${format}: a field of the wrong type is an ImportError at its line, or harmless`, { timeout }, async () => {
      await fc.assert(fc.asyncProperty(conversation, fc.nat(), fc.nat(), badValue, async (c, pick, where, bad) => {
        const lines = render(c).split('\n').filter((l) => l);
        const i = pick % lines.length;
        const doc = JSON.parse(lines[i]!);
        const all = paths(doc);
        lines[i] = JSON.stringify(setAt(doc, all[where % all.length]!, bad));
        const e = await importError(tmpFile('x.jsonl', lines.join('\n') + '\n'), format);
        if (e) expect(e.line).toBe(i + 1);
      }), { numRuns: runs });
    });
  }

  for (const [format, name, render, listKey] of wholeFormats) {
    it(`${format}: a value of the wrong type anywhere is an ImportError with a line in the file, or harmless`, { timeout }, async () => {
      await fc.assert(fc.asyncProperty(textSteps, fc.nat(), badValue, async (steps, where, bad) => {
        const doc = JSON.parse(render(steps));
        const all = paths(doc);
        const text = JSON.stringify(setAt(doc, all[where % all.length]!, bad), null, 2);
        const e = await importError(tmpFile(name, text), format);
        // a file left with no conversation or no assistant turn is a whole-file error: it has no line to name
        if (e && !/no conversation messages|no assistant message found/.test(e.reason)) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(text.split('\n').length);
        }
      }), { numRuns: runs });
    });

    it(`${format}: a message that is not an object is reported at its own line, not skipped`, { timeout }, async () => {
      await fc.assert(fc.asyncProperty(textSteps, fc.nat(), async (steps, pick) => {
        const doc = JSON.parse(render(steps));
        const list: unknown[] = listKey ? doc[listKey] : doc;
        const k = pick % list.length;
        const text = JSON.stringify(setAt(doc, listKey ? [listKey, k] : [k], 987654321), null, 2);
        const e = await importError(tmpFile(name, text), format);
        expect(e, 'a broken message was skipped silently').toBeDefined();
        expect(e!.line).toBe(text.split('\n').findIndex((l) => l.includes('987654321')) + 1);
      }), { numRuns: runs });
    });

    it(`${format}: a truncated file is an ImportError`, { timeout }, async () => {
      await fc.assert(fc.asyncProperty(textSteps, fc.nat(), async (steps, cut) => {
        const text = render(steps);
        const e = await importError(tmpFile(name, text.slice(0, cut % text.length)), format);
        expect(e).toBeDefined();
      }), { numRuns: runs });
    });
  }

  it('arbitrary bytes with auto-detection: an ImportError or a conversation, never a crash', { timeout }, async () => {
    const content = fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue().map((v) => JSON.stringify(v)), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map((vs) => vs.map((v) => JSON.stringify(v)).join('\n')));
    await fc.assert(fc.asyncProperty(content, fc.constantFrom('x.jsonl', 'x.json', 'x.traj', 'x.traj.json', 'x.txt'), async (text, name) => {
      await importError(tmpFile(name, text), 'auto');
    }), { numRuns: runs * 3 });
  });
});
