// Worker thread entry of the compiled package (dist/sim/worker-main.js): plain JavaScript after the
// build, so a worker loads compiled modules and compiles nothing. Running from source (tsx, vitest),
// parallel.ts starts worker-entry.mjs instead, which registers tsx first.
import { workerMain } from './worker-loop.js';

await workerMain();
