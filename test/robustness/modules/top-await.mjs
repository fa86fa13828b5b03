// A top-level await that never settles.
await new Promise(() => {});
export const id = 'top-await';
export function create(params) { return { id, params, afterStep: () => undefined }; }
