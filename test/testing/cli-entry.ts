/**
 * A test-only entry for `compactbench check` until the lead wires the command into
 * src/cli/commands/index.ts: a commander program with just this command.
 */
import { Command, CommanderError } from 'commander';
import { register } from '../../src/cli/commands/check.js';

const program = new Command('compactbench').exitOverride();
register(program);
try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (!(e instanceof CommanderError)) process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = e instanceof CommanderError ? e.exitCode : 1;
}
