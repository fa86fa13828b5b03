// Returns a value that cannot cross a thread.
export const id = 'fuzz-symbol-veto';
export function create(params) {
  return { id, params, afterStep: () => ({ veto: Symbol('no') }), telemetry: () => Symbol('t') };
}
