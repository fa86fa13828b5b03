// Worker thread entry for src/sim/parallel.ts when it runs from source (under tsx or vitest): plain
// JavaScript so Node can start it directly; it registers tsx (which a worker does not inherit) and
// then runs the TypeScript worker loop. The compiled package uses dist/sim/worker-main.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
