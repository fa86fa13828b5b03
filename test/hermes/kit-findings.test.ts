/**
 * What `compactbench check` found for the Hermes family, one behaviour per describe:
 * - strict-alternation (a port bug, fixed): the agent loop's pre-request repair merges the two
 *   assistant messages compress() can leave in a row, so default-parameter requests alternate;
 * - within-window: a compaction that leaves the request over the window says so (detail.overWindow),
 *   and only then;
 * - the documented upstream properties still show on their counterexamples (the port keeps doing what
 *   upstream does), and are declared on every definition of the family.
 */
import { describe, expect, it } from 'vitest';
import { hermesPolicy, hermesPruneFirstPolicy, hermesRunwayPolicy } from '../../src/policies/hermes/index.js';
import { versionOf } from '../../src/policies/versions.js';
import { checkCase, checkPolicy, drive, type PolicyCase } from '../../src/testing/index.js';
import {
  ANTHROPIC_ORDER_CASE, LAST_USER_CASE, STRICT_ALTERNATION_CASE, TODO_ALTERNATION_CASE, WITHIN_WINDOW_CASE,
} from './kit-cases.js';

// the counterexamples were shrunk, and confirmed upstream, at 8fa8aabb (upstream-properties.ts)
const hermes8fa8aabb = versionOf(hermesPolicy, '8fa8aabb');
const target = { def: hermes8fa8aabb };
const findings = (c: PolicyCase, invariant: string) => checkCase(target, c, { invariants: [invariant] }).map((f) => f.message);

describe('strict alternation after a compaction (port bug: the pre-request repair was missing)', () => {
  it('holds on the shrunk counterexample: the two assistant summaries are merged before the request', () => {
    expect(findings(STRICT_ALTERNATION_CASE, 'strict-alternation')).toEqual([]);
    const obs = drive(target, STRICT_ALTERNATION_CASE);
    const repaired = obs.transitions.filter((t) => typeof t.detail?.sequenceRepairs === 'number');
    expect(repaired.length).toBeGreaterThan(0);
  });

  it('holds with default parameters over generated conversations, without any documented exemption', () => {
    const def = { ...hermes8fa8aabb, upstreamProperties: undefined };
    const report = checkPolicy({ def }, { runs: 30, seed: 1, invariants: ['strict-alternation'] });
    expect(report.results.map((r) => [r.name, r.ok])).toEqual([['strict-alternation', true]]);
  });
});

describe('within-window: compactions left over the window are flagged', () => {
  it('flags the fallback summary that keeps the whole current turn, so the invariant holds', () => {
    expect(findings(WITHIN_WINDOW_CASE, 'within-window')).toEqual([]);
    const obs = drive(target, WITHIN_WINDOW_CASE);
    expect(obs.transitions.some((t) => t.kind === 'summary' && t.detail?.overWindow === true)).toBe(true);
  });

  it.each([
    ['within-window', WITHIN_WINDOW_CASE],
    ['last-user-kept', LAST_USER_CASE],
    ['anthropic-turn-order', ANTHROPIC_ORDER_CASE],
    ['strict-alternation', STRICT_ALTERNATION_CASE],
  ] as const)('sets the flag exactly when the result is over the window (%s case)', (_name, c) => {
    const obs = drive(target, c);
    const system = obs.tokens.message(obs.system);
    const results = obs.transitions.filter((t) => t.output && t.kind);
    expect(results.length).toBeGreaterThan(0);
    for (const t of results) {
      const over = system + obs.tokens.messages(t.output!) > t.contextWindow;
      expect(t.detail?.overWindow === true).toBe(over);
    }
  });
});

describe('documented upstream properties', () => {
  it.each([
    ['last-user-kept', LAST_USER_CASE],
    ['anthropic-turn-order', ANTHROPIC_ORDER_CASE],
    ['strict-alternation', TODO_ALTERNATION_CASE],
  ] as const)('%s still fails on its counterexample, as it does upstream', (invariant, c) => {
    expect(findings(c, invariant)).toHaveLength(1);
  });

  it('hold at 0000416b, whose compressor today\'s hermes runs, except the todo snapshot\'s', () => {
    for (const def of [hermesPolicy, versionOf(hermesPolicy, '0000416b')]) {
      expect(checkCase({ def }, LAST_USER_CASE, { invariants: ['last-user-kept'] })).toEqual([]);
      expect(checkCase({ def }, ANTHROPIC_ORDER_CASE, { invariants: ['anthropic-turn-order'] })).toEqual([]);
      expect(checkCase({ def }, TODO_ALTERNATION_CASE, { invariants: ['strict-alternation'] })).toHaveLength(1);
      expect(Object.keys(def.upstreamProperties ?? {})).toEqual(['strict-alternation']);
    }
  });

  it('are declared, with a source, on the 8fa8aabb definitions', () => {
    for (const def of [hermes8fa8aabb, hermesPruneFirstPolicy, hermesRunwayPolicy]) {
      const props = def.upstreamProperties ?? {};
      expect(Object.keys(props).sort()).toEqual(['anthropic-turn-order', 'last-user-kept', 'strict-alternation']);
      for (const why of Object.values(props)) expect(why).toMatch(/CC:\d+|\.py:\d+/);
    }
  });
});
