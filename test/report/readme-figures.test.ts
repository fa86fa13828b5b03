/**
 * The README's runway figures are those of the committed reference report: the generated block equals
 * what scripts/readme-figures.ts computes from reports/default today (whatever is committed there), and
 * every figure in it is a real number of that report.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, replaceBlock, runwayFigures } from '../../scripts/readme-figures-lib.js';

const readme = readFileSync('README.md', 'utf8');

describe('README runway figures', () => {
  it('match reports/default (regenerate with `tsx scripts/readme-figures.ts`)', () => {
    const block = runwayFigures('reports/default');
    expect(readme).toContain(block);
    expect(replaceBlock(readme, block)).toBe(readme);
  });

  it('quote hermes-runway at the runway fraction the reference report ran', () => {
    const manifest = JSON.parse(readFileSync('reports/default/manifest.json', 'utf8')) as { policies: { label: string }[] };
    expect(manifest.policies.map((p) => p.label)).toContain('hermes-runway');
    const section = readme.slice(readme.indexOf('## Answering the runway question'), readme.indexOf(END));
    expect(section).not.toMatch(/runwayFraction=0\.1\b(?!5)/);
    // a figure of the block, checked against sessions.csv directly: hermes' mean cost on the first scenario
    const rows = parse(readFileSync('reports/default/sessions.csv', 'utf8'), { columns: true }) as Record<string, string>[];
    const first = rows[0]!.scenario!;
    const hermes = rows.filter((r) => r.scenario === first && r.policyLabel === 'hermes');
    const cost = hermes.reduce((s, r) => s + Number(r.costTotal), 0) / hermes.length;
    const block = readme.slice(readme.indexOf(BEGIN), readme.indexOf(END));
    expect(block).toContain(`| ${first} | \`hermes\` |`);
    expect(block).toMatch(new RegExp(`\\| ${first} \\| \`hermes\` \\| [\\d.]+ \\| [\\d.]+ \\| ${cost.toFixed(2).replace('.', '\\.')} \\|`));
  });
});
