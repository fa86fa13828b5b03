import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGate, parseGate } from '../../src/report/gate.js';
import { tempDir } from './helpers.js';

const err = (doc: unknown): string => {
  try {
    parseGate(doc, 'g.json');
  } catch (e) {
    expect((e as Error).name).toBe('GateError');
    return (e as Error).message;
  }
  throw new Error('expected a GateError');
};

describe('gate files', () => {
  it('accepts the shipped example gates', () => {
    expect(loadGate('gates/example.json').limits.map((l) => l.metric)).toEqual(['costTotal', 'breaksPer100Steps', 'retention', 'invariantViolations']);
    expect(loadGate('gates/strict.yml').test).toBe('conservative');
  });

  it('names the field, the value found and the allowed metric keys for an unknown metric', () => {
    const m = err({ limits: [{ metric: 'costTotal', maxRisePct: 2 }, { metric: 'cost', maxRisePct: 2 }] });
    expect(m).toMatch(/^g\.json: invalid gate file:/);
    expect(m).toMatch(/limits\[1\]\.metric: got "cost"; allowed: .*costTotal.*breaksPer100Steps/);
  });

  it('names unknown fields with the allowed ones, wrong types with the expected type, and a bad test', () => {
    expect(err({ limits: [{ metric: 'costTotal', maxRisePercent: 2 }] })).toMatch(/limits\[0\]: unknown field "maxRisePercent"; allowed fields: metric, maxRisePct, maxRise, maxDropPct, maxDrop, min, test, scenarios, note/);
    expect(err({ limits: [{ metric: 'costTotal', maxRisePct: '2%' }] })).toMatch(/limits\[0\]\.maxRisePct: got "2%"; expected number/);
    expect(err({ test: 'strict', limits: [{ metric: 'costTotal', maxRise: 1 }] })).toMatch(/test: got "strict"; allowed: estimate, significant, conservative/);
    expect(err({ limit: [] })).toMatch(/\(top level\): unknown field "limit"; allowed fields: description, test, limits/);
    expect(err({ limits: [] })).toMatch(/limits: got \[\]; expected at least 1 entries/);
  });

  it('requires at least one bound per limit', () => {
    expect(err({ limits: [{ metric: 'costTotal' }] })).toMatch(/limits\[0\]: got no bound for costTotal; expected at least one of maxRisePct, maxRise, maxDropPct, maxDrop, min/);
  });

  it('reads YAML by extension and reports unreadable or malformed files', () => {
    const d = tempDir();
    writeFileSync(join(d, 'g.yaml'), 'limits:\n  - metric: cacheReadShare\n    maxDropPct: 1\n');
    expect(loadGate(join(d, 'g.yaml')).limits[0]).toEqual({ metric: 'cacheReadShare', maxDropPct: 1 });
    writeFileSync(join(d, 'bad.json'), '{"limits": [');
    expect(() => loadGate(join(d, 'bad.json'))).toThrow(/bad\.json: not valid JSON/);
    expect(() => loadGate(join(d, 'missing.json'))).toThrow(/missing\.json: cannot read the gate file/);
  });
});
