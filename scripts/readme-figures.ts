/**
 * Writes the figures of the README's runway section from the reference report (reports/default), so
 * they cannot drift from it: `tsx scripts/readme-figures.ts` rewrites the block between the markers,
 * `--check` exits 1 when the README differs (test/report/readme-figures.test.ts runs the check).
 * `npm run report` runs it after regenerating the reference report.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runwayFigures, replaceBlock } from './readme-figures-lib.js';

const README = 'README.md';
const readme = readFileSync(README, 'utf8');
const next = replaceBlock(readme, runwayFigures('reports/default'));
if (process.argv.includes('--check')) {
  if (next !== readme) {
    process.stderr.write('README.md: the runway figures differ from reports/default; run `tsx scripts/readme-figures.ts`\n');
    process.exit(1);
  }
  process.stdout.write('README.md: the runway figures match reports/default\n');
} else {
  writeFileSync(README, next);
  process.stdout.write(next === readme ? 'README.md: runway figures already up to date\n' : 'README.md: runway figures rewritten from reports/default\n');
}
