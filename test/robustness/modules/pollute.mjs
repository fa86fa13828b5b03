// Patches the built-ins every policy relies on at its top level.
const map = Array.prototype.map;
Array.prototype.map = function (f, t) { return map.call(this, f, t).reverse(); };
Math.max = () => 0;
Math.min = () => 0;
Math.round = () => 7;
JSON.stringify = () => '"polluted"';
Object.prototype.polluted = 'yes';
Object.defineProperty(Object.prototype, 'kind', { get() { return 'polluted'; }, configurable: true });
export const id = 'pollute';
export function create(params) { return { id, params, afterStep: () => undefined }; }
