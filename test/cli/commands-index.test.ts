/**
 * The lazy command table (src/cli/commands/index.ts): the top-level help lists each command from the
 * table without importing its module, so the table's descriptions must be the modules' own.
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, registerCommands } from '../../src/cli/commands/index.js';

describe('command table', () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))('%s: the table matches the module', async (name, entry) => {
    const program = new Command('compactbench');
    (await entry.load()).register(program);
    const cmd = program.commands.find((c) => c.name() === name);
    expect(cmd, `module for ${name} registers a command named ${name}`).toBeDefined();
    expect(cmd!.description()).toBe(entry.description);
  });

  it('registers the named command in full and the others as stubs, in table order', async () => {
    const program = new Command('compactbench');
    await registerCommands(program, ['policies', '--json']);
    expect(program.commands.map((c) => c.name())).toEqual(COMMANDS.map((c) => c.name));
    const policies = program.commands.find((c) => c.name() === 'policies')!;
    expect(policies.options.map((o) => o.long)).toContain('--json');
    const run = program.commands.find((c) => c.name() === 'run')!;
    expect(run.options).toHaveLength(0);
  });

  it('`help <name>` registers that command in full', async () => {
    const program = new Command('compactbench');
    await registerCommands(program, ['help', 'run']);
    expect(program.commands.find((c) => c.name() === 'run')!.options.map((o) => o.long)).toContain('--workers');
  });
});
