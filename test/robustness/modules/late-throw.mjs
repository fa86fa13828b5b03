// Throws from a timer and from a microtask after its hook returned.
export const id = 'late-throw';
export function create(params) {
  return { id, params, afterStep: (_h, _u, ctx) => {
    if (ctx.step === 1) { setTimeout(() => { throw new Error('late timer'); }, 0); queueMicrotask(() => { throw new Error('late microtask'); }); }
    return undefined;
  } };
}
