/**
 * The framework report's plan (scripts/framework-report-plan.ts): which entry runs on which Node, with
 * which spec, and the reason it says when one does not.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aiSdkPrepareStepPolicy, aiSdkPrunePolicy, langchainTrimPolicy } from '../../src/frameworks/definitions.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { costTable, planCells, ranWhereTable, specOf, verdictOverview } from '../../scripts/framework-report-plan.js';
import { installOn } from '../../src/frameworks/requirements.js';

/** an entry whose packages need Node 22, as the report sees it (a stand-in definition with its id) */
const cline: PolicyDefinition = { ...aiSdkPrunePolicy, id: 'cline-sdk' };
const unknown: PolicyDefinition = { ...aiSdkPrunePolicy, id: 'not-in-requirements' };
const allInstalled = (): undefined => undefined;

describe('framework report plan', () => {
  it('runs an entry from the folder of each Node major, with packageDir or its user file', () => {
    const cells = planCells([aiSdkPrunePolicy, aiSdkPrepareStepPolicy], [20, 22], allInstalled);
    expect(cells.map((c) => (c.ran ? `${c.node} ${c.spec}` : `${c.node} -`))).toEqual([
      '20 ai-sdk-prune:packageDir=oracles/frameworks',
      '22 ai-sdk-prune:packageDir=oracles/frameworks-node22',
      '20 ai-sdk-prepare-step:module=oracles/frameworks/fixtures/prepare-step.ts',
      '22 ai-sdk-prepare-step:module=oracles/frameworks-node22/fixtures/prepare-step.ts,semantics=ai7',
    ]);
    expect(specOf(langchainTrimPolicy, installOn('langchain-trim', 20)!)).toBe('langchain-trim:packageDir=oracles/frameworks');
  });

  it('says why an entry did not run: the Node range, a package not installed, a Node not to be had', () => {
    const cells = planCells([cline, langchainTrimPolicy], [20, 22],
      (i) => (i.dir === 'oracles/frameworks-node22' ? 'langchain is not installed in `oracles/frameworks-node22`' : undefined));
    const why = cells.map((c) => (c.ran ? 'ran' : c.why));
    expect(why).toEqual([
      'its packages need Node >=22 (@cline/core@0.0.86)',
      'langchain is not installed in `oracles/frameworks-node22`',
      'ran',
      'langchain is not installed in `oracles/frameworks-node22`',
    ]);
    const offline = planCells([langchainTrimPolicy], [20, 22], allInstalled, (n) => (n === 22 ? 'Node 22.23.3 could not be fetched' : undefined));
    expect(offline.map((c) => c.ran || c.why)).toEqual([true, 'Node 22.23.3 could not be fetched']);
  });

  it('refuses a registered entry with no requirement', () => {
    expect(() => planCells([unknown], [20], allInstalled)).toThrow(/not-in-requirements has no requirement/);
  });

  it('renders the ran-where table with the packages and the failed sessions', () => {
    const cells = planCells([cline, aiSdkPrunePolicy], [20, 22], allInstalled);
    const table = ranWhereTable(cells, [20, 22], (n) => `Node ${n}`, (node, id) => ({ total: 14, failed: node === 22 && id === 'ai-sdk-prune' ? 2 : 0 }));
    expect(table.split('\n')).toEqual([
      '| entry | Node 20 | Node 22 |',
      '|---|---|---|',
      '| `cline-sdk` | not run: its packages need Node >=22 (@cline/core@0.0.86) | ran: @cline/core@0.0.86, as `cline-sdk:packageDir=oracles/frameworks-node22`, 14 sessions |',
      '| `ai-sdk-prune` | ran: ai@6.0.326, as `ai-sdk-prune:packageDir=oracles/frameworks`, 14 sessions | ran: ai@7.0.173, as `ai-sdk-prune:packageDir=oracles/frameworks-node22`, **2 of 14 sessions failed** |',
      "| `none`, `hermes` (baselines) | ran: compactbench's own, 14 sessions each | ran: compactbench's own, 14 sessions each |",
    ]);
  });

  it("takes a run's verdict overview, and tabulates cost per scenario with failures apart", () => {
    expect(verdictOverview('# s\n\n## Verdict\n\n**Across 2**\n\n- a\n\n### one\n\nmore')).toBe('**Across 2**\n\n- a');
    const row = (policyLabel: string, seed: string, costTotal: string, failed = '0'): Record<string, string> =>
      ({ scenario: 'small-32k', seed, policyLabel, costTotal, breaksPer100Steps: '2', failed });
    const table = costTable(new Map([[20, [row('none', '1', '1'), row('none', '2', '2'), row('x', '1', '5'), row('x', '2', '', '1')]]]), () => 'Node 20');
    expect(table.split('\n').slice(2)).toEqual(['| `none` | Node 20 | 1.500 (2.0) |', '| `x` | Node 20 | 5.000 (2.0), 1 failed |']);
  });

  it('the committed report stays small: summaries and session tables only, well under 1 MB', () => {
    const files = readdirSync('reports/frameworks', { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    expect(files.map((f) => f.replace(/^reports\/frameworks\//, '').replace(/node\d+\//, 'nodeN/')).filter((f) => !['summary.md', 'nodeN/summary.md', 'nodeN/sessions.csv'].includes(f))).toEqual([]);
    expect(files.reduce((n, f) => n + statSync(f).size, 0)).toBeLessThan(1_000_000);
  });
});
