/** One check of a gate and its status (gate-eval.ts evaluates them), apart so that gate-level.ts can name them without a cycle. */
import type { MetricKey } from '../metrics/catalogue.js';
import type { BoundKey, GateTest } from './gate.js';

export type CheckStatus = 'pass' | 'fail' | 'not-evaluated';

export interface GateCheck {
  scenario: string;
  metric: MetricKey;
  /** a bound on the difference, or `min`: a floor on the candidate's level (gate-level.ts) */
  bound: BoundKey | 'min';
  limit: number;
  test: GateTest;
  status: CheckStatus;
  /** the tested value, in the bound's terms (a rise or a drop, percent or units); null when not evaluated */
  observed: number | null;
  /** e.g. `rise ≤ +2%` */
  rule: string;
  reason: string;
}
