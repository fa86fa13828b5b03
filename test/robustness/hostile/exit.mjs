// Hostile policy module: ends the process from a hook.
export const id = 'hostile-exit';
export function create(params) {
  return { id, params, afterStep: (_h, _u, ctx) => { if (ctx.step === 2) process.exit(7); return undefined; } };
}
