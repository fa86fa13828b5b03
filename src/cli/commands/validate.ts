/**
 * `compactbench validate FILE...`: check input files against their schemas before a long run. A
 * scenario, a scenario suite (`*.suite.json`) or a gate file (`limits`, JSON or YAML) is recognised by
 * its name and shape; the first invalid file exits 2 with every problem named.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { parseGate } from '../../report/gate.js';
import { parseScenario, parseSuite } from '../../workload/scenario.js';
import { UsageError } from '../errors.js';

function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`${file}: cannot read file`);
  }
  try {
    return /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'} (${(e as Error).message})`);
  }
}

/** Validates one file; returns a one-line description of what it is. */
export function validateFile(file: string): string {
  const doc = readDocument(file);
  const obj = doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {};
  if (/\.suite\.json$/i.test(file)) return `valid suite ${JSON.stringify(parseSuite(doc, file).name)}`;
  if ('limits' in obj) return `valid gate (${parseGate(doc, file).limits.length} limits)`;
  return `valid scenario ${JSON.stringify(parseScenario(doc, file).name)}`;
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
