/**
 * Writes the figures of the README's runway section from the reference report (reports/default) and the
 * runway sweep (reports/runway-sweep.csv, scripts/runway-sweep.ts), so they cannot drift from them:
 * `tsx scripts/readme-figures.ts` rewrites the blocks between the markers, `--check` exits 1 when the
 * README differs (test/report/readme-figures.test.ts runs the check). `npm run report` runs it after
 * regenerating both.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceBlock, runwayFigures, runwaySweepFigures, SWEEP_BEGIN, SWEEP_END } from './readme-figures-lib.js';

const README = 'README.md';
const readme = readFileSync(README, 'utf8');
const next = replaceBlock(replaceBlock(readme, runwayFigures('reports/default')), runwaySweepFigures('reports/runway-sweep.csv'), SWEEP_BEGIN, SWEEP_END);
if (process.argv.includes('--check')) {
  if (next !== readme) {
    process.stderr.write('README.md: the runway figures differ from reports/default and reports/runway-sweep.csv; run `tsx scripts/readme-figures.ts`\n');
    process.exit(1);
  }
  process.stdout.write('README.md: the runway figures match reports/default and reports/runway-sweep.csv\n');
} else {
  writeFileSync(README, next);
  process.stdout.write(next === readme ? 'README.md: runway figures already up to date\n' : 'README.md: runway figures rewritten\n');
}
