/**
 * The PR action end to end, without GitHub or network: a temporary git repository with a policy module
 * on main and a PR branch that changes it, and scripts/ci/pr-compare.sh (what action.yml runs) comparing
 * the PR head with the merge base in a git worktree. A change that breaks the prompt cache on every step
 * must fail the gate (exit 2); a change that leaves the policy's behaviour alone must pass.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../report/helpers.js';

const SCRIPT = resolve('scripts/ci/pr-compare.sh');

/**
 * A threshold tool-output clearer; `touchFirstUser` adds the regression: it rewrites the first user message
 * every step. `forget` makes it clear every tool output but the newest, from a fifth of the window on.
 */
const policy = (touchFirstUser: boolean, comment = '', forget = false): string => `// ${comment}
const PLACEHOLDER = '[cleared]';
export default {
  id: 'team-policy', description: 'the team policy', source: 'test', params: [],
  create(params) {
    let n = 0;
    return {
      id: 'team-policy', params,
      beforeStep(history, ctx) {
        ${touchFirstUser ? `const u = history.findIndex((m) => m.role === 'user');
        if (u >= 0) return { history: history.map((m, i) => (i === u ? { ...m, content: String(m.content) + ' #' + (n++) } : m)), kind: 'clear' };` : ''}
        const used = ctx.lastUsage?.promptTokens ?? 0;
        if (used < ${forget ? 0.2 : 0.7} * ctx.contextWindow) return undefined;
        const tools = history.flatMap((m, i) => (m.role === 'tool' && m.content !== PLACEHOLDER ? [i] : []));
        const clear = new Set(tools.slice(0, Math.max(0, tools.length - ${forget ? 1 : 3})));
        if (!clear.size) return undefined;
        return { history: history.map((m, i) => (clear.has(i) ? { ...m, content: PLACEHOLDER } : m)), kind: 'clear' };
      },
    };
  },
};
`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
}

function repoWithPr(head: string): string {
  const dir = tempDir('cb-action-');
  git(dir, 'init', '--quiet', '--initial-branch=main');
  // an ESM project, as a TypeScript policy module with `export default` needs
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(dir, 'team-policy.ts'), policy(false, 'v1'));
  writeFileSync(join(dir, 'gate.json'), JSON.stringify({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] }));
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'v1');
  git(dir, 'checkout', '--quiet', '-b', 'pr');
  writeFileSync(join(dir, 'team-policy.ts'), head);
  git(dir, 'commit', '--quiet', '-am', 'v2');
  return dir;
}

function runAction(dir: string, more: Record<string, string> = {}) {
  const summary = join(dir, 'step-summary.md');
  const env = {
    ...process.env, POLICY: 'team-policy.ts', BASE_REF: 'main', GATE: 'gate.json', SEEDS: '2', OUT: 'report', ...more,
    EXTRA_ARGS: '--scenario small-32k --max-steps 40 --workers 1 --no-png --no-raw', GITHUB_STEP_SUMMARY: summary,
  };
  const r = spawnSync('bash', [SCRIPT, 'compare'], { cwd: dir, env, encoding: 'utf8' });
  return { ...r, summary, env };
}

describe('the PR action (scripts/ci/pr-compare.sh)', () => {
  it('fails the gate (exit 2) when the PR head regresses cost against the merge base, with summary, report and JSON', () => {
    const dir = repoWithPr(policy(true, 'v2: rewrites the first user message every step'));
    const r = runAction(dir);
    expect(r.status, r.stderr).toBe(2);
    const md = readFileSync(join(dir, 'report/comparison.md'), 'utf8');
    expect(md).toMatch(/Gate: ❌ FAIL/);
    expect(md).toMatch(/\*\*Baseline\*\* `base` → \*\*candidate\*\* `head`/);
    expect(readFileSync(r.summary, 'utf8')).toContain(md.split('\n')[0]);
    expect(existsSync(join(dir, 'report/report.html'))).toBe(true);
    const json = JSON.parse(readFileSync(join(dir, 'report/result.json'), 'utf8'));
    expect(json.gate.status).toBe('fail');
    expect(json.verdict.scenarios[0].cheapest).toBe('base');
    expect(readFileSync(join(dir, 'report/exit-code'), 'utf8').trim()).toBe('2');
    // the worktree of the merge base is gone afterwards
    expect(existsSync(join(dir, '.compactbench-base'))).toBe(false);
    const gate = spawnSync('bash', [SCRIPT, 'gate', '2'], { cwd: dir, env: r.env, encoding: 'utf8' });
    expect(gate.status).toBe(2);
    expect(gate.stdout).toMatch(/::error::compactbench gate failed/);
  }, 600_000);

  it('fails the gate (exit 2) when the PR head saves money by dropping what later steps use (MIN_RETENTION)', () => {
    const dir = repoWithPr(policy(false, 'v2: clears every old tool output early', true));
    const r = runAction(dir, { MIN_RETENTION: '0.9' });
    expect(r.status, r.stderr).toBe(2);
    const json = JSON.parse(readFileSync(join(dir, 'report/result.json'), 'utf8'));
    const floor = json.gate.checks.find((c: { metric: string }) => c.metric === 'retention');
    expect(floor).toMatchObject({ bound: 'min', limit: 0.9, status: 'fail' });
    expect(floor.observed).toBeLessThan(0.9);
    const retention = json.comparison.find((row: { metric: string }) => row.metric === 'retention');
    expect(retention.candidate).toBeLessThan(retention.baseline);
    expect(readFileSync(join(dir, 'report/comparison.md'), 'utf8')).toMatch(/\| small-32k \| retention \| level ≥ 0\.9 \|.*❌ fail/);
  }, 600_000);

  it('passes (exit 0) when the PR head behaves like the merge base', () => {
    const dir = repoWithPr(policy(false, 'v2: only this comment changed'));
    const r = runAction(dir);
    expect(r.status, r.stderr).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'report/result.json'), 'utf8'));
    expect(json.gate.status).toBe('pass');
    const cost = json.comparison.find((row: { metric: string }) => row.metric === 'costTotal');
    expect(cost.delta).toBe(0);
    expect(spawnSync('bash', [SCRIPT, 'gate', '0'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
  }, 600_000);
});
