/** Issue 29, "Silently wrong" 1: a failed session is never a result (not ranked, no cost, never passes a gate). */
import { describe, expect, it } from 'vitest';
import { aggregate, type SessionRow } from '../../src/metrics/aggregate.js';
import { evaluateGate } from '../../src/report/gate-eval.js';
import { parseGate } from '../../src/report/gate.js';
import { pairedDeltas } from '../../src/report/paired.js';
import { buildVerdict } from '../../src/report/verdict.js';
import { verdictHtml, verdictMarkdown, verdictTerminal } from '../../src/report/verdict-text.js';

/** A session row with what the verdict reads; `failAt` makes it a session that failed at that step. */
function row(label: string, seed: number, cost: number, failAt?: number): SessionRow {
  const key = { scenario: 's', seed, policy: label, policyLabel: label, paramsHash: '' };
  const failure = failAt === undefined ? undefined : { ...key, step: failAt, phase: 'after', error: 'policy threw: boom' };
  const metrics = { costTotal: cost, totalTokens: cost * 1000, breaksPer100Steps: 1, eventsPer100Steps: 2 } as Record<string, number>;
  return { run: { key, failure }, metrics } as unknown as SessionRow;
}

// the failing policy is by far the cheapest: priced up to its failure, it used to win
const ROWS = [
  ...[10, 20, 30].map((c, i) => row('base', i + 1, c)),
  ...[9, 19, 29].map((c, i) => row('ok', i + 1, c)),
  ...[0.1, 0.2, 0.3].map((c, i) => row('broken', i + 1, c, 2)),
];

describe('a failed session in the verdict', () => {
  it('a policy that failed every session is not ranked, has no cost, is not the cheapest, and the sentence says so first', () => {
    const v = buildVerdict(ROWS, aggregate(ROWS), 'base');
    const s = v.scenarios[0]!;
    expect(s.ranked.map((p) => p.policyLabel)).toEqual(['ok', 'base']);
    expect(s.cheapest).toBe('ok');
    expect(s.failed).toEqual([{ policy: 'broken', policyLabel: 'broken', failures: 3, sessions: 3, firstError: 'seed 1, after at step 2: policy threw: boom' }]);
    expect(s.sentence).toMatch(/^s: broken FAILED in all 3 sessions \(seed 1, after at step 2: policy threw: boom\): it is not ranked and has no cost\. Among the rest: The cheapest is ok/);
    expect(verdictTerminal(v)).toMatch(/FAILED \(not ranked, no cost\): broken failed in all 3 sessions of s/);
    const md = verdictMarkdown(v).join('\n');
    expect(md).toMatch(/^FAILED — not ranked, no cost: broken failed in all 3 sessions of s/m);
    expect(md).toContain('| — | broken (FAILED 3 of 3) | failed: not a result |');
    expect(verdictHtml(v)).toContain('<tr class="failed"><td>—</td><th scope="row">broken (FAILED 3 of 3)</th>');
  });

  it('one failed session of three is enough: the aggregate has no figures', () => {
    const rows = [...ROWS.slice(0, 6), row('broken', 1, 8), row('broken', 2, 8), row('broken', 3, 8, 5)];
    const aggs = aggregate(rows);
    const broken = aggs.find((a) => a.policyLabel === 'broken')!;
    expect(broken.failures).toBe(1);
    expect(broken.metrics.costTotal).toBeNull();
    const s = buildVerdict(rows, aggs, 'base').scenarios[0]!;
    expect(s.cheapest).toBe('ok');
    expect(s.failed[0]).toMatchObject({ failures: 1, sessions: 3, firstError: 'seed 3, after at step 5: policy threw: boom' });
    expect(s.sentence).toMatch(/broken FAILED in 1 of 3 sessions/);
  });

  it('a failed baseline pairs nothing: the others are ranked without a Δ, and no sentence compares them with it', () => {
    const rows = [...[1, 2, 3].map((c, i) => row('base', i + 1, c, 1)), ...ROWS.slice(3, 6)];
    const v = buildVerdict(rows, aggregate(rows), 'base');
    const s = v.scenarios[0]!;
    expect(s.ranked.map((p) => [p.policyLabel, p.delta])).toEqual([['ok', null]]);
    expect(s.sentence).toBe('s: base (the baseline) FAILED in all 3 sessions (seed 1, after at step 1: policy threw: boom): no policy is compared with the baseline, and no failed policy is ranked.');
    expect(v.unresolved).toEqual([]); // more seeds would not settle it: the failure line says what is wrong
  });

  it('paired deltas leave out the seeds where either side failed', () => {
    const rows = [...ROWS.slice(0, 3), row('cand', 1, 11), row('cand', 2, 0.5, 3), row('cand', 3, 31)];
    const d = pairedDeltas(rows, 'base', 'cand', ['costTotal'])[0]!;
    expect(d.seeds).toEqual([1, 3]);
    expect(d.delta!.mean).toBeCloseTo(1, 10);
  });
});

describe('a failed session in a gate', () => {
  const gate = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] });
  const deltas = (rows: SessionRow[]) => pairedDeltas(rows, 'base', 'broken');
  const failed = { failures: 3, sessions: 3, firstError: 'seed 1, after at step 2: policy threw: boom' };

  it('fails every check of a scenario where the candidate failed (it used to pass, 98.9% cheaper)', () => {
    const rows = [...ROWS.slice(0, 3), ...ROWS.slice(6)];
    expect(evaluateGate(gate, deltas(rows)).status).not.toBe('pass');
    const v = evaluateGate(gate, deltas(rows), new Map([['s', { candidate: failed }]]));
    expect(v).toMatchObject({ status: 'fail', exitCode: 2 });
    expect(v.checks[0]!.reason).toBe('the candidate FAILED in 3 of 3 sessions (seed 1, after at step 2: policy threw: boom): a failed session is not a result');
  });

  it('does not evaluate a scenario where only the baseline failed (exit 3), and never passes it', () => {
    const rows = [...[1, 2, 3].map((c, i) => row('base', i + 1, c, 1)), ...[1, 2, 3].map((c, i) => row('broken', i + 1, c))];
    const v = evaluateGate(gate, deltas(rows), new Map([['s', { baseline: failed }]]));
    expect(v).toMatchObject({ status: 'not-evaluated', exitCode: 3 });
    expect(v.checks[0]!.reason).toMatch(/^the baseline FAILED in 3 of 3 sessions/);
  });
});
