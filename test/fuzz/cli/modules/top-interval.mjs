// A top-level interval keeps the process alive after its outputs are written.
setInterval(() => {}, 1000);
export const id = 'fuzz-top-interval';
export function create(params) {
  return { id, params };
}
