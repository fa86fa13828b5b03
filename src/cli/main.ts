/**
 * The compactbench command line. Each command lives in its own module under commands/ and
 * registers itself on the program; only the module of the command being run is imported. Bad
 * input exits 2 with a message naming what is wrong; a tool error exits 1.
 */
// first: it starts the window in which the cores other processes keep busy are measured (sim/cpu-busy.ts)
import '../sim/cpu-busy.js';
import { Command, CommanderError } from 'commander';
import { TOOL_VERSION } from '../version.js';
import { internalErrorText, UsageError } from './errors.js';
import { registerCommands } from './commands/index.js';

// `compactbench policies | head`: a closed pipe is the reader saying it has enough, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const program = new Command('compactbench')
  .version(TOOL_VERSION)
  .description('Replay agent conversations through context-management policies; report compaction cadence, cache breaks and cost.')
  .showHelpAfterError()
  .exitOverride();

await registerCommands(program, process.argv.slice(2));

/**
 * Commands whose exit code 2 means a verdict (a gate failed, a counterexample was found): for them bad
 * input is a tool error (1), so CI can tell "the candidate regressed" from "the job is misconfigured".
 */
const VERDICT_COMMANDS = new Set(['compare', 'check', 'merge']);
const badInputCode = VERDICT_COMMANDS.has(process.argv[2] ?? '') ? 1 : 2;

/** Input errors from other modules (scenario files, importers, output checks) carry these class names. */
const INPUT_ERROR = /^(ParamError|ScenarioError|ImportError|TraceError|GateError|InputError|PolicyLoadError|DocumentError|WorkloadLimitError|OutputError)$/;

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    // help and version exit 0; commander already printed usage errors
    process.exitCode = e.exitCode === 0 ? 0 : badInputCode;
  } else if (e instanceof UsageError || (e instanceof Error && e.name === 'ParamError') || isNamedInputError(e)) {
    process.stderr.write(`compactbench: error: ${(e as Error).message}\n`);
    process.exitCode = badInputCode;
  } else {
    process.stderr.write(internalErrorText(e));
    process.exitCode = 1;
  }
}

function isNamedInputError(e: unknown): boolean {
  return e instanceof Error && (INPUT_ERROR.test(e.constructor.name) || INPUT_ERROR.test(e.name));
}
