/**
 * Where the tests find the shared research data (traces, conformance cases, reference notes): the
 * `CB_SHARED_DIR` environment variable, else `../shared` beside the checkout, else `../../shared` (a
 * git worktree one level deeper). A test that needs it and does not find it is skipped locally with a
 * warning, and fails in CI (`CI=true`): a suite that silently does nothing proves nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const CANDIDATES = [process.env.CB_SHARED_DIR, path.resolve(process.cwd(), '../shared'), path.resolve(process.cwd(), '../../shared')];

export const SHARED_DIR: string = CANDIDATES.find((d): d is string => !!d && existsSync(d)) ?? path.resolve(process.cwd(), '../shared');

export const IN_CI = process.env.CI === 'true';

/** `sub` inside the shared data; true when present. Missing: a warning locally, a thrown error in CI. */
export function requireShared(sub: string, test: string): boolean {
  const p = path.join(SHARED_DIR, sub);
  if (existsSync(p)) return true;
  const msg = `${test}: needs ${p} (set CB_SHARED_DIR to the shared data directory)`;
  if (IN_CI) throw new Error(`${msg}; in CI a missing input is a failure, not a skip`);
  console.warn(`SKIPPED ${msg}`);
  return false;
}
