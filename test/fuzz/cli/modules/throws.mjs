// Throws in every session: a failing policy that must never be ranked or pass a gate.
export const id = 'fuzz-throws';
export function create(params) {
  return { id, params, afterStep: () => { throw new Error('fuzz: always fails'); } };
}
