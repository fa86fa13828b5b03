// Ends the process from a hook with a success code.
export const id = 'hook-exit0';
export function create(params) { return { id, params, afterStep: () => process.exit(0) }; }
