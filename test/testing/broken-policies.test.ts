/**
 * The kit finds real bugs: each deliberately broken policy under test/testing/broken/ is reported
 * with the invariant it breaks and a counterexample shrunk to a handful of messages, which the
 * printed reproduction (seed and path, or the case itself) replays. Its correct twin (under
 * test/testing/correct/) holds every invariant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseTranscript } from '../../src/testing/drive.js';
import { loadTarget } from '../../src/testing/policy-module.js';
import {
  checkCaseAsync, checkPolicy, checkTarget, freshInstanceProperty, invariantProperty, InvariantFailure,
} from '../../src/testing/property.js';
import { formatReport } from '../../src/testing/repro.js';

const RUNS = 50;
const BROKEN: [file: string, invariant: string][] = [
  ['split-pair', 'no-orphan-result'],
  ['drop-last-user', 'last-user-kept'],
  ['mutate-input', 'input-not-mutated'],
  ['break-alternation', 'strict-alternation'],
  ['summary-between-pair', 'openai-message-order'],
  ['edit-in-place', 'input-not-mutated'],
  ['random-prune', 'deterministic'],
  ['slice-truncate', 'well-formed-text'],
  ['strip-thinking-mid-loop', 'thinking-kept'],
  ['edit-image-detail', 'input-not-mutated'],
  ['wall-clock-summary', 'deterministic'],
  ['cached-window', 'overflow-flagged'],
  ['module-window', 'fresh-instance'],
];

describe.each(BROKEN)('broken policy %s', (file, invariant) => {
  it(`is reported as violating ${invariant}, shrunk to a handful of messages, and replays`, async () => {
    const target = await loadTarget(`test/testing/broken/${file}.ts`);
    const report = await checkTarget(target, { runs: RUNS, invariants: [invariant] });
    expect(report.ok).toBe(false);
    const r = report.results.find((x) => x.name === invariant)!;
    expect(r.ok).toBe(false);
    const cx = r.counterexample!;
    expect(cx.finding.invariant).toBe(invariant);
    expect(caseTranscript(cx.case).length).toBeLessThanOrEqual(12);
    expect(cx.path).not.toBeNull();
    // the shrunk case alone reproduces it ...
    expect((await checkCaseAsync(target, cx.case, { invariants: [invariant] })).map((f) => f.invariant)).toEqual([invariant]);
    // ... and so do fast-check's seed and path (the finding is the failure's cause)
    let thrown: unknown;
    try {
      if (invariant === 'fresh-instance') await fc.assert(freshInstanceProperty(target), { seed: cx.seed, path: cx.path!, endOnFailure: true });
      else fc.assert(invariantProperty(target, invariant), { seed: cx.seed, path: cx.path!, endOnFailure: true });
    } catch (e) {
      thrown = e;
    }
    expect((thrown as Error & { cause?: InvariantFailure }).cause).toBeInstanceOf(InvariantFailure);
    expect((thrown as Error & { cause: InvariantFailure }).cause.finding.invariant).toBe(invariant);
  }, 60_000);
});

const TWINS: [file: string, twinOf: string][] = [
  ['slice-truncate', 'slice-truncate'],
  ['strip-thinking', 'strip-thinking-mid-loop'],
  ['image-detail', 'edit-image-detail'],
  ['summary-stamp', 'wall-clock-summary'],
  ['summary-window', 'cached-window and module-window'],
];

describe.each(TWINS)('correct policy %s', (file, twinOf) => {
  it(`(the twin of ${twinOf}) holds every invariant`, async () => {
    const target = await loadTarget(`test/testing/correct/${file}.ts`);
    const report = await checkTarget(target, { runs: RUNS });
    const failed = report.results.filter((r) => !r.ok);
    expect(failed.map((r) => `${r.name}: ${r.counterexample?.finding.message}`), formatReport(report, { policyRef: file })).toEqual([]);
    expect(report.results.map((r) => r.name)).toContain('fresh-instance');
  }, 120_000);
});

describe('documented upstream properties', () => {
  it('are still checked and printed, marked as documented, and do not fail the report', async () => {
    const target = await loadTarget('test/testing/broken/split-pair.ts');
    const def = { ...target.def, upstreamProperties: { 'no-orphan-result': 'the modelled agent removes orphans later (source)' } };
    const report = checkPolicy({ def }, { runs: RUNS, invariants: ['no-orphan-result', 'unique-call-ids'] });
    expect(report.ok).toBe(true);
    expect(report.results[0]).toMatchObject({ ok: false, documented: 'the modelled agent removes orphans later (source)' });
    const text = formatReport(report, { policyRef: 'split-pair' });
    expect(text).toContain('! no-orphan-result');
    expect(text).toContain('a documented property of the upstream system: the modelled agent removes orphans later (source)');
    expect(text).toContain('all 2 invariants hold (1 more violated as documented upstream properties)');
  }, 60_000);
});
