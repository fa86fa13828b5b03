/** Runs the CLI (with this area's commands) through tsx, as CI would: CI=true, output captured. */
import { spawnSync } from 'node:child_process';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: readonly string[]): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/report/cli-entry.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    timeout: 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
