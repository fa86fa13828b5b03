// Host thread entry of the compiled package (dist/frameworks/bridge/host-main.js). Running from source
// (tsx, vitest), client.ts starts host-entry.mjs instead, which registers tsx first.
import { workerData } from 'node:worker_threads';
import { runHost, type HostInit } from './host.js';

await runHost(workerData as HostInit);
