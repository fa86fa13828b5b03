/** Issue 13 findings 7, 8 and 10 (outputs) and issue 14 item 3: outputs that cannot mix or half-exist. */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareOutput, writeAtomically } from '../../src/cli/output-dir.js';
import { cli, tempDir } from '../cli/helpers.js';

const SMALL = ['--scenario', 'small-32k', '--policy', 'none', '--seeds', '1', '--max-steps', '20', '--quiet'];

describe('the output location is checked before computing', () => {
  it('refuses a file in the way, a foreign non-empty directory and another command\'s outputs; --force replaces', () => {
    const d = tempDir();
    writeFileSync(join(d, 'file'), 'x');
    expect(() => prepareOutput(join(d, 'file'), { kind: 'run' })).toThrow(/a file is in the way/);
    mkdirSync(join(d, 'mine'));
    writeFileSync(join(d, 'mine', 'notes.txt'), 'keep me');
    expect(() => prepareOutput(join(d, 'mine'), { kind: 'run' })).toThrow(/not empty and holds no compactbench output/);
    mkdirSync(join(d, 'rep'));
    writeFileSync(join(d, 'rep', 'manifest.json'), JSON.stringify({ tool: 'compactbench', report: { kind: 'report' } }));
    expect(() => prepareOutput(join(d, 'rep'), { kind: 'run' })).toThrow(/holds the outputs of a `report`, not a `run`/);
    const t = prepareOutput(join(d, 'rep'), { kind: 'report' });
    t.release();
    const f = prepareOutput(join(d, 'mine'), { kind: 'run', force: true });
    f.release();
  });

  it('a read-only parent is a clean error before any work', () => {
    if (process.getuid?.() === 0) return void expect(true).toBe(true); // root writes anywhere: covered by the file-in-the-way case
    const d = tempDir();
    mkdirSync(join(d, 'ro'));
    chmodSync(join(d, 'ro'), 0o500);
    expect(() => prepareOutput(join(d, 'ro', 'out'), { kind: 'run' })).toThrow(/cannot write beside it: permission denied/);
  });

  it('a failed write leaves nothing behind and the old directory intact', async () => {
    const d = tempDir();
    const out = join(d, 'o');
    await writeAtomically(prepareOutput(out, { kind: 'run' }), (dir) => {
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ tool: 'compactbench', report: { kind: 'run' } }));
      writeFileSync(join(dir, 'a.csv'), 'old');
    });
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    await expect(writeAtomically(prepareOutput(out, { kind: 'run' }), (dir) => {
      writeFileSync(join(dir, 'a.csv'), 'new, cut mid-ro');
      throw full;
    })).rejects.toThrow(/no space left on device \(ENOSPC\)/);
    expect(readFileSync(join(out, 'a.csv'), 'utf8')).toBe('old');
    expect(readdirSync(d)).toEqual(['o']);
  });
});

describe('the CLI', () => {
  it('run and report default to different directories, and a re-run replaces its own outputs whole', () => {
    const d = tempDir();
    const r1 = cli(['run', ...SMALL, '--out', join(d, 'r')]);
    expect(r1.code, r1.stderr).toBe(0);
    writeFileSync(join(d, 'r', 'stale.csv'), 'from an older run');
    const r2 = cli(['run', ...SMALL, '--out', join(d, 'r')]);
    expect(r2.code, r2.stderr).toBe(0);
    expect(existsSync(join(d, 'r', 'stale.csv'))).toBe(false);
    const r3 = cli(['report', ...SMALL, '--no-png', '--out', join(d, 'r')]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/holds the outputs of a `run`, not a `report`/);
    expect(r3.stderr).not.toMatch(/at .*\.ts:\d+/);
    const help = cli(['run', '--help']).stdout + cli(['report', '--help']).stdout;
    expect(help).toMatch(/default: "reports\/run"/);
    expect(help).toMatch(/default: "reports\/latest"/);
  });

  it('--out under /proc is a clean error, fast', () => {
    const r = cli(['run', ...SMALL, '--out', '/proc/compactbench-x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/compactbench: error: --out \/proc\/compactbench-x/);
  });

  it('a full disk (a 16 KiB tmpfs where mount works, else simulated above) is a clean error leaving nothing', () => {
    const mnt = tempDir();
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', mnt]);
    if (m.status !== 0) {
      if (process.env.CI === 'true') console.warn('full-disk CLI test: mount -t tmpfs not permitted; the simulated ENOSPC test covers writeAtomically');
      return;
    }
    try {
      const r = cli(['run', '--scenario', 'small-32k', '--policy', 'none', '--seeds', '2', '--quiet', '--out', join(mnt, 'out')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/no space left on device \(ENOSPC\)/);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(readdirSync(mnt)).toEqual([]);
    } finally {
      spawnSync('umount', [mnt]);
    }
  });

  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} stops the workers, leaves nothing half-written and exits ${code}`, async () => {
      const d = tempDir();
      const out = join(d, 'killed');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'run', '--scenario', 'claude-code-200k', '--seeds', '4', '--workers', '2', '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
      });
      // wait until the staging directory exists: the run is computing
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (readdirSync(d).some((f) => f.startsWith('.killed.partial-'))) {
            clearInterval(poll);
            resolve();
          }
        }, 50);
      });
      await new Promise((r) => setTimeout(r, 1500));
      child.kill(signal);
      const exit = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      expect(exit, err).toBe(code);
      expect(readdirSync(d)).toEqual([]);
      expect(err).toMatch(new RegExp(`${signal}: stopped; nothing written`));
    });
  }
});

describe('import --out', () => {
  it('on a full disk leaves neither a cut JSONL nor a JSONL without its sidecar', async () => {
    const { writeTraceFiles } = await import('../../src/workload/import/sidecar.js');
    const { spawnSync: sp } = await import('node:child_process');
    const mnt = tempDir();
    if (sp('mount', ['-t', 'tmpfs', '-o', 'size=8k', 'tmpfs', mnt]).status !== 0) return;
    try {
      const big = 'x'.repeat(4000);
      const trace = { messages: Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: big }) as const), meta: { format: 'openai', source: 's', calls: [], compactions: [], unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {} }, warnings: [] };
      await expect(writeTraceFiles(trace as never, join(mnt, 't.jsonl'))).rejects.toThrow(/ENOSPC: no space left on device/);
      expect(readdirSync(mnt)).toEqual([]);
    } finally {
      sp('umount', [mnt]);
    }
  });
});
