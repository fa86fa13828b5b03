// Hostile policy module: never returns from a hook.
export const id = 'hostile-loop';
export function create(params) {
  return { id, params, afterStep: (_h, _u, ctx) => { if (ctx.step === 2) for (;;); return undefined; } };
}
