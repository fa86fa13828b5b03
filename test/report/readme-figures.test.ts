/**
 * The README's runway figures are those of the committed reference report and runway sweep: the generated
 * blocks equal what scripts/readme-figures.ts computes from reports/default and reports/runway-sweep.csv
 * today (whatever is committed there), and figures in them are checked against those files directly:
 * hermes' mean cost, in how many scenarios hermes-runway is identical to hermes-prune-first, and the
 * runway rule's counts in the sweep.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, replaceBlock, runwayFigures, runwaySweepFigures, SWEEP_BEGIN, SWEEP_END } from '../../scripts/readme-figures-lib.js';

const readme = readFileSync('README.md', 'utf8');
type Row = Record<string, string>;
const sessions = parse(readFileSync('reports/default/sessions.csv', 'utf8'), { columns: true }) as Row[];
const sweep = parse(readFileSync('reports/runway-sweep.csv', 'utf8'), { columns: true }) as Row[];
const block = readme.slice(readme.indexOf(BEGIN), readme.indexOf(END));
const sweepBlock = readme.slice(readme.indexOf(SWEEP_BEGIN), readme.indexOf(SWEEP_END));

describe('README runway figures', () => {
  it('match reports/default and reports/runway-sweep.csv (regenerate with `tsx scripts/readme-figures.ts`)', () => {
    const figures = runwayFigures('reports/default');
    expect(readme).toContain(figures);
    expect(replaceBlock(readme, figures)).toBe(readme);
    const sweepFigures = runwaySweepFigures('reports/runway-sweep.csv');
    expect(readme).toContain(sweepFigures);
    expect(replaceBlock(readme, sweepFigures, SWEEP_BEGIN, SWEEP_END)).toBe(readme);
  });

  it('quote hermes-runway at the runway fraction the reference report ran', () => {
    const manifest = JSON.parse(readFileSync('reports/default/manifest.json', 'utf8')) as { policies: { label: string }[] };
    expect(manifest.policies.map((p) => p.label)).toContain('hermes-runway');
    const section = readme.slice(readme.indexOf('## Answering the runway question'), readme.indexOf(END));
    expect(section).not.toMatch(/runwayFraction=0\.1\b(?!5)/);
    // a figure of the block, checked against sessions.csv directly: hermes' mean cost on the first scenario
    const first = sessions[0]!.scenario!;
    const hermes = sessions.filter((r) => r.scenario === first && r.policyLabel === 'hermes');
    const cost = hermes.reduce((s, r) => s + Number(r.costTotal), 0) / hermes.length;
    expect(block).toContain(`| ${first} | \`hermes\` |`);
    expect(block).toMatch(new RegExp(`\\| ${first} \\| \`hermes\` \\| [\\d.]+ \\| [\\d.]+ \\| ${cost.toFixed(2).replace('.', '\\.')} \\|`));
  });

  it('say in how many scenarios hermes-runway is identical to hermes-prune-first, as sessions.csv has it', () => {
    const scenarios = [...new Set(sessions.map((r) => r.scenario!))];
    const costs = (sc: string, label: string): string => sessions.filter((r) => r.scenario === sc && r.policyLabel === label).sort((a, b) => Number(a.seed) - Number(b.seed)).map((r) => `${r.costTotal}/${r.eventsPer100Steps}/${r.breaksPer100Steps}`).join('|');
    const same = scenarios.filter((sc) => costs(sc, 'hermes-runway') === costs(sc, 'hermes-prune-first'));
    expect(block).toContain(`is identical to \`hermes-prune-first\` on every seed in ${same.length} of ${scenarios.length} scenarios`);
    // the explanation may not claim the rule removes passes where the table shows it did not
    expect(block).not.toMatch(/accepts fewer of those passes/);
  });

  it('count the runway rule\'s turned-down prunes in the sweep as the sweep recorded them', () => {
    for (const sc of [...new Set(sweep.map((r) => r.scenario!))]) {
      const at = sweep.filter((r) => r.scenario === sc && r.policy === 'hermes-runway' && r.runwayFraction === '0.5');
      const changed = at.reduce((t, r) => t + Number(r.rule_runway_changed), 0);
      const evaluated = at.reduce((t, r) => t + Number(r.rule_runway_evaluated), 0);
      const row = sweepBlock.split('\n').find((l) => l.startsWith(`| ${sc} |`))!;
      expect(row.split(' | ').at(-1), sc).toMatch(new RegExp(`\\(${changed}/${evaluated}\\) \\|$`));
      if (changed > 0) expect(sweepBlock).toMatch(new RegExp(`${sc} from [\\d.]+`));
      else expect(sweepBlock).toMatch(new RegExp(`at no swept fraction in [^.]*${sc}`));
    }
  });
});
