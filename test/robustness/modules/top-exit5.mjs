// Ends the process at its top level with code 5.
process.exit(5);
export const id = 'top-exit5';
export function create(params) { return { id, params, afterStep: () => undefined }; }
