/**
 * The caveat a verdict adds when it ranks an agent's port on a workload whose shape that agent does not
 * run (policies/workload-fit.ts, `fits: false`): the rank is the port's on this workload, not the agent's.
 */
import { workloadFitOf } from '../policies/workload-fit.js';

export function workloadCaveat(ranked: readonly { policy: string; policyLabel: string }[]): string {
  const misfits = ranked.filter((p) => workloadFitOf({ id: p.policy })?.fits === false).map((p) => p.policyLabel);
  if (!misfits.length) return '';
  const who = misfits.join(', ');
  return ` Caveat: ${who} ${misfits.length > 1 ? 'are' : 'is'} ranked on a tool-loop workload that ${misfits.length > 1 ? 'those agents do' : 'the agent does'} not run, so ${misfits.length > 1 ? 'their ranks say' : 'its rank says'} nothing about ${misfits.length > 1 ? 'them' : 'it'} as users run ${misfits.length > 1 ? 'them' : 'it'} (workloadFit in \`compactbench policies --json\`).`;
}
