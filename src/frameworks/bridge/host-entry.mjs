// Host thread entry for src/frameworks/bridge/client.ts when it runs from source (tsx, vitest): plain
// JavaScript so Node can start it directly; it registers tsx (which a worker does not inherit) and then
// runs the TypeScript host. The compiled package uses dist/frameworks/bridge/host-main.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./host-main.ts');
