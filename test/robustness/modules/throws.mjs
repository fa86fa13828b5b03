// Fails every session: its first hook call throws.
export const id = 'always-throws';
export function create(params) {
  return { id, params, afterStep: () => { throw new Error('boom'); } };
}
