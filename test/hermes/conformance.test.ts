/**
 * Every shared Hermes conformance case and replay (produced by the real upstream compressor) must pass
 * through the runner exactly, and the runner must notice a mismatch.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFor, discover, runConformance, runItem } from '../../src/conformance/index.js';

// the shared data beside the checkout (COMPACTBENCH_SHARED names another place, e.g. from a git worktree)
const ROOT = path.resolve(process.env.COMPACTBENCH_SHARED ?? path.resolve(process.cwd(), '../shared'), 'conformance');
const SHARED = path.join(ROOT, 'hermes');
const adapter = adapterFor('hermes');

// each upstream version against the data its own compressor produced
describe.each([
  ['8fa8aabb', SHARED],
  ['0000416b', path.join(ROOT, 'hermes-0000416b')],
])('hermes@%s conformance data', (version, dir) => {
  const items = discover([dir]);
  it('finds the 30 cases and 2 replays', () => {
    expect(items.filter((i) => i.kind === 'case')).toHaveLength(30);
    expect(items.filter((i) => i.kind === 'replay')).toHaveLength(2);
  });

  it.each(items.map((i) => [i.name, i] as const))('%s passes', (_name, item) => {
    const r = runItem(adapter, item, version);
    expect(r.difference).toBeUndefined();
    expect(r.pass).toBe(true);
  });
});

describe('the versions tell apart', () => {
  it('8fa8aabb does not reproduce a 0000416b case that exercises the pressure pass, nor the reverse', () => {
    const [newer] = discover([path.join(ROOT, 'hermes-0000416b/cases/case-001.json')]);
    const [older] = discover([path.join(SHARED, 'cases/case-007.json')]);
    expect(runItem(adapter, newer!, '8fa8aabb').pass).toBe(false);
    expect(runItem(adapter, older!, '0000416b').pass).toBe(false);
  });
});

describe('conformance runner', () => {
  it('reports the first difference with its JSON path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-conf-'));
    const data = JSON.parse(readFileSync(path.join(SHARED, 'cases/case-001.json'), 'utf8'));
    data.expected.record.compress_end += 1;
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(data));
    const [r] = runConformance('hermes@8fa8aabb', [dir]);
    expect(r!.pass).toBe(false);
    expect(r!.difference).toBe('$.expected.record.compress_end: expected 43 vs actual 42');
  });
});
