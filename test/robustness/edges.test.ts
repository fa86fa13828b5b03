/**
 * Issue 29, in process: numbers and input kinds checked at the edge, and the output and merge checks.
 * Each case failed before the fix (an accepted count, a hang, an internal error, a silently kept
 * setting); the CLI-level cases are in edges-cli.long.test.ts and the fuzz suite in test/fuzz/cli.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInputFile } from '../../src/core/input-file.js';
import { committedPaths, prepareOutput, discardOutput, removeStaleStaging } from '../../src/cli/output-dir.js';
import { execOf } from '../../src/cli/run-plan.js';
import { buildPlan } from '../../src/cli/plan-spec.js';
import { validateFile } from '../../src/cli/commands/validate.js';
import { reportManifest } from '../../src/report/manifest.js';
import { fitTokenScale } from '../../src/validate/scale-fit.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { importTrace } from '../../src/workload/import/index.js';
import { readTraceFile } from '../../src/workload/trace-read.js';
import { tempDir } from '../cli/helpers.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const CLAUDE = join(SHARED_DIR, 'traces/claude-code/short.jsonl');

/** short.jsonl with every assistant usage object changed by `edit` */
function claudeWith(edit: (u: Record<string, unknown>) => void, name = 't.jsonl'): string {
  const lines = readFileSync(CLAUDE, 'utf8').split('\n').filter(Boolean).map((l) => {
    const o = JSON.parse(l) as { message?: { usage?: Record<string, unknown> } };
    if (o.message?.usage) edit(o.message.usage);
    return JSON.stringify(o);
  });
  const f = join(tempDir(), name);
  writeFileSync(f, `${lines.join('\n')}\n`);
  return f;
}

describe('recorded usage is checked at the edge', () => {
  if (!requireShared('traces/claude-code/short.jsonl', 'usage edge')) return;
  for (const [what, value] of [['3e9 (the String.repeat crash)', 3e9], ['negative', -500], ['1e308', 1e308], ['a fraction', 12.5], ['a string', '100']] as const) {
    it(`a cache read of ${what} fails naming the file, the line and the field`, async () => {
      const f = claudeWith((u) => {
        u.cache_read_input_tokens = value;
      });
      await expect(importTrace(f)).rejects.toThrow(/t\.jsonl:\d+: message\.usage\.cache_read_input_tokens: expected a token count/);
    });
  }
  it('a prompt whose parts add up past any window fails; real counts pass', async () => {
    const f = claudeWith((u) => {
      u.input_tokens = 6_000_000;
      u.cache_creation_input_tokens = 6_000_000;
    });
    await expect(importTrace(f)).rejects.toThrow(/message\.usage: the recorded prompt adds up to 12\d{6} tokens/);
    expect((await importTrace(CLAUDE)).meta.calls.length).toBeGreaterThan(0);
  });
  it("a sidecar's counts are checked too", async () => {
    const d = tempDir();
    writeFileSync(join(d, 't.jsonl'), '{"role":"user","content":"hi"}\n{"role":"assistant","content":"yo"}\n');
    writeFileSync(join(d, 't.meta.json'), JSON.stringify({ assistant_usage: [{ msg_index: 1, usage: { input_tokens: -3, output_tokens: 2 } }] }));
    await expect(importTrace(join(d, 't.jsonl'))).rejects.toThrow(/t\.meta\.json: sidecar: assistant_usage\[0\]\.usage\.input_tokens: expected a token count/);
  });
});

