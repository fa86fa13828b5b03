// Blocks its thread at the top level.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
export const id = 'top-atomics';
export function create(params) { return { id, params, afterStep: () => undefined }; }
