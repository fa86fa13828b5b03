// Worker thread entry for src/sim/parallel.ts. Plain JavaScript so Node can start it directly; it
// registers tsx (the CLI's TypeScript loader, which a worker does not inherit) and then runs the
// TypeScript worker loop.
import { register } from 'tsx/esm/api';

register();
const { workerMain } = await import('./parallel.ts');
await workerMain();