describe('every input kind is checked before it is read', () => {
  const d = tempDir();
  const fifo = join(d, 'fifo.jsonl');
  const mk = spawnSync('mkfifo', [fifo]);
  symlinkSync(join(d, 'loop-b'), join(d, 'loop-a'));
  symlinkSync(join(d, 'loop-a'), join(d, 'loop-b'));
  mkdirSync(join(d, 'folder'));
  const cases: [string, string, RegExp][] = [
    ['/dev/zero', '/dev/zero', /a character device \(such as \/dev\/zero\)/],
    ['a symlink loop', join(d, 'loop-a'), /symbolic link loop.*\(ELOOP\)/],
    ['a folder', join(d, 'folder'), /is a folder, not a regular file/],
    ['a name too long', join(d, 'n'.repeat(300)), /name is too long .*\(ENAMETOOLONG\)/],
    ['a missing file', join(d, 'nothing'), /no such file \(ENOENT\)/],
  ];
  if (mk.status === 0) cases.push(['a FIFO', fifo, /named pipe \(FIFO\)/]);
  for (const [what, file, message] of cases) {
    it(`${what} is one line, and import refuses it before opening it`, async () => {
      expect(() => checkInputFile(file, 'trace')).toThrow(message);
      await expect(importTrace(file)).rejects.toThrow(message);
      expect(() => validateFile(file)).toThrow(message);
    });
  }
  it('a regular file, and a symlink to one, pass', () => {
    writeFileSync(join(d, 'ok.json'), '{}');
    symlinkSync(join(d, 'ok.json'), join(d, 'link.json'));
    expect(() => checkInputFile(join(d, 'link.json'))).not.toThrow();
  });

  it('calibrate reads OpenAI-format messages only: empty, raw Claude Code, raw Codex and ShareGPT files are refused', () => {
    const empty = join(d, 'empty.jsonl');
    writeFileSync(empty, '');
    expect(() => readTraceFile(empty)).toThrow(/no assistant message \(0 messages\)/);
    const shareGpt = join(d, 'sg.jsonl');
    writeFileSync(shareGpt, readFileSync('test/trajectories/fixture.jsonl', 'utf8'));
    expect(() => readTraceFile(shareGpt)).toThrow(/sg\.jsonl:1: not an OpenAI-format chat message/);
    if (!requireShared('traces/codex', 'calibrate kinds')) return;
    expect(() => readTraceFile(CLAUDE)).toThrow(/short\.jsonl:1: not an OpenAI-format chat message .*compactbench import/);
  });

  it('--token-scale on transcripts without usage is an input error, not "scale NaN"', () => {
    const trace = { messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }], meta: { format: 'openai', source: 'x', calls: [], compactions: [], unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {} }, warnings: [] };
    expect(() => fitTokenScale([trace as never], createTokenCounter())).toThrow(expect.objectContaining({ name: 'InputError' }));
  });
});

