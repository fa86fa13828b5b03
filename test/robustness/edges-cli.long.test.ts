/**
 * Issue 29, through the command line: the findings whose symptom is the process's (an exit code 0 over a
 * wrong table, NaN in verdict.json, a RangeError, a hang, a stack trace). In-process checks of the same
 * edges are in edges.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, type CliResult } from '../cli/helpers.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const CLAUDE = join(SHARED_DIR, 'traces/claude-code/short.jsonl');
const NON_FINITE = /\bNaN\b|Infinity|-\d[\d.]*%/;

/** A one-line input error: the exit code asked for, one stderr line, no stack, nothing non-finite on stdout. */
function expectInputError(r: CliResult, code = 2): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(r.stdout).not.toMatch(NON_FINITE);
}

function claudeWith(edit: (u: Record<string, unknown>) => void): string {
  const lines = readFileSync(CLAUDE, 'utf8').split('\n').filter(Boolean).map((l) => {
    const o = JSON.parse(l) as { message?: { usage?: Record<string, unknown> } };
    if (o.message?.usage) edit(o.message.usage);
    return JSON.stringify(o);
  });
  const f = join(tempDir(), 'bad.jsonl');
  writeFileSync(f, `${lines.join('\n')}\n`);
  return f;
}

describe('numbers at the edge, through the CLI', () => {
  if (!requireShared('traces/claude-code/short.jsonl', 'edges-cli')) return;
  it('validate-cache and run --trace refuse implausible usage (negative, 1e308, 3e9) naming file, line and field', () => {
    for (const v of [-500, 1e308, 3e9]) {
      const f = claudeWith((u) => {
        u.cache_read_input_tokens = v;
      });
      const vc = cli(['validate-cache', f]);
      expectInputError(vc);
      expect(vc.stderr).toMatch(/bad\.jsonl:\d+: message\.usage\.cache_read_input_tokens: expected a token count/);
      const out = join(tempDir(), 'r');
      const run = cli(['run', '--trace', f, '--policy', 'none', '--policy', 'hermes', '--quiet', '--out', out]);
      expectInputError(run);
      expect(run.stderr).not.toMatch(/RangeError|Invalid string length/);
    }
  });
  it('numeric flags are strict', () => {
    for (const [flag, value] of [['--system-tokens', '1e-400'], ['--min-tokens', '5.'], ['--seed', '+1'], ['--seed', '0x10'], ['--tolerance', '1e-1']]) {
      const r = cli(['validate-cache', flag!, value!, CLAUDE]);
      expectInputError(r);
      expect(r.stderr).toContain(`${flag}: got ${JSON.stringify(value)}`);
    }
    expectInputError(cli(['trajectories', 'test/trajectories/fixture.jsonl', '--seed', '0x10']));
  });
  it('validate-cache --unit-tokens on a Claude trace is an input error', () => {
    const r = cli(['validate-cache', '--unit-tokens', '2048', CLAUDE]);
    expectInputError(r);
    expect(r.stderr).toMatch(/apply to prefix caches/);
  });
});

describe('input kinds, through the CLI', () => {
  it('a FIFO given to every reading command ends at once with one line (it hung before)', () => {
    const d = tempDir();
    const fifo = join(d, 'pipe.jsonl');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return;
    const commands = [['import', fifo], ['validate-cache', fifo], ['trajectories', fifo], ['validate', fifo], ['calibrate', '--scenario', 'small-32k', '--against', fifo], ['calibrate', '--token-scale', '--against', fifo], ['run', '--trace', fifo, '--out', join(d, 'o')]];
    for (const args of commands) {
      const r = cli(args);
      expectInputError(r);
      expect(r.stderr).toMatch(/named pipe \(FIFO\)/);
    }
  });
  it('calibrate on an empty file is an error, and a raw agent log is imported: never an n=0 table with exit 0', () => {
    if (!requireShared('traces/codex', 'calibrate kinds')) return;
    const d = tempDir();
    writeFileSync(join(d, 'empty.jsonl'), '');
    const codex = readdirSync(join(SHARED_DIR, 'traces/codex')).find((f) => f.endsWith('.jsonl'))!;
    const empty = cli(['calibrate', '--scenario', 'small-32k', '--against', join(d, 'empty.jsonl')]);
    expectInputError(empty);
    expect(empty.stdout).not.toMatch(/n=0/);
    // raw agent logs are imported (issue 31: every trace-reading command reads every format), never an n=0 table
    for (const f of [CLAUDE, join(SHARED_DIR, 'traces/codex', codex), 'test/trajectories/fixture.jsonl']) {
      const r = cli(['calibrate', '--scenario', 'small-32k', '--against', f]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/n=0/);
    }
    const noUsage = cli(['calibrate', '--token-scale', '--against', 'test/trajectories/fixture.jsonl']);
    expectInputError(noUsage);
    expect(noUsage.stderr).toMatch(/no transcript recorded per-call usage/);
  });
  it('import refuses a folder; an --out of 300 characters is a one-line error', () => {
    const r = cli(['import', tempDir()]);
    expectInputError(r);
    expect(r.stderr).toMatch(/is a folder/);
    const out = cli(['run', '--scenario', 'small-32k', '--policy', 'none', '--max-steps', '5', '--seeds', '1', '--quiet', '--out', join(tempDir(), 'o'.repeat(300))]);
    expectInputError(out);
    expect(out.stderr).toMatch(/ENAMETOOLONG/);
  });
  it("import --out ' ' and --entry 2 on a one-conversation file are refused", () => {
    expectInputError(cli(['import', '--out', ' ', CLAUDE]));
    expectInputError(cli(['import', '--entry', '2', CLAUDE]));
  });
});

