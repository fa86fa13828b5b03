// Hostile policy module: leaves a rejected promise behind.
export const id = 'hostile-reject';
export function create(params) {
  return { id, params, afterStep: (_h, _u, ctx) => { if (ctx.step === 2) Promise.reject(new Error('async boom')); return undefined; } };
}
