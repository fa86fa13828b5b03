#!/usr/bin/env node
// The installed command: runs the compiled CLI in dist/ (built by `npm run build`, which `npm ci`
// runs through `prepare` and `npm pack` through `prepack`). No TypeScript is compiled at start-up.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { tierUpFlag } from './tier-up.js';

// a later tier-up, before any other module loads (bin/tier-up.js says why and by how much); V8 flags are
// process-wide, so worker threads get it too
const tierUp = tierUpFlag(process.versions.v8);
if (tierUp) setFlagsFromString(tierUp);

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('compactbench: dist/ is missing; run `npm run build` (npm ci does it through `prepare`)\n');
  process.exit(1);
}
await import(main.href);
