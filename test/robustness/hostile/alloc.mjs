// Hostile policy module: allocates without bound.
export const id = 'hostile-alloc';
export function create(params) {
  return {
    id, params,
    afterStep: (_h, _u, ctx) => {
      if (ctx.step !== 2) return undefined;
      const hoard = [];
      for (;;) hoard.push(new Array(1 << 22).fill(ctx.step + 0.5));
    },
  };
}
