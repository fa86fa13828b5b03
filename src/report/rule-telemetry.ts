/**
 * How often a policy's decision rule was evaluated and how often it changed the outcome, from the
 * policies' telemetry: a policy reports a rule as the pair `rule_<name>_evaluated` and
 * `rule_<name>_changed` (counts per session; the Hermes runway rule does, src/policies/hermes/policy.ts).
 * A rule evaluated often that never changed anything is why two policies come out identical.
 */
import type { SessionRow } from '../metrics/aggregate.js';

export interface RuleCount {
  rule: string;
  /** summed over the sessions */
  evaluated: number;
  changed: number;
  /** sessions in which it changed the outcome at least once, of `sessions` */
  sessionsChanged: number;
  sessions: number;
}

const RULE_KEY = /^rule_(.+)_(evaluated|changed)$/;

/** The rules reported by `label`'s sessions in `rows` (one scenario's, or all), by name. */
export function ruleCounts(rows: readonly SessionRow[], label: string): RuleCount[] {
  const out = new Map<string, RuleCount>();
  for (const r of rows) {
    if (r.run.key.policyLabel !== label) continue;
    const seen = new Set<string>();
    for (const [k, v] of Object.entries(r.run.telemetry ?? {})) {
      const m = RULE_KEY.exec(k);
      if (!m || typeof v !== 'number') continue;
      const rule = m[1]!;
      let c = out.get(rule);
      if (!c) out.set(rule, (c = { rule, evaluated: 0, changed: 0, sessionsChanged: 0, sessions: 0 }));
      if (!seen.has(rule)) {
        seen.add(rule);
        c.sessions++;
      }
      if (m[2] === 'evaluated') c.evaluated += v;
      else {
        c.changed += v;
        if (v > 0) c.sessionsChanged++;
      }
    }
  }
  return [...out.values()];
}

/** "the runway rule was evaluated 41 times and changed the outcome 0 times (in 0 of 35 sessions)" */
export function ruleSentence(c: RuleCount): string {
  const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;
  return `the ${c.rule} rule was evaluated ${times(c.evaluated)} and changed the outcome ${times(c.changed)} (in ${c.sessionsChanged} of ${c.sessions} sessions)`;
}
