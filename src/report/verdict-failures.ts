/**
 * Failed sessions in the verdict. A session that failed (its policy threw, returned garbage, crashed or
 * hung its worker) stopped part-way, so its cost is not the policy's cost: a policy with any failed
 * session in a scenario is not ranked there, has no cost and cannot be the cheapest. The verdict lists it
 * with how many of its sessions failed and the first failure's cause, and its sentence says so first.
 */
import type { PolicyAggregate, SessionRow } from '../metrics/aggregate.js';

export interface FailedPolicy {
  policy: string;
  policyLabel: string;
  /** failed sessions, of `sessions` */
  failures: number;
  sessions: number;
  /** the first failed session (by seed): `seed N, <phase> at step S: <error>` */
  firstError: string;
}

/** The policies of one scenario (its aggregates and session rows) with at least one failed session, in run order. */
export function failedPolicies(aggs: readonly PolicyAggregate[], rows: readonly SessionRow[]): FailedPolicy[] {
  return aggs.filter((a) => a.failures > 0).map((a) => {
    const first = rows.find((r) => r.run.key.policyLabel === a.policyLabel && r.run.failure)!.run;
    const f = first.failure!;
    return { policy: a.policy, policyLabel: a.policyLabel, failures: a.failures, sessions: a.seeds.length, firstError: `seed ${first.key.seed}, ${f.phase} at step ${f.step}: ${oneLine(f.error)}` };
  });
}

const oneLine = (s: string): string => {
  const line = s.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

const share = (f: FailedPolicy): string => (f.failures === f.sessions ? `all ${f.sessions} sessions` : `${f.failures} of ${f.sessions} sessions`);

/** The opening of a scenario's sentence when policies failed: who, how often, why, and what that means. */
export function failureSentence(scenario: string, failed: readonly FailedPolicy[], baseline: string): string {
  const each = failed.map((f) => `${f.policyLabel}${f.policyLabel === baseline ? ' (the baseline)' : ''} FAILED in ${share(f)} (${f.firstError})`);
  const consequence = failed.some((f) => f.policyLabel === baseline)
    ? 'no policy is compared with the baseline, and no failed policy is ranked'
    : `${failed.length > 1 ? 'they are' : 'it is'} not ranked and ${failed.length > 1 ? 'have' : 'has'} no cost`;
  return `${scenario}: ${each.join('; ')}: ${consequence}.`;
}

/** One line per failed policy and scenario, for the verdict's note and the terminal. */
export function failureLines(v: { scenarios: readonly { scenario: string; failed: readonly FailedPolicy[] }[] }): string[] {
  return v.scenarios.flatMap((s) => s.failed.map((f) => `${f.policyLabel} failed in ${share(f)} of ${s.scenario} (${f.firstError})`));
}