describe('merge and outputs, through the CLI', () => {
  it('shards run with --max-steps 40 and 41 do not merge', () => {
    const d = tempDir();
    const base = ['run', '--scenario', 'small-32k', '--policy', 'none', '--policy', 'hermes', '--seeds', '1', '--quiet'];
    expect(cli([...base, '--max-steps', '40', '--shard', '1/2', '--out', join(d, 's1')]).code).toBe(0);
    expect(cli([...base, '--max-steps', '41', '--shard', '2/2', '--out', join(d, 's2')]).code).toBe(0);
    const r = cli(['merge', join(d, 's1'), join(d, 's2'), '--out', join(d, 'm')]);
    expectInputError(r, 1);
    expect(r.stderr).toMatch(/manifest differs/);
  });
  it("the next run into a place removes a killed run's staging directory", () => {
    const d = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(d, '.keep'), '');
    spawnSync('mkdir', [join(d, `.out.partial-${dead}-zzzzzz`)]);
    const r = cli(['run', '--scenario', 'small-32k', '--policy', 'none', '--max-steps', '5', '--seeds', '1', '--quiet', '--out', join(d, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(d).sort()).toEqual(['.keep', 'out']);
  });
  it('a command into an --out another live process is writing is refused; once that process is gone, the lock is taken over', async () => {
    const d = tempDir();
    const out = join(d, 'shared');
    // the writer: any live process holding the lock (as a running compactbench does from the check of
    // its --out until its outputs are in place); a real race would depend on timing
    const writer = spawn('sleep', ['600']);
    writeFileSync(join(d, '.shared.lock'), `${writer.pid}\n`);
    const args = ['run', '--scenario', 'small-32k', '--policy', 'none', '--seeds', '1', '--max-steps', '5', '--quiet', '--out', out];
    const refused = cli(args);
    expectInputError(refused);
    expect(refused.stderr).toContain(`another compactbench (process ${writer.pid}) is writing there now`);
    expect(existsSync(out)).toBe(false);
    writer.kill('SIGKILL');
    await new Promise((r) => writer.on('exit', r));
    const after = cli(args);
    expect(after.code, after.stderr).toBe(0);
    expect(readdirSync(d)).toEqual(['shared']);
  });
  it('--shard with a policy module is refused', () => {
    const r = cli(['run', '--scenario', 'small-32k', '--policy', 'test/fuzz/cli/modules/sound.mjs', '--shard', '1/2', '--out', join(tempDir(), 'o')]);
    expectInputError(r);
    expect(r.stderr).toMatch(/--shard cannot run policy modules/);
  });
  it('validate refuses a suite naming a scenario twice, as run does', () => {
    const f = join(tempDir(), 'twice.suite.json');
    writeFileSync(f, JSON.stringify({ name: 'twice', description: 'd', scenarios: ['small-32k', 'small-32k'] }));
    // a scenario error lists its issues under a heading line: two lines, no stack
    for (const r of [cli(['validate', f]), cli(['run', '--suite', f, '--out', join(tempDir(), 'o')])]) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/scenario "small-32k" is also scenarios\[0\]/);
      expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
    }
  });
});
