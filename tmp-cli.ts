import { Command } from 'commander';
import { register } from './src/cli/commands/calibrate.js';
const p = new Command('compactbench'); register(p);
await p.parseAsync(['node', 'x', ...process.argv.slice(2)]);
