/**
 * The default budget finds every broken fixture: for each policy under test/testing/broken/, a check at
 * the default number of runs (DEFAULT_RUNS; `fresh-instance` runs freshInstanceRuns of them) catches
 * its invariant for at least 9 of 10 seeds. Slow (about a hundred and thirty searches), hence *.long:
 * each search stops at the first failing case and does not shrink. Prints the runs each seed needed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/testing/policy-module.js';
import { DEFAULT_RUNS, freshInstanceProperty, freshInstanceRuns, invariantProperty } from '../../src/testing/property.js';

const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
const FIXTURES: [file: string, invariant: string][] = [
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

/** Runs the search needed to meet the first failing case, or null when the budget found none. */
async function runsToFind(file: string, invariant: string, seed: number): Promise<number | null> {
  const target = await loadTarget(`test/testing/broken/${file}.ts`);
  const d = invariant === 'fresh-instance'
    ? await fc.check(freshInstanceProperty(target), { seed, numRuns: freshInstanceRuns(DEFAULT_RUNS), endOnFailure: true })
    : fc.check(invariantProperty(target, invariant), { seed, numRuns: DEFAULT_RUNS, endOnFailure: true });
  return d.failed ? d.numRuns : null;
}

describe.each(FIXTURES)('broken policy %s', (file, invariant) => {
  it(`violates ${invariant} within the default budget for at least 9 of 10 seeds`, async () => {
    const found: (number | null)[] = [];
    for (const seed of SEEDS) found.push(await runsToFind(file, invariant, seed));
    console.info(`${file} (${invariant}): runs to find per seed 1-10: ${found.map((n) => n ?? '-').join(' ')}`);
    expect(found.filter((n) => n !== null).length).toBeGreaterThanOrEqual(9);
  }, 600_000);
});
