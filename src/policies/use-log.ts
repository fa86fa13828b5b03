/**
 * What the harness knows of the past use of earlier context (issue 28): which tool results later steps
 * used, and when. Filled from the needs of the steps already answered — a step's needs enter the log
 * once its request has been sent — so a policy reads the past only, never the steps to come. Absent when
 * the workload has no needs (a policy must work without it).
 */
export interface UseLog {
  /** the last step whose response used the tool result with this call id (re-fetched copies share their original's uses); undefined when none has yet */
  lastUse(toolCallId: string): number | undefined;
  /**
   * every use so far as the distance in steps from the content's previous activity (its arrival, or
   * its previous use) to that use, in the order the uses happened
   */
  readonly gaps: readonly number[];
}
