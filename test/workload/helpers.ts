/** Shared helpers for the workload tests: shortened copies of the shipped scenarios. */
import { pathToFileURL } from 'node:url';
import { loadScenario, type Scenario } from '../../src/workload/scenario.js';
import { SHARED_DIR } from '../shared-data.js';

/** property-test run count: small by default, raised by CB_PROP_RUNS (npm run test:props) */
export const RUNS = Number(process.env.CB_PROP_RUNS ?? 0) || 12;

/** a shipped scenario with a fixed, short session (keeps property tests fast) */
export function short(name: string, steps = 30): Scenario {
  const s = loadScenario(name);
  return { ...s, generator: { ...s.generator, sessionSteps: { kind: 'constant', value: steps } } };
}

export const SHARED = pathToFileURL(`${SHARED_DIR}/`);
