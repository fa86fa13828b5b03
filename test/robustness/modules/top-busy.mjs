// A busy loop at the top level.
for (;;);
export const id = 'top-busy';
export function create(params) { return { id, params, afterStep: () => undefined }; }
