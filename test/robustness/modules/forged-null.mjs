// Posts a forged message on the harness's port from a hook.
import { parentPort } from 'node:worker_threads';
export const id = 'forged-null';
export function create(params) { return { id, params, afterStep: () => { parentPort?.postMessage(null); return undefined; } }; }