describe('imports that would be silently wrong', () => {
  it('--entry past the conversations of the file is an error', async () => {
    if (!requireShared('traces/claude-code/short.jsonl', 'entry')) return;
    await expect(importTrace(CLAUDE, { entry: 2 })).rejects.toThrow(/--entry 2: the file holds 1 conversation/);
    expect((await importTrace(CLAUDE, { entry: 0 })).messages.length).toBeGreaterThan(0);
  });
  it('two Claude Code sessions interleaved in one file are refused at the line where one resumes', async () => {
    if (!requireShared('traces/claude-code/short.jsonl', 'interleave')) return;
    const lines = readFileSync(CLAUDE, 'utf8').split('\n').filter(Boolean);
    const other = lines.map((l) => l.replace(/"sessionId":"[^"]+"/, '"sessionId":"other-session"'));
    const mixed: string[] = [];
    lines.forEach((l, i) => mixed.push(l, other[i]!));
    const f = join(tempDir(), 'mixed.jsonl');
    writeFileSync(f, `${mixed.join('\n')}\n`);
    await expect(importTrace(f)).rejects.toThrow(/mixed\.jsonl:\d+: sessionId: lines of two sessions are interleaved/);
  });
});

describe('validate refuses what run refuses', () => {
  it('a suite naming one scenario twice', () => {
    const d = tempDir();
    const suite = join(d, 'twice.suite.json');
    writeFileSync(suite, JSON.stringify({ name: 'twice', description: 'd', scenarios: ['small-32k', 'small-32k'] }));
    expect(() => validateFile(suite)).toThrow(/scenario "small-32k" is also scenarios\[0\]/);
  });
});

describe('merge and outputs', () => {
  it('--max-steps is in the manifest, so shards cut at 40 and 41 steps cannot merge', () => {
    const m = (n: number) => reportManifest(buildPlan({ scenario: ['small-32k'], policy: ['none'], maxSteps: n }), 1, { kind: 'run' });
    expect(m(40).scenarios[0]!.maxSteps).toBe(40);
    expect(JSON.stringify(m(40))).not.toBe(JSON.stringify(m(41)));
    expect(reportManifest(buildPlan({ scenario: ['small-32k'], policy: ['none'] }), 1, { kind: 'run' }).scenarios[0]).not.toHaveProperty('maxSteps');
  });
  it('--max-steps cuts a recorded trace too (it was ignored), and the manifest says so', () => {
    const steps = Array.from({ length: 9 }, (_, i) => ({ i }));
    const trace = { name: 'trace:x', hash: 'h', settings: {} as never, makeWorkload: () => ({ steps }) as never };
    const plan = buildPlan({ policy: ['none'], maxSteps: 4 }, [trace]);
    expect(plan.scenarios[0]!.makeWorkload(1, createTokenCounter()).steps).toHaveLength(4);
    expect(reportManifest(plan, 1, { kind: 'run' }).scenarios[0]!.maxSteps).toBe(4);
  });
  it('--shard with a policy module is refused (module-scope state would go unnoticed)', () => {
    expect(() => execOf({ out: 'x', shard: '1/2' }, ['./my-policy.mjs'])).toThrow(/--shard cannot run policy modules/);
    expect(execOf({ out: 'x', shard: '1/2' }, ['hermes']).shard).toEqual({ index: 1, count: 2 });
  });
  it('--json lists the files where they are after the commit, not in the staging directory', () => {
    const d = tempDir();
    const t = prepareOutput(join(d, 'o'), { kind: 'run' });
    expect(committedPaths(t, 'rel/o', [join(t.staging, 'steps.csv'), join(t.staging, 'charts', 'a.svg')])).toEqual([join('rel/o', 'steps.csv'), join('rel/o', 'charts', 'a.svg')]);
    discardOutput(t);
  });
  it('a blank --out is refused', () => {
    expect(() => prepareOutput(' ', { kind: 'run' })).toThrow(/cannot be blank/);
  });
  it('a killed run\'s staging directory is removed by the next run into the same place; a live one is kept', () => {
    const d = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(d, `.out.partial-${dead}-abc123`));
    mkdirSync(join(d, `.out.partial-${process.pid}-def456`));
    mkdirSync(join(d, `.other.partial-${dead}-abc123`));
    expect(removeStaleStaging(join(d, 'out'))).toEqual([`.out.partial-${dead}-abc123`]);
    expect(existsSync(join(d, `.out.partial-${process.pid}-def456`))).toBe(true);
    expect(existsSync(join(d, `.other.partial-${dead}-abc123`))).toBe(true);
  });
  it('a second command into an --out a live process is writing is refused; a dead holder\'s lock is taken over', () => {
    const d = tempDir();
    const out = join(d, 'out');
    writeFileSync(join(d, '.out.lock'), `${process.ppid}\n`);
    expect(() => prepareOutput(out, { kind: 'run' })).toThrow(new RegExp(`another compactbench \\(process ${process.ppid}\\) is writing there now`));
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(d, '.out.lock'), `${dead}\n`);
    const t = prepareOutput(out, { kind: 'run' });
    expect(readFileSync(join(d, '.out.lock'), 'utf8').trim()).toBe(String(process.pid));
    discardOutput(t);
    expect(existsSync(join(d, '.out.lock'))).toBe(false);
  });
});
