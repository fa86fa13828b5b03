/** Issue 13 finding 9: a hostile policy module ends as a failure row with its cause, never a dead or hung run. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../cli/helpers.js';

const H = 'test/robustness/hostile';

describe('hostile policy modules', () => {
  it('exit, reject, infinite loop and unbounded allocation each become a failure row; the other policies run', () => {
    const out = join(tempDir(), 'r');
    const r = cli([
      'run', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '12', '--quiet', '--workers', '2',
      '--policy', 'none', '--policy', `${H}/exit.mjs`, '--policy', `${H}/reject.mjs`, '--policy', `${H}/loop.mjs`, '--policy', `${H}/alloc.mjs`,
      '--hook-budget', '25', '--policy-heap-mb', '96', '--out', out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { failures: { policy: string; error: string }[] };
    const byPolicy = Object.fromEntries(summary.failures.map((f) => [f.policy, f.error]));
    expect(byPolicy.none, byPolicy.none).toBeUndefined();
    expect(Object.keys(byPolicy).sort()).toEqual(['hostile-alloc', 'hostile-exit', 'hostile-loop', 'hostile-reject']);
    expect(byPolicy['hostile-exit']).toMatch(/process\.exit\(7\)/);
    expect(byPolicy['hostile-reject']).toMatch(/rejected promise: async boom/);
    expect(byPolicy['hostile-loop']).toMatch(/longer than 25 s/);
    expect(byPolicy['hostile-alloc']).toMatch(/memory limit \(96 MB\)/);
    const sessions = readFileSync(join(out, 'sessions.csv'), 'utf8').trim().split('\n');
    expect(sessions).toHaveLength(1 + 5);
  });
});
