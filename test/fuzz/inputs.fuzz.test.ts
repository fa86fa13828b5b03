/**
 * Fuzzing every input surface of issue 13 (fast-check, seeded): each case must be accepted (and pass
 * its oracle) or fail with a clean input error — never a crash, a stack trace, or a silently wrong
 * result. `npm test` runs a short budget; `npm run test:fuzz` (CB_FUZZ_RUNS) the long one, and prints
 * the table: surface, cases, clean errors, accepted.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SURFACES, type Surface } from './surfaces.js';

const RUNS = Number(process.env.CB_FUZZ_RUNS ?? 12);
const SEED = Number(process.env.CB_FUZZ_SEED ?? 13);
const CLEAN = /^(ScenarioError|ImportError|GateError|InputError|ParamError|UsageError|DocumentError|TraceError|PolicyLoadError)$/;

const BASE_SCENARIO = JSON.stringify(JSON.parse(readFileSync('scenarios/small-32k.json', 'utf8')));

/** JSON-ish documents: random values, deep nesting, huge numbers, BOMs, real scenario mutations. */
const jsonDoc = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 150, max: 8000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 150, max: 8000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
  fc.tuple(fc.constantFrom('sessionSteps', 'systemPromptTokens', 'seeds', 'contextWindow', 'extra', 'resultTokens', 'value', 'median'), fc.oneof(fc.constantFrom(1e7, 1e9, 1e12, -1, 0, 0.5, 1e308), fc.double())).map(([k, v]) =>
    BASE_SCENARIO.replace(new RegExp(`"${k}":\\s*[0-9.e+-]+`), `"${k}":${JSON.stringify(v)}`)),
  fc.string().map((s) => `\ufeff${BASE_SCENARIO.slice(0, 40)}${s}`),
  fc.tuple(fc.nat(), fc.string({ maxLength: 6 })).map(([at, s]) => {
    const i = at % BASE_SCENARIO.length;
    return BASE_SCENARIO.slice(0, i) + s + BASE_SCENARIO.slice(i + s.length);
  }),
  fc.constantFrom('', 'null', '[]', '{}', '"x"', '1e999', '{"name":"x","scenarios":["/etc/shadow"]}', '{"name":"s","description":"d","scenarios":["../../../../etc/passwd"]}'),
);
/** raw text for trace files and YAML: JSON lines of message-like objects, bytes, long lines */
const textDoc = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }).map((a) => a.map((v) => JSON.stringify(v)).join('\n')),
  fc.array(fc.record({ role: fc.constantFrom('user', 'assistant', 'tool', 'system', 'x'), content: fc.oneof(fc.string(), fc.constant(null)), tool_call_id: fc.option(fc.constantFrom('a', 'b')) }), { maxLength: 6 })
    .map((a) => a.map((v) => JSON.stringify(v)).join('\n')),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.integer({ min: 150, max: 6000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.constantFrom('{"history":[{"observation":"run","content":"a"}]}', '{"trajectory":[],"history":[]}', '[{"source":"user","action":"message"}]', '\ufeff{"role":"user","content":"x"}'),
);
const flagText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '0', '1', '0x10', '0b11', '1e12', '1e3', ' 3', '3 ', '-1', '+2', '1.5', '007', '99999999999999999999', '1/2', '0/2', '2/1', ' 1/2', '__proto__=1', 'constructor=1', 'bogus=1', 'compressionThreshold=0.5', 'compressionThreshold=0x1'),
  fc.tuple(fc.nat(20), fc.nat(20)).map(([a, b]) => `${a}/${b}`),
);
const ARB = { json: jsonDoc, text: textDoc, flag: flagText } as const;

interface Row { surface: string; cases: number; clean: number; accepted: number; crashes: string[]; wrong: string[] }
const table: Row[] = [];

async function fuzz(s: Surface): Promise<Row> {
  const row: Row = { surface: s.name, cases: 0, clean: 0, accepted: 0, crashes: [], wrong: [] };
  const samples = fc.sample(ARB[s.input], { numRuns: RUNS, seed: SEED + table.length });
  for (const input of samples) {
    row.cases++;
    try {
      const out = await s.run(input);
      if (out === 'accepted') row.accepted++;
      else row.wrong.push(`${out} <- ${JSON.stringify(input).slice(0, 120)}`);
    } catch (e) {
      const err = e as Error;
      const name = err?.constructor?.name ?? '';
      const clean = err instanceof Error && (CLEAN.test(name) || CLEAN.test(err.name)) && !/\n\s+at /.test(err.message) && !/Maximum call stack|Invalid string length/.test(err.message);
      if (clean) row.clean++;
      else row.crashes.push(`${name}: ${String(err?.message).slice(0, 160)} <- ${JSON.stringify(input).slice(0, 120)}`);
    }
  }
  return row;
}

describe(`fuzzing the input surfaces (${RUNS} cases each, seed ${SEED})`, () => {
  for (const s of SURFACES) {
    it(s.name, async () => {
      const row = await fuzz(s);
      table.push(row);
      expect(row.crashes, row.crashes.join('\n')).toEqual([]);
      expect(row.wrong, row.wrong.join('\n')).toEqual([]);
      expect(row.cases).toBe(RUNS);
    }, 600_000);
  }

  afterAll(() => {
    const total = table.reduce((a, r) => ({ cases: a.cases + r.cases, clean: a.clean + r.clean, accepted: a.accepted + r.accepted, bad: a.bad + r.crashes.length + r.wrong.length }), { cases: 0, clean: 0, accepted: 0, bad: 0 });
    const lines = [
      '| surface | cases | clean errors | accepted | crashes/hangs/wrong |',
      '|---|---:|---:|---:|---:|',
      ...table.map((r) => `| ${r.surface} | ${r.cases} | ${r.clean} | ${r.accepted} | ${r.crashes.length + r.wrong.length} |`),
      `| **total** | ${total.cases} | ${total.clean} | ${total.accepted} | ${total.bad} |`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  });
});
