// A top-level interval that would keep a process alive forever; the policy itself is fine.
setInterval(() => {}, 1000);
export const id = 'top-interval';
export function create(params) { return { id, params, afterStep: () => undefined }; }
