/**
 * The published package works as users get it: `npm pack` (which builds dist/ through `prepare`), then
 * an install of the tarball into a fresh project from the npm cache (`--prefer-offline`: the
 * dependencies are the ones `npm ci` already fetched), then the library from plain Node ESM, the types
 * from a strict TypeScript consumer (no skipLibCheck), and the CLI through `npx`, including a policy
 * module written in TypeScript outside any ESM package. In the long suite (`npm run test:full`).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function sh(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 600_000, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } });
  if (r.error) throw r.error;
  return r;
}
const ok = (r: SpawnSyncReturns<string>, what: string): string => {
  expect(r.status, `${what} failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
};

let tmp: string;
let app: string;
let tarball: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'cb-pack-'));
  ok(sh(NPM, ['pack', '--pack-destination', tmp, '--silent'], ROOT), 'npm pack');
  tarball = path.join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz'))!);
  app = path.join(tmp, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  ok(sh(NPM, ['install', '--prefer-offline', tarball, `@types/node@${pkg.devDependencies['@types/node']}`], app), 'npm install of the tarball');
}, 900_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships dist/, scenarios and docs, and no tests, sources or reference reports', () => {
    const r = ok(sh('tar', ['-tzf', tarball], tmp), 'tar -t');
    const files = r.split('\n').filter(Boolean);
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/dist/sim/worker-main.js');
    expect(files).toContain('package/scenarios/default.suite.json');
    expect(files.filter((f) => /^package\/(test|src|reports|bench)\//.test(f) || f.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it('installs only runtime dependencies', () => {
    const installed = readdirSync(path.join(app, 'node_modules'));
    for (const dev of ['vitest', 'typescript', 'playwright-core', 'tinybench']) expect(installed).not.toContain(dev);
  });

  it('imports compactbench and compactbench/testing from plain Node ESM', () => {
    writeFileSync(path.join(app, 'use.mjs'), [
      "import { policyIds, createTokenCounter } from 'compactbench';",
      "import { policyCaseArb, loadTarget } from 'compactbench/testing';",
      "console.log(JSON.stringify({ ids: policyIds(), tokens: createTokenCounter().count('hello world'), arb: typeof policyCaseArb, load: typeof loadTarget }));",
    ].join('\n'));
    const out = JSON.parse(ok(sh(process.execPath, ['use.mjs'], app), 'node use.mjs')) as { ids: string[]; tokens: number; arb: string; load: string };
    expect(out.ids).toContain('none');
    expect(out.tokens).toBeGreaterThan(0);
    expect([out.arb, out.load]).toEqual(['function', 'function']);
  });

  it('type-checks a strict TypeScript consumer against the shipped declarations', () => {
    copyFileSync(path.join(ROOT, 'test/testing/modules/clear-old-outputs.ts'), path.join(app, 'policy.ts'));
    writeFileSync(path.join(app, 'consumer.ts'), [
      "import { createTokenCounter, policyIds, runSession, type PolicyDefinition, type SessionRun } from 'compactbench';",
      "import { checkPolicy, type Finding } from 'compactbench/testing';",
      "import policy from './policy.js';",
      'const ids: string[] = policyIds();',
      'const def: PolicyDefinition = policy;',
      "const n: number = createTokenCounter().count('x');",
      "type Steps = SessionRun['steps'];",
      'export { ids, def, n, checkPolicy, runSession };',
      'export type { Finding, Steps };',
    ].join('\n'));
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: false, types: ['node'] },
      include: ['consumer.ts', 'policy.ts'],
    }));
    ok(sh(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], app), 'tsc');
    // the check is not vacuous: a type error in a consumer is reported
    writeFileSync(path.join(app, 'bad.ts'), "import { policyIds } from 'compactbench';\nconst n: number = policyIds();\nexport { n };\n");
    writeFileSync(path.join(app, 'tsconfig.bad.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, types: ['node'] }, include: ['bad.ts'] }));
    const bad = sh(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.bad.json'], app);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain('TS2322');
  });

  it('runs the CLI through npx: --help, a short run, and a TypeScript policy module', () => {
    const helpRun = sh(NPX, ['--no-install', 'compactbench', '--help'], app);
    const help = ok(helpRun, 'npx compactbench --help');
    expect(help).toContain('Usage: compactbench');
    expect(help).toContain('report');
    // nothing on stderr: on Node 22 the command once printed V8's "Error: unrecognized flag" at every start
    expect(helpRun.stderr).toBe('');
    const versionRun = sh(NPX, ['--no-install', 'compactbench', '--version'], app);
    expect(ok(versionRun, '--version').trim()).toBe(pkg.version);
    expect(versionRun.stderr).toBe('');
    const out = path.join(tmp, 'run');
    ok(sh(NPX, ['--no-install', 'compactbench', 'run', '--scenario', 'small-32k', '--policy', 'none', '--policy', './policy.ts', '--seeds', '1', '--max-steps', '20', '--out', out, '--quiet'], app), 'run');
    expect(readFileSync(path.join(out, 'sessions.csv'), 'utf8')).toContain('clear-old-outputs');
    expect(ok(sh(NPX, ['--no-install', 'compactbench', 'check', '--policy', './policy.ts', '--runs', '5'], app), 'check')).toContain('invariants hold');
  });

  it('writes the same report with worker threads (packed records, digests, chart workers) as in one thread', () => {
    const args = ['--no-install', 'compactbench', 'report', '--scenario', 'small-32k', '--scenario', 'chat-heavy', '--policy', 'none', '--policy', 'hermes',
      '--policy', 'claude-code', '--seeds', '2', '--max-steps', '80', '--quiet', '--force'];
    const one = path.join(tmp, 'report-1');
    const two = path.join(tmp, 'report-2');
    ok(sh(NPX, [...args, '--workers', '1', '--out', one], app), 'report --workers 1');
    ok(sh(NPX, [...args, '--workers', '2', '--out', two], app), 'report --workers 2');
    const files = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    expect(files(two)).toEqual(files(one));
    expect(files(one)).toEqual(expect.arrayContaining(['steps.csv', 'report.html', path.join('charts', 'cache-share.svg')]));
    for (const f of files(one)) {
      if (!f.includes('.')) continue; // a directory
      expect(readFileSync(path.join(two, f)).equals(readFileSync(path.join(one, f))), f).toBe(true);
    }
  });
});
