// Hostile policy module: allocates without bound, a little at a time (a leak). A single allocation of
// tens of MB across the worker's heap limit can abort the whole process instead: a limit of Node's
// worker resourceLimits, documented in docs/writing-a-policy.md.
export const id = 'hostile-alloc';
export function create(params) {
  return {
    id, params,
    afterStep: (_h, _u, ctx) => {
      if (ctx.step !== 2) return undefined;
      const hoard = [];
      for (;;) hoard.push(new Array(1 << 14).fill(ctx.step + 0.5));
    },
  };
}
