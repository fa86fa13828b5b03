// Host thread entry for src/frameworks/bridge/client.ts when it runs from source (tsx, vitest): plain
// JavaScript so Node can start it directly; host-main.ts registers tsx for the thread, and this file
// must do so first to load host-main.ts itself. The compiled package starts dist/frameworks/bridge/host-main.js.
import { register } from 'tsx/esm/api';

register();
await import('./host-main.ts');
