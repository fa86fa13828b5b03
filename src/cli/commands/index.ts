/** Every CLI command module, in the order `--help` lists them. */
import type { Command } from 'commander';
import { register as policies } from './policies.js';
import { register as run } from './run.js';
import { register as validate } from './validate.js';
import { register as trajectories } from './trajectories.js';

export const COMMANDS: readonly ((program: Command) => void)[] = [run, policies, validate, trajectories];
