/**
 * The CLI as main.ts builds it, plus this area's commands (report, sweep, compare, merge) in case they
 * are not registered in src/cli/commands/index.ts yet. Tests spawn this file through tsx.
 */
import { COMMANDS } from '../../src/cli/commands/index.js';
import { register as compare } from '../../src/cli/commands/compare.js';
import { register as merge } from '../../src/cli/commands/merge.js';
import { register as report } from '../../src/cli/commands/report.js';
import { register as sweep } from '../../src/cli/commands/sweep.js';

const list = COMMANDS as ((...a: never[]) => void)[];
for (const r of [report, sweep, compare, merge]) if (!list.includes(r)) list.push(r);
await import('../../src/cli/main.js');
