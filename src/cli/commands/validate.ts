/**
 * `compactbench validate FILE...`: check input files against their schemas before a long run. A
 * scenario, a scenario suite (`*.suite.json`) or a gate file (`limits`, JSON or YAML) is recognised by
 * its name and shape; the first invalid file exits 2 with every problem named.
 */
import { readFileSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../../core/input-file.js';
import type { Command } from 'commander';
import { parseDocument } from '../../core/input-text.js';
import { parseGate } from '../../report/gate.js';
import { loadSuite, parseScenario, parseSuite } from '../../workload/scenario.js';
import { checkScenarioProfiles } from '../run-plan.js';
import { UsageError } from '../errors.js';

function readDocument(file: string): unknown {
  let text: string;
  try {
    checkInputFile(file, 'file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(e instanceof InputFileError ? e.message : `${file}: cannot read file`);
  }
  try {
    return parseDocument(text, /\.ya?ml$/i.test(file));
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
}

/**
 * Validates one file as `run` would use it; returns a one-line description of what it is. A suite's
 * scenarios are loaded (relative to the suite) and every scenario's model profiles looked up, so a file
 * that passes here is not rejected by `run` or `compare` later.
 */
export function validateFile(file: string): string {
  const doc = readDocument(file);
  const obj = doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {};
  if (/\.suite\.json$/i.test(file)) {
    const suite = parseSuite(doc, file);
    const scenarios = loadSuite(file);
    scenarios.forEach(checkScenarioProfiles);
    return `valid suite ${JSON.stringify(suite.name)} (${scenarios.length} scenarios)`;
  }
  if ('limits' in obj) return `valid gate (${parseGate(doc, file).limits.length} limits)`;
  const s = parseScenario(doc, file);
  checkScenarioProfiles(s);
  return `valid scenario ${JSON.stringify(s.name)}`;
}

export function register(program: Command): void {
  program
    .command('validate')
    .description('validate scenario, suite (*.suite.json) and gate files against their schemas')
    .argument('<file...>', 'files to check')
    .action((files: string[]) => {
      for (const f of files) process.stdout.write(`${f}: ${validateFile(f)}\n`);
    });
}
