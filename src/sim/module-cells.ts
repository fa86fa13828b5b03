/**
 * Which thread runs which cell when the plan has policy modules (parallel.ts): the registered policies'
 * cells run as usual, on threads that never load a module, and each module's cells run on isolated
 * workers of their own, one cell per task, so a module's top level (a patched `Array.prototype`, a
 * polluted `Object.prototype`) reaches only its own cells, and its failure costs exactly its own cells.
 */
import type { CellRunOptions } from './parallel.js';
import { moduleOf } from './module-policies.js';
import type { SessionRun } from './records.js';
import type { Cell } from './run.js';

export interface GroupRunners {
  /** registered policies' cells, without isolation; runs in `group` order */
  plain: (group: number[], opts: CellRunOptions) => Promise<SessionRun[]>;
  /** one module's cells on isolated workers, by cell */
  isolated: (group: number[], opts: CellRunOptions) => Promise<Map<number, SessionRun>>;
}

/** Runs `indices` grouped by module (groups in first-seen order); returns the runs in `indices` order. */
export async function runByModule(cells: readonly Cell[], indices: readonly number[], opts: CellRunOptions, run: GroupRunners): Promise<SessionRun[]> {
  const groups = new Map<string, number[]>();
  for (const i of indices) {
    const file = moduleOf(cells[i]!.policy.def)?.file ?? '';
    const g = groups.get(file);
    if (g) g.push(i);
    else groups.set(file, [i]);
  }
  const results = new Map<number, SessionRun>();
  let before = 0;
  for (const [file, group] of groups) {
    const base = before;
    before += group.length;
    const { isolate: _iso, ...plain } = opts;
    const sub: CellRunOptions = { ...plain, onProgress: (done) => opts.onProgress?.(base + done, indices.length) };
    if (file) for (const [c, r] of await run.isolated(group, sub)) results.set(c, r);
    else (await run.plain(group, sub)).forEach((r, k) => results.set(group[k]!, r));
  }
  return indices.map((i) => results.get(i)!);
}
