#!/usr/bin/env node
// The installed command: runs the compiled CLI in dist/ (built by `npm run build`, which `npm ci`
// runs through `prepare` and `npm pack` through `prepack`). No TypeScript is compiled at start-up.
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('compactbench: dist/ is missing; run `npm run build` (npm ci does it through `prepare`)\n');
  process.exit(1);
}
await import(main.href);
