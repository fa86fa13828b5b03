// Ends the process with code 5 at module top level.
process.exit(5);
export const id = 'fuzz-top-exit5';
export function create(params) {
  return { id, params };
}
