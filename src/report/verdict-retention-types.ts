/** The shape of a scenario's verdict read with retention (verdict-retention.ts), apart so that the verdict's data can name it. */
export interface RetentionVerdict {
  minRetention: number;
  /** whether any policy of the scenario had needs to measure */
  measured: boolean;
  /** the cheapest policy whose mean retention is at least the floor; null when none is */
  keeper: string | null;
  /** policies ranked cheaper than the keeper (or all with measured retention when there is none), each below the floor: cheaper only because they forget */
  forgetful: string[];
  /** the cost–retention Pareto set, cheapest first */
  pareto: string[];
  sentence: string;
}
