// Host thread entry of the compiled package (dist/frameworks/bridge/host-main.js). Running from source
// (tsx, vitest), client.ts starts host-entry.mjs instead. Both register tsx's loader for the whole
// thread (it is the policy's own thread), so a user's TypeScript file and the framework packages it
// imports load once, as one module graph: an adapter that wires a framework's model to the harness
// (langchain/middleware.ts) patches the very copy of the framework the user's code runs.
import { workerData } from 'node:worker_threads';
import { register as registerCjs } from 'tsx/cjs/api';
import { register } from 'tsx/esm/api';
import { runHost, type HostInit } from './host.js';

// both loaders: a .ts file outside an ES module package is CommonJS to Node, and then goes through require
register();
registerCjs();
await runHost(workerData as HostInit);
