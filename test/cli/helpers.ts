/** Runs the CLI as a user would (through tsx), capturing output and exit code. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: readonly string[], opts: { cwd?: string; input?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: opts.cwd ?? process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    input: opts.input,
    timeout: 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export const tempDir = (prefix = 'cb-'): string => mkdtempSync(join(tmpdir(), prefix));
