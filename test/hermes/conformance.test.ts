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
const SHARED = path.resolve(process.env.COMPACTBENCH_SHARED ?? path.resolve(process.cwd(), '../shared'), 'conformance/hermes');
const items = discover([SHARED]);
const adapter = adapterFor('hermes');

describe('hermes conformance data', () => {
  it('finds the 30 cases and 2 replays', () => {
    expect(items.filter((i) => i.kind === 'case')).toHaveLength(30);
    expect(items.filter((i) => i.kind === 'replay')).toHaveLength(2);
  });

  it.each(items.map((i) => [i.name, i] as const))('%s passes', (_name, item) => {
    const r = runItem(adapter, item);
    expect(r.difference).toBeUndefined();
    expect(r.pass).toBe(true);
  });
});

describe('conformance runner', () => {
  it('reports the first difference with its JSON path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-conf-'));
    const data = JSON.parse(readFileSync(path.join(SHARED, 'cases/case-001.json'), 'utf8'));
    data.expected.record.compress_end += 1;
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(data));
    const [r] = runConformance('hermes', [dir]);
    expect(r!.pass).toBe(false);
    expect(r!.difference).toBe('$.expected.record.compress_end: expected 43 vs actual 42');
  });
});
