// Vetoes with a Symbol, which cannot cross a thread.
export const id = 'symbol-veto';
export function create(params) { return { id, params, afterStep: () => ({ veto: Symbol('no') }) }; }
