/**
 * The end-to-end CLI fuzz suite (issue 29): seeded command lines and input files through the built
 * CLI, judged on exit codes, `--json` stdout, the files written, NaN/Infinity anywhere, stack traces
 * and hangs (oracles.ts). Three parts:
 * - batch surfaces (cases.ts), many cases per Node process (driver.mjs);
 * - merge: shards of one plan merged in every order and subset, against the unsharded run's files;
 * - process surfaces, one process per case: a sample of the batch cases (the batch must agree with a
 *   real process) and policy modules that end, pollute or write to stdout.
 * CB_CLI_FUZZ_CASES (default 3000) sets the batch budget; CB_CLI_FUZZ_SEED (default 29) the seed.
 * The table (surface, cases, crashes, hangs, wrong outputs, escapes) is printed at the end.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../cli/helpers.js';
import { requireShared } from '../../shared-data.js';
import { batchCases, BATCH_SURFACES, loadSources, rng, type Case } from './cases.js';
import { judge, type Verdict } from './oracles.js';
import { argsOf, ensureBuilt, materialize, runBatches, runSingle } from './runner.js';

const TOTAL = Number(process.env.CB_CLI_FUZZ_CASES ?? 3000);
const SEED = Number(process.env.CB_CLI_FUZZ_SEED ?? 29);
const HANG_MS = 90_000;
/** a module case runs in seconds; one that outlives this is a hang (a top-level interval, a wait) */
const MODULE_HANG_MS = 30_000;
const MODULES = 'test/fuzz/cli/modules';

/**
 * Module cases that fail on this branch and are fixed by issue 29's item 2 (modules load where they
 * run; a failed session is never a result), on branch w29a. They are run and reported, not hidden;
 * at merge, empty this list: the suite then requires them to pass like every other case.
 */
// module cases allowed to fail while the isolation of issue 29's item 2 was on another branch: none now
const AWAITING_W29A = new Set<string>();

interface Row { surface: string; cases: number; crash: number; hang: number; wrong: number; escape: number; expected: number; examples: string[] }
const rows = new Map<string, Row>();
const awaiting: string[] = [];
function tally(surface: string, v: Verdict, why: string | undefined, c: { args: string[] }, expected = false): void {
  const row = rows.get(surface) ?? { surface, cases: 0, crash: 0, hang: 0, wrong: 0, escape: 0, expected: 0, examples: [] };
  rows.set(surface, row);
  row.cases++;
  if (v === 'ok') return;
  if (expected) {
    row.expected++;
    awaiting.push(`${v}: ${why?.slice(0, 120)} <- ${c.args.join(' ').slice(0, 160)}`);
    return;
  }
  row[v]++;
  if (row.examples.length < 5) row.examples.push(`${v}: ${why} <- ${c.args.join(' ').slice(0, 200)}`);
}
const failures = (surface: string): string[] => rows.get(surface)?.examples ?? [];

const root = tempDir('cb-clifuzz-');
const batches = Math.max(2, availableParallelism());

