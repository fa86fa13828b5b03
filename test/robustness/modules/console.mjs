// Writes to the console at its top level and from a hook.
console.log('TOP-LEVEL-LOG');
export const id = 'console-log';
export function create(params) { return { id, params, afterStep: () => { console.log('HOOK-LOG'); process.stdout.write('HOOK-WRITE\n'); return undefined; } }; }
