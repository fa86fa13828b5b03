#!/usr/bin/env node
// The installed command: runs the compiled CLI in dist/ (built by `npm run build`, which `npm ci`
// runs through `prepare` and `npm pack` through `prepack`). No TypeScript is compiled at start-up.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// V8 optimizes a function once it has run through ~200 KB of its bytecode (3 ticks of a 66 KB interrupt
// budget on Node 20). A default report runs 28 policies' code once per workload, so most of their
// functions crossed that, were optimized, and many were optimized again as new object shapes arrived:
// the optimizing compiler took ~5 s of CPU on a ~14 s run, and that again in every worker thread. With a
// 1 MB budget (~3 MB of bytecode before optimizing) only the code that stays hot is optimized: ~60% less
// compiling, ~15% less CPU (docs/performance.md, "npm start"). V8 flags are process-wide, so worker
// threads get it too. Set before any other module loads; it changes no output.
setFlagsFromString('--interrupt-budget=1048576');

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('compactbench: dist/ is missing; run `npm run build` (npm ci does it through `prepare`)\n');
  process.exit(1);
}
await import(main.href);
