import { describe, expect, it } from 'vitest';
import { parseRunsJsonl, runsJsonl } from '../../src/report/records-io.js';
import { fixtureRun } from './helpers.js';

describe('runs.jsonl', () => {
  it('round-trips session records exactly, including NaN, ±Infinity and null', () => {
    const { runs } = fixtureRun({ seeds: 1, scenarios: [{ name: 'a' }] });
    const odd = { ...runs[0]!, telemetry: { nan: NaN, inf: Infinity, ninf: -Infinity, s: 'NaN', b: true } };
    odd.steps = odd.steps.map((s, i) => (i === 0 ? { ...s, costTotal: null, utilization: NaN } : s));
    const indexed = [{ cell: 7, run: odd }, { cell: 9, run: runs[1]! }];
    const back = parseRunsJsonl(runsJsonl(indexed), 'x');
    expect(back.map((r) => r.cell)).toEqual([7, 9]);
    expect(back[0]!.run).toEqual(odd);
    expect(back[0]!.run.telemetry.nan).toBeNaN();
    expect(back[0]!.run.telemetry.ninf).toBe(-Infinity);
    expect(back[0]!.run.telemetry.s).toBe('NaN');
    expect(back[0]!.run.steps[0]!.costTotal).toBeNull();
    expect(runsJsonl(back)).toBe(runsJsonl(indexed));
  });

  it('names the file and line of a malformed record', () => {
    const { runs } = fixtureRun({ seeds: 1, scenarios: [{ name: 'a' }] });
    const good = runsJsonl([{ cell: 0, run: runs[0]! }]);
    expect(() => parseRunsJsonl(`${good}{oops\n`, 'dir/runs.jsonl')).toThrow(/dir\/runs\.jsonl:2: not valid JSON/);
    expect(() => parseRunsJsonl('{"cell":"a","run":{}}\n', 'f')).toThrow(/f:1: not a session record: \.cell/);
  });

  it('refuses a record whose numbers were corrupted into strings', () => {
    const { runs } = fixtureRun({ seeds: 1, scenarios: [{ name: 'a' }] });
    const good = runsJsonl([{ cell: 0, run: runs[0]! }]);
    const bad = good.replace(/"costTotal":[0-9.e-]+/, '"costTotal":"NaN"');
    expect(bad).not.toBe(good);
    expect(() => parseRunsJsonl(bad, 'f')).toThrow(/f:1: not a session record: \.run\.steps\[\d+\]\.costTotal/);
  });
});
