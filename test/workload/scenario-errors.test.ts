import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadScenario, parseScenario, ScenarioError } from '../../src/workload/scenario.js';
import { SCENARIO_DIR } from '../../src/workload/scenario.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RUNS } from './helpers.js';

const raw = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(SCENARIO_DIR, `${name}.json`), 'utf8'));

function issuesOf(json: unknown): readonly string[] {
  try {
    parseScenario(json, 'test');
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).issues;
  }
  throw new Error('accepted an invalid scenario');
}

describe('parseScenario errors', () => {
  it('names the field, the value and what is allowed', () => {
    const s = raw('claude-code-200k');
    (s.model as Record<string, unknown>).contextWindow = -5;
    expect(issuesOf(s)).toContain('scenario.model.contextWindow: got -5, expected a positive integer');
  });

  it('lists the allowed fields for an unknown one', () => {
    const s = raw('claude-code-200k');
    (s.model as Record<string, unknown>).contextwindow = 5;
    expect(issuesOf(s)).toContain(
      'scenario.model: unknown field "contextwindow"; allowed: profile, contextWindow, maxOutputTokens, breakpoints, ttl',
    );
  });

  it('lists the choices of an enum and of a distribution kind', () => {
    const s = raw('claude-code-200k');
    (s.model as Record<string, unknown>).breakpoints = 'last';
    ((s.generator as { tools: Record<string, unknown>[] }).tools[0].resultTokens as Record<string, unknown>).kind = 'normal';
    const issues = issuesOf(s);
    expect(issues).toContain('scenario.model.breakpoints: got "last", expected one of "auto", "system_and_3", "swe-agent", "none"');
    expect(issues.some((l) => l.startsWith('scenario.generator.tools[0].resultTokens.kind: got "normal", expected one of "constant"'))).toBe(true);
  });

  it('checks relations between fields', () => {
    const s = raw('claude-code-200k');
    (s.model as Record<string, unknown>).maxOutputTokens = 300000;
    const g = s.generator as { timing: { pauses: Record<string, number> } };
    g.timing.pauses.over1h = 0.5;
    const issues = issuesOf(s);
    expect(issues).toContain('scenario.model.maxOutputTokens: got 300000, expected less than model.contextWindow (200000)');
    expect(issues.some((l) => l.startsWith('scenario.generator.timing.pauses.over1h: got 0.5'))).toBe(true);
  });

  it('reports every issue at once', () => {
    const s = raw('swe-bash-128k');
    s.seeds = 0;
    s.name = 'Bad Name';
    expect(issuesOf(s).length).toBe(2);
  });
});

/** every path to a leaf value (string or number) of a JSON tree */
function leaves(v: unknown, p: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...p, i]));
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...p, k]));
  return [p];
}
/** every path to an object (not array) */
function objects(v: unknown, p: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => objects(x, [...p, i]));
  if (v !== null && typeof v === 'object') return [p, ...Object.entries(v).flatMap(([k, x]) => objects(x, [...p, k]))];
  return [];
}
function setAt(root: unknown, p: (string | number)[], value: unknown): void {
  let o = root as Record<string | number, unknown>;
  for (const k of p.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[p[p.length - 1]] = value;
}
const pathText = (p: (string | number)[]) => p.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}.${k}`), 'scenario');

describe('parseScenario on malformed input (property)', () => {
  const names = ['claude-code-200k', 'swe-bash-128k', 'ops-1m', 'model-switch'];

  it('a leaf of the wrong type is always reported at that field (or its parent)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.constantFrom<unknown>(null, true, [], {}, 'x', -1.5), (name, pick, bad) => {
        const s = raw(name);
        const all = leaves(s);
        const p = all[pick % all.length];
        const old = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], s);
        if (typeof old === typeof bad && bad !== null && !Array.isArray(bad)) return; // same type: may still be valid
        setAt(s, p, bad);
        const issues = issuesOf(s);
        const target = pathText(p);
        expect(issues.some((l) => target.startsWith(l.slice(0, l.indexOf(':'))))).toBe(true);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('an unknown field anywhere is rejected and named', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.string({ minLength: 1, maxLength: 8 }), (name, pick, key) => {
        const s = raw(name);
        const all = objects(s);
        const p = all[pick % all.length];
        const obj = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], s) as Record<string, unknown>;
        const k = `x_${key}`;
        obj[k] = 1;
        const issues = issuesOf(s);
        expect(issues.some((l) => l.includes('unknown field') && l.includes(JSON.stringify(k)))).toBe(true);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('arbitrary JSON is never accepted and never crashes the parser', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const issues = issuesOf(json);
        expect(issues.length).toBeGreaterThan(0);
        for (const l of issues) expect(l.startsWith('scenario')).toBe(true);
      }),
      { numRuns: RUNS * 20 },
    );
  });

  it('a valid scenario still parses after a round trip (the properties start from valid files)', () => {
    for (const n of names) expect(parseScenario(raw(n), n)).toEqual(loadScenario(n));
  });
});
