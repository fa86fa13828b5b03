import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

describe('compactbench validate', () => {
  it('accepts the shipped scenarios, suite and gates', () => {
    const r = cli(['validate', 'scenarios/claude-code-200k.json', 'scenarios/default.suite.json', 'gates/example.json', 'gates/strict.yml']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/claude-code-200k\.json: valid scenario "claude-code-200k"/);
    expect(r.stdout).toMatch(/default\.suite\.json: valid suite "default"/);
    expect(r.stdout).toMatch(/example\.json: valid gate \(4 limits\)/);
    expect(r.stdout).toMatch(/strict\.yml: valid gate/);
  });

  it('names the field, the value and what is allowed, and exits 2', () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    const scenario = JSON.parse(JSON.stringify({ name: 'x', description: 'd', sources: ['s'], seeds: 1 }));
    writeFileSync(bad, JSON.stringify({ ...scenario, model: { profile: 'gpt-4.1', contextWindow: -5, maxOutputTokens: 10, breakpoints: 'auto' } }));
    const r = cli(['validate', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/model\.contextWindow/);
    expect(r.stderr).toMatch(/-5/);
    expect(r.stderr).toMatch(/positive integer/);
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{ "name": ');
    const r2 = cli(['validate', notJson]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/broken\.json: not valid JSON/);
    const gate = join(dir, 'gate.json');
    writeFileSync(gate, JSON.stringify({ limits: [{ metric: 'costt', maxRisePct: 2 }] }));
    const r3 = cli(['validate', gate]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/costt/);
  });
});