describe(`the CLI end to end (${TOTAL} batch cases, seed ${SEED})`, () => {
  if (!requireShared('traces/claude-code/short.jsonl', 'cli fuzz')) return;
  const src = loadSources();
  const perSurface = Math.ceil(TOTAL / Object.keys(BATCH_SURFACES).length);
  const cases = batchCases(SEED, perSurface, src);

  beforeAll(() => {
    ensureBuilt();
  }, 600_000);

  it('batch surfaces: every case ends with a documented code, no stack, no NaN, parseable --json, whole outputs', async () => {
    for (const c of cases) materialize(root, c);
    const results = await runBatches(root, cases, batches, HANG_MS);
    for (const c of cases) {
      const r = results.get(c.id) ?? { code: -1, stdout: '', stderr: 'no result', hung: true };
      const { verdict, why } = judge(c.args[0]!, r, { dir: join(root, String(c.id)), ...(c.out ? { out: c.out } : {}), ...(c.json ? { json: true } : {}) });
      tally(c.surface, verdict, why, c);
    }
    const bad = [...rows.values()].flatMap((r) => r.examples);
    expect(bad, bad.join('\n')).toEqual([]);
    expect([...rows.values()].reduce((a, r) => a + r.cases, 0)).toBe(cases.length);
  }, 3_600_000);

  it('merge: shards of one plan merge to the unsharded run in any order; anything else is refused', async () => {
    const d = join(root, 'merge');
    const plan = ['run', '--scenario', 'small-32k', '--policy', 'none', '--policy', 'hermes', '--seeds', '2', '--quiet', '--no-raw'];
    const cli = (args: string[]) => spawnSync(process.execPath, [resolve('bin/compactbench.js'), ...args], { encoding: 'utf8' });
    expect(cli([...plan, '--max-steps', '12', '--out', join(d, 'whole')]).status).toBe(0);
    for (const i of [1, 2, 3]) expect(cli([...plan, '--max-steps', '12', '--shard', `${i}/3`, '--out', join(d, `s${i}`)]).status).toBe(0);
    expect(cli([...plan, '--max-steps', '13', '--shard', '3/3', '--out', join(d, 'odd3')]).status).toBe(0);
    cpSync(join(d, 's2'), join(d, 'cut2'), { recursive: true });
    const runs = join(d, 'cut2', 'runs.jsonl');
    writeFileSync(runs, readFileSync(runs, 'utf8').slice(0, -40));
    const whole = readFileSync(join(d, 'whole', 'sessions.csv'), 'utf8');
    const r = rng(SEED + 1);
    const pool = ['s1', 's2', 's3', 's1', 'odd3', 'cut2'];
    const mergeCases: Case[] = [];
    for (let k = 0; k < 60; k++) {
      const n = 1 + Math.floor(r() * 4);
      const picked = k % 3 === 0 ? ['s1', 's2', 's3'].sort(() => r() - 0.5) : Array.from({ length: n }, () => pool[Math.floor(r() * pool.length)]!);
      mergeCases.push({ id: 100_000 + k, surface: 'merge', args: ['merge', ...picked.map((p) => join(d, p)), '--out', `{dir}/out`, ...(k % 2 ? ['--json'] : [])], files: [], out: 'out', json: k % 2 === 1 });
    }
    for (const c of mergeCases) materialize(root, c);
    const results = await runBatches(root, mergeCases, batches, HANG_MS);
    for (const c of mergeCases) {
      const res = results.get(c.id)!;
      const dir = join(root, String(c.id));
      let { verdict, why } = judge('merge', res, { dir, out: 'out', json: !!c.json });
      const names = c.args.slice(1, c.args.indexOf('--out')).map((a) => a.split('/').pop());
      const complete = names.length === 3 && ['s1', 's2', 's3'].every((s) => names.includes(s));
      if (verdict === 'ok' && complete && res.code !== 0) [verdict, why] = ['wrong', `the complete shards were refused: ${res.stderr}`];
      if (verdict === 'ok' && !complete && res.code === 0) [verdict, why] = ['wrong', `merged ${names.join(' ')}`];
      if (verdict === 'ok' && res.code === 0 && readFileSync(join(dir, 'out', 'sessions.csv'), 'utf8') !== whole) [verdict, why] = ['wrong', 'merged sessions.csv differs from the unsharded run'];
      tally('merge', verdict, why, c);
    }
    expect(failures('merge'), failures('merge').join('\n')).toEqual([]);
  }, 1_200_000);

  it('process per case: a sample of the batch cases gives the same exit code and stdout as a real process', async () => {
    const r = rng(SEED + 2);
    const sample = cases.filter((c) => c.surface !== 'run (synthetic)' || r() < 0.5).filter(() => r() < 0.02).slice(0, 80);
    const inBatch = await runBatches(join(root, 'again'), sample.map((c) => (materialize(join(root, 'again'), c), c)), batches, HANG_MS);
    for (const c of sample) {
      materialize(join(root, 'single'), c);
      const single = await runSingle(join(root, 'single'), c, HANG_MS);
      const dir = join(root, 'single', String(c.id));
      let { verdict, why } = judge(c.args[0]!, single, { dir, ...(c.out ? { out: c.out } : {}), ...(c.json ? { json: true } : {}) });
      const b = inBatch.get(c.id)!;
      const norm = (s: string) => s.replaceAll(join(root, 'again', String(c.id)), 'DIR').replaceAll(dir, 'DIR');
      if (verdict === 'ok' && (b.code !== single.code || norm(b.stdout) !== norm(single.stdout))) [verdict, why] = ['wrong', `batch exit ${b.code}, process exit ${single.code}`];
      tally('process (sample of the above)', verdict, why, { args: argsOf(c, dir) });
    }
    expect(failures('process (sample of the above)'), failures('process (sample of the above)').join('\n')).toEqual([]);
  }, 1_800_000);

  it('policy modules, one process per case: a module cannot end, hang, pollute or write into the run', async () => {
    const modules = ['sound', 'top-exit0', 'top-exit5', 'throws', 'console-hook', 'pollute', 'symbol-veto', 'top-interval'];
    const reference = spawnSync(process.execPath, [resolve('bin/compactbench.js'), 'run', '--scenario', 'small-32k', '--policy', 'none', '--policy', 'hermes', '--seeds', '1', '--max-steps', '12', '--quiet', '--json', '--out', join(root, 'modref')], { encoding: 'utf8' });
    const refRows = JSON.parse(reference.stdout) as { aggregates: unknown[] };
    let id = 200_000;
    for (const m of modules) {
      const mod = `${MODULES}/${m}.mjs`;
      const variants: { args: string[]; json: boolean; out?: string; gate?: boolean }[] = [
        { args: ['run', '--scenario', 'small-32k', '--policy', 'none', '--policy', 'hermes', '--policy', mod, '--seeds', '1', '--max-steps', '12', '--quiet', '--json', '--out', '{dir}/out'], json: true, out: 'out' },
        { args: ['run', '--scenario', 'small-32k', '--policy', 'none', '--policy', 'hermes', '--policy', mod, '--seeds', '1', '--max-steps', '12', '--quiet', '--workers', '2', '--out', '{dir}/out'], json: false, out: 'out' },
        { args: ['compare', '--baseline', 'hermes', '--candidate', mod, '--scenario', 'small-32k', '--seeds', '2', '--max-steps', '12', '--gate', 'gates/example.json', '--quiet', '--no-png', '--json', '--out', '{dir}/out'], json: true, out: 'out', gate: true },
        { args: ['check', '--policy', mod, '--runs', '5', '--json'], json: true },
      ];
      for (const v of variants) {
        const c: Case = { id: id++, surface: 'policy modules', args: v.args, files: [], ...(v.out ? { out: v.out } : {}), json: v.json };
        const dir = materialize(root, c);
        const res = await runSingle(root, c, MODULE_HANG_MS);
        let { verdict, why } = judge(c.args[0]!, res, { dir, ...(c.out ? { out: c.out } : {}), json: v.json });
        if (verdict === 'ok' && m !== 'sound') {
          // a broken module never passes: no exit 0 for a gate or a check, and its failure is reported
          if ((v.gate || c.args[0] === 'check') && res.code === 0 && m !== 'pollute' && m !== 'console-hook' && m !== 'top-interval') [verdict, why] = ['wrong', `exit 0 for a module that fails (${m})`];
          if (c.args[0] === 'run' && res.code === 0 && v.json) {
            const doc = JSON.parse(res.stdout) as { aggregates: { policy?: string; label?: string }[] };
            const others = doc.aggregates.filter((a) => ['none', 'hermes'].includes(a.label ?? a.policy ?? ''));
            const ref = refRows.aggregates.filter((a) => ['none', 'hermes'].includes((a as { label?: string; policy?: string }).label ?? (a as { policy?: string }).policy ?? ''));
            if (JSON.stringify(others) !== JSON.stringify(ref)) [verdict, why] = ['escape', `the none and hermes rows changed with ${m} beside them`];
          }
        }
        tally('policy modules', verdict, why, c, verdict !== 'ok' && AWAITING_W29A.has(m));
      }
    }
    expect(failures('policy modules'), failures('policy modules').join('\n')).toEqual([]);
  }, 1_800_000);

  afterAll(() => {
    const all = [...rows.values()];
    const sum = (k: keyof Row) => all.reduce((a, r) => a + (r[k] as number), 0);
    const lines = [
      '| surface | cases | crashes | hangs | wrong outputs | escapes | known failures (none allowed) |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...all.map((r) => `| ${r.surface} | ${r.cases} | ${r.crash} | ${r.hang} | ${r.wrong} | ${r.escape} | ${r.expected} |`),
      `| **total** | ${sum('cases')} | ${sum('crash')} | ${sum('hang')} | ${sum('wrong')} | ${sum('escape')} | ${sum('expected')} |`,
      ...all.flatMap((r) => r.examples.map((e) => `  ${r.surface}: ${e}`)),
      ...awaiting.map((e) => `  awaiting w29a: ${e}`),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  });
});
