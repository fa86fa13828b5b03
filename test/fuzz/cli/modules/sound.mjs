// A sound policy module: never compacts. The control case of the module surface.
export const id = 'fuzz-sound';
export function create(params) {
  return { id, params };
}
