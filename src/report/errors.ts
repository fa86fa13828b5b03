/**
 * Errors from bad report inputs (a gate file, shard directories). The CLI reports them by class name
 * without a stack trace; `compare` and `merge` map them to exit code 1 (tool error) because their 2
 * means "the gate failed".
 */
export class InputError extends Error {
  override name = 'InputError';
}
