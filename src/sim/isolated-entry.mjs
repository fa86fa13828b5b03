// Entry of the one-off isolated workers (isolated-worker.ts) when running from source (tsx, vitest):
// registers tsx, which a worker does not inherit, then runs the TypeScript. The compiled package starts
// dist/sim/isolated-main.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./isolated-main.ts');
