/**
 * Policies that behaved identically: in one scenario, the same cost (or tokens), the same compaction
 * events and the same cache breaks on every seed. Such policies are one answer, not a winner and a
 * runner-up, so the verdict groups them and says so (hermes-runway at its default fraction never turned a
 * prune down, and then is hermes-prune-first); across scenarios it counts where each pair was identical.
 */
import type { SessionRow } from '../metrics/aggregate.js';
import type { MetricKey } from '../metrics/catalogue.js';

/** What two sessions must share to count as the same behaviour. */
const SAME: readonly MetricKey[] = ['compactionEvents', 'cacheBreaks', 'auxCalls', 'promptTokens', 'costTotal'];

function fingerprint(rows: readonly SessionRow[], label: string, metric: MetricKey): string | null {
  const mine = rows.filter((r) => r.run.key.policyLabel === label).sort((a, b) => a.run.key.seed - b.run.key.seed);
  if (!mine.length || mine.some((r) => r.run.failure)) return null;
  return mine.map((r) => `${r.run.key.seed}:${[metric, ...SAME].map((k) => String(r.metrics[k])).join('/')}`).join('|');
}

/**
 * Groups of two or more labels (in the given order) that are identical on every seed of one scenario's
 * rows; failed sessions are never identical to anything.
 */
export function identicalGroups(rows: readonly SessionRow[], labels: readonly string[], metric: MetricKey): string[][] {
  const byPrint = new Map<string, string[]>();
  for (const l of labels) {
    const f = fingerprint(rows, l, metric);
    if (f === null) continue;
    const g = byPrint.get(f);
    if (g) g.push(l);
    else byPrint.set(f, [l]);
  }
  return [...byPrint.values()].filter((g) => g.length > 1);
}

export interface IdenticalPair {
  a: string;
  b: string;
  /** the scenarios in which the two were identical on every seed */
  scenarios: string[];
  /** the scenarios both ran in */
  of: number;
}

/**
 * Policies identical to each other in the same scenarios, as groups: the pairs that share a set of
 * scenarios joined through their common members (identity is transitive, so every two members of a
 * group were identical in those scenarios). Most scenarios first.
 */
export interface IdenticalGroup {
  labels: string[];
  scenarios: string[];
  of: number;
}

export function identicalSets(pairs: readonly IdenticalPair[]): IdenticalGroup[] {
  const groups: IdenticalGroup[] = [];
  for (const p of pairs) {
    const key = p.scenarios.join('\u0000');
    const hit = groups.filter((g) => g.scenarios.join('\u0000') === key && (g.labels.includes(p.a) || g.labels.includes(p.b)));
    if (!hit.length) {
      groups.push({ labels: [p.a, p.b], scenarios: [...p.scenarios], of: p.of });
      continue;
    }
    const [into, ...rest] = hit;
    for (const l of [p.a, p.b, ...rest.flatMap((g) => g.labels)]) if (!into!.labels.includes(l)) into!.labels.push(l);
    for (const g of rest) groups.splice(groups.indexOf(g), 1);
  }
  return groups;
}

/** Every pair identical in at least one scenario, most scenarios first (then in the labels' order). */
export function identicalPairs(perScenario: readonly { scenario: string; labels: readonly string[]; groups: readonly string[][] }[]): IdenticalPair[] {
  const pairs = new Map<string, IdenticalPair>();
  const order = new Map<string, number>();
  for (const s of perScenario) for (const l of s.labels) if (!order.has(l)) order.set(l, order.size);
  for (const s of perScenario) {
    for (const g of s.groups) {
      for (let i = 0; i < g.length; i++) {
        for (let j = i + 1; j < g.length; j++) {
          const [a, b] = [g[i]!, g[j]!].sort((x, y) => order.get(x)! - order.get(y)!) as [string, string];
          const key = `${a}\u0000${b}`;
          let p = pairs.get(key);
          if (!p) pairs.set(key, (p = { a, b, scenarios: [], of: perScenario.filter((x) => x.labels.includes(a) && x.labels.includes(b)).length }));
          p.scenarios.push(s.scenario);
        }
      }
    }
  }
  return [...pairs.values()].sort((x, y) => y.scenarios.length - x.scenarios.length || order.get(x.a)! - order.get(y.a)! || order.get(x.b)! - order.get(y.b)!);
}
