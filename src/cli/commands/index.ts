/** Every CLI command module, in the order `--help` lists them. */
import type { Command } from 'commander';
import { register as policies } from './policies.js';
import { register as run } from './run.js';
import { register as report } from './report.js';
import { register as sweep } from './sweep.js';
import { register as compare } from './compare.js';
import { register as merge } from './merge.js';
import { register as validate } from './validate.js';
import { register as trajectories } from './trajectories.js';
import { register as conform } from './conform.js';
import { register as check } from './check.js';
import { register as calibrate } from './calibrate.js';
import { register as importCmd } from './import.js';
import { register as validateCache } from './validate-cache.js';
import { register as prices } from './prices.js';
import { register as optimum } from './optimum.js';

export const COMMANDS: readonly ((program: Command) => void)[] = [run, report, sweep, compare, merge, policies, prices, validate, importCmd, validateCache, calibrate, conform, check, trajectories, optimum];
