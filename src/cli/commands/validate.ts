/** `compactbench validate FILE...`: check scenario files against the schema; exit 2 on the first invalid one. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseScenario } from '../../workload/scenario.js';
import { UsageError } from '../errors.js';

export function validateScenarioFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`${file}: cannot read file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const s = parseScenario(json, file);
  return s.name;
}

export function register(program: Command): void {
  program
    .command('validate')
    .description('validate scenario files against the schema')
    .argument('<file...>', 'scenario JSON files')
    .action((files: string[]) => {
      for (const f of files) process.stdout.write(`${f}: valid scenario ${JSON.stringify(validateScenarioFile(f))}\n`);
    });
}
