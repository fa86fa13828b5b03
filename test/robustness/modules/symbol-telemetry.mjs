// Telemetry that cannot cross a thread: a Symbol and a function.
export const id = 'symbol-telemetry';
export function create(params) { return { id, params, afterStep: () => undefined, telemetry: () => ({ s: Symbol('t'), f() {} }) }; }
