/**
 * The contract between the cache model (bookkeeping, causes, dollars) and a provider's cache mechanics
 * (which prefix a request reads and what it writes).
 */
import type { Message } from '../core/messages.js';
import type { RequestPath } from './request-path.js';

export interface EngineStep {
  /** prompt tokens read from the cache */
  read: number;
  /** prompt tokens written to the cache (billed at the write price) */
  write: number;
  /** what the next request would read if it only appended to this one within the TTL */
  cacheable: number;
  /** the previous request's cacheable prefix had expired by this request's time */
  prevExpired: boolean;
}

export interface CacheEngine {
  /** the previous request's prefixes from message `k` on may leave it (called before `path` is patched for `step`) */
  dropFrom?(path: RequestPath, k: number): void;
  /** price the request now held in `path` (messages before `keptFrom` are unchanged since the last step) */
  step(path: RequestPath, request: readonly Message[], keptFrom: number, now: number): EngineStep;
  reset(): void;
}
