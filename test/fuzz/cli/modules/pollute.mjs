// Patches built-ins at module top level: must not change the other policies' rows.
Object.prototype.polluted = 1;
const map = Array.prototype.map;
Array.prototype.map = function (...a) { return map.apply(this, a); };
Math.random = () => 0.5;
export const id = 'fuzz-pollute';
export function create(params) {
  return { id, params };
}
