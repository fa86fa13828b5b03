import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listScenarios, loadScenario, loadSuite, parseScenario, SCENARIO_DIR, ScenarioError } from '../../src/workload/scenario.js';

describe('shipped scenarios', () => {
  it('ships at least the six required kinds, plus the default suite', () => {
    const names = listScenarios();
    for (const n of ['claude-code-200k', 'swe-bash-128k', 'research-web-200k', 'ops-1m', 'small-32k', 'chat-heavy']) expect(names).toContain(n);
    // variants of a suite scenario that differ in one setting stay outside the suite
    const variants = ['claude-code-200k-1h'];
    expect(loadSuite('default').map((s) => s.name)).toEqual(expect.arrayContaining(names.filter((n) => !variants.includes(n))));
  });

  it('claude-code-200k caches with the 5-minute TTL (API-key users) and its 1h variant differs only in the TTL', () => {
    // should1hCacheTTL (claude-code-best/claude-code src/services/api/claude.ts @ f90eee85d): 1h only for
    // staff, subscribers not on overage and opted-in Bedrock users
    const base = loadScenario('claude-code-200k');
    const hour = loadScenario('claude-code-200k-1h');
    expect(base.model.ttl).toBe('5m');
    expect(hour.model.ttl).toBe('1h');
    expect(hour.generator).toEqual(base.generator);
    expect({ ...hour.model, ttl: '5m' }).toEqual(base.model);
    expect(loadSuite('default').map((s) => s.name)).not.toContain('claude-code-200k-1h');
  });

  it.each(listScenarios())('%s validates, is named after its file and says where its numbers come from', (name) => {
    const s = loadScenario(name);
    expect(s.name).toBe(name);
    expect(s.description.length).toBeGreaterThan(40);
    expect(s.sources.length).toBeGreaterThan(0);
    const raw = JSON.parse(readFileSync(path.join(SCENARIO_DIR, `${name}.json`), 'utf8'));
    expect(parseScenario(raw, name)).toEqual(s);
  });

  it('covers the required windows', () => {
    const windows = listScenarios().map((n) => loadScenario(n).model.contextWindow);
    expect(windows).toEqual(expect.arrayContaining([200000, 32768]));
    expect(Math.max(...windows)).toBeGreaterThanOrEqual(1_000_000);
  });

  it('applies the suite seed count', () => {
    for (const s of loadSuite('default')) expect(s.seeds).toBe(5);
  });

  it('resolves names from the package, not the working directory', () => {
    const cwd = process.cwd();
    try {
      process.chdir('/');
      expect(loadScenario('small-32k').name).toBe('small-32k');
    } finally {
      process.chdir(cwd);
    }
  });

  it('names the available scenarios when one is missing', () => {
    expect(() => loadScenario('no-such-scenario')).toThrow(ScenarioError);
    expect(() => loadScenario('no-such-scenario')).toThrow(/available: .*claude-code-200k/);
  });
});
