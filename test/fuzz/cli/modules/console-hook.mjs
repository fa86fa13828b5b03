// Writes to stdout from a hook: must not land in --json stdout.
export const id = 'fuzz-console-hook';
export function create(params) {
  return { id, params, afterStep: () => { console.log('hello from a hook'); return undefined; } };
}
