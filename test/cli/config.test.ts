import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configCandidate, loadConfig } from '../../src/cli/config.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'cb-config-'));

describe('the config file', () => {
  it('is found in the working directory (YAML), and resolves relative paths against its directory', () => {
    const d = dir();
    writeFileSync(join(d, 'compactbench.config.yaml'), 'scenarios: [small-32k, ./mine.json]\npolicies: [hermes, ./p.ts:keep=2, base=./old/p.ts]\nbaseline: hermes\nseeds: 4\ngate: gates/g.json\nout: out\n');
    const found = loadConfig(undefined, d)!;
    expect(found.file).toBe(join(d, 'compactbench.config.yaml'));
    expect(found.config).toEqual({
      scenarios: ['small-32k', join(d, 'mine.json')],
      policies: ['hermes', `${join(d, 'p.ts')}:keep=2`, `base=${join(d, 'old/p.ts')}`],
      baseline: 'hermes', seeds: 4, gate: join(d, 'gates/g.json'), out: join(d, 'out'),
    });
  });

  it('reads JSON given with --config, and is absent when there is none', () => {
    const d = dir();
    writeFileSync(join(d, 'team.json'), JSON.stringify({ policies: ['hermes', 'hermes-runway'], baseline: 'hermes' }));
    expect(loadConfig(join(d, 'team.json'), d)!.config.policies).toEqual(['hermes', 'hermes-runway']);
    expect(loadConfig(undefined, dir())).toBeNull();
    expect(configCandidate('team.json', ['hermes', 'hermes-runway'], 'hermes')).toBe('hermes-runway');
    expect(() => configCandidate('team.json', ['hermes', 'a', 'b'], 'hermes')).toThrow(/2 policies besides the baseline; name the candidate with --candidate/);
  });

  it('takes the retention floor (minRetention, a share from 0 to 1)', () => {
    const d = dir();
    writeFileSync(join(d, 'team.json'), JSON.stringify({ minRetention: 0.85 }));
    expect(loadConfig(join(d, 'team.json'), d)!.config.minRetention).toBe(0.85);
    writeFileSync(join(d, 'bad.json'), JSON.stringify({ minRetention: 90 }));
    expect(() => loadConfig(join(d, 'bad.json'), d)).toThrow(/minRetention/);
  });

  it('names the file, key and value of a bad entry, and lists the allowed keys for an unknown one', () => {
    const d = dir();
    writeFileSync(join(d, 'compactbench.config.yaml'), 'seeds: three\npolicy: [hermes]\n');
    expect(() => loadConfig(undefined, d)).toThrow(/compactbench\.config\.yaml: invalid config:[\s\S]*seeds: got "three"; expected number[\s\S]*unknown key "policy"; allowed keys: scenarios, policies, baseline, seeds, gate, out/);
    writeFileSync(join(d, 'bad.json'), '{ nope');
    expect(() => loadConfig(join(d, 'bad.json'), d)).toThrow(/bad\.json: not valid JSON/);
  });
});
