/**
 * Work a caller wants done on the thread that simulated each session, named by module so a worker thread
 * can load it too. The report uses it for its per-run digest (report/run-digest.ts: session metrics, its
 * part of a chart, CSV rows), so that work runs in parallel with the simulation instead of after it.
 * Why a module and not a function: a function cannot cross to a worker thread; and sim/ then runs the
 * digest without importing the layer that defines it (numbers come from records; renderers depend on
 * sim/, never the reverse).
 */
import type { SessionRun } from './records.js';

export interface RunDigester {
  /** URL of a module that exports `digestRun(run, options)` and `keepDigest(run, digest)` */
  module: string;
  /** structured-cloneable options passed to its digestRun */
  options: unknown;
}

/** The two functions a digester module exports. */
export interface LoadedDigester {
  /** computes the digest of a run, on the thread that ran it (the result must be structured-cloneable) */
  digest(run: SessionRun): unknown;
  /** keeps a digest (made here or on a worker) with its run, for the caller to use */
  keep(run: SessionRun, digest: unknown): void;
}

interface DigesterModule {
  digestRun(run: SessionRun, options: unknown): unknown;
  keepDigest(run: SessionRun, digest: unknown): void;
}

const loaded = new Map<string, Promise<DigesterModule>>();

/** Loads (once per module and thread) the digester `d` names. */
export async function loadDigester(d: RunDigester): Promise<LoadedDigester> {
  let mod = loaded.get(d.module);
  if (!mod) {
    mod = import(d.module) as Promise<DigesterModule>;
    loaded.set(d.module, mod);
  }
  const m = await mod;
  if (typeof m.digestRun !== 'function' || typeof m.keepDigest !== 'function') {
    throw new Error(`${d.module} is not a run digester (it must export digestRun and keepDigest)`);
  }
  return { digest: (run) => m.digestRun(run, d.options), keep: (run, x) => m.keepDigest(run, x) };
}
