/** The verdict's retention reading written out: a table cell per policy and a sentence per scenario. */
import { fixed } from './format.js';
import type { RankedPolicy, ScenarioVerdict } from './verdict.js';

/** Retention as a percentage with its interval over seeds, marked when below the floor or on the Pareto set. */
export function retentionCell(v: ScenarioVerdict, p: RankedPolicy): string {
  const e = p.retention;
  if (!e) return '—';
  const pc = (x: number): string => fixed(100 * x, 1);
  const iv = Number.isFinite(e.lo) && pc(e.lo) !== pc(e.hi) ? ` [${pc(e.lo)}, ${pc(e.hi)}]` : '';
  const r = v.byRetention!;
  const marks = [r.pareto.includes(p.policyLabel) ? 'Pareto' : '', e.mean < r.minRetention ? 'below floor' : ''].filter(Boolean);
  return `${pc(e.mean)}%${iv}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/** The scenario's retention sentence, wrapped by `wrap` (a paragraph, a line), or nothing when no needs were measured. */
export function retentionSentence<T>(s: ScenarioVerdict, wrap: (text: string) => T[]): T[] {
  return s.byRetention?.measured ? wrap(s.byRetention.sentence) : [];
}
