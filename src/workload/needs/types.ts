/**
 * A need: something a step uses from earlier context. The step's response could not have been written
 * without it (an edit's `old_string` quoted from a file read earlier, a path found by a search and then
 * opened, a file the user named and the agent later acts on).
 *
 * Needs belong to the workload, not to a policy: derived once from a recorded transcript at import
 * (derive.ts) or drawn by the generator from distributions fitted on real transcripts (sample.ts), and
 * checked against every request a policy actually sends (src/sim/needs-meter.ts).
 */

/** the three kinds of dependency on earlier context */
export type NeedKind = 'edit' | 'reference' | 'instruction';
export const NEED_KINDS: readonly NeedKind[] = ['edit', 'reference', 'instruction'];

export interface Need {
  /** the step whose response uses it (0-based index into Workload.steps) */
  step: number;
  /**
   * the message that holds it: a tool result's `tool_call_id`, or `append:<step>:<k>` for the k-th
   * message appended before step `<step>` (a user message)
   */
  source: string;
  /** the step whose appended messages carry the source (the source is first seen by request `sourceStep`) */
  sourceStep: number;
  kind: NeedKind;
  /** what names it: a file path, identifier or URL (a summary or placeholder that names it "references" it) */
  ident: string;
  /** the span the step uses, checked verbatim in the source as sent */
  probe: string;
}

/** The key of a source message that has no tool call id. */
export const appendKey = (step: number, k: number): string => `append:${step}:${k}`;
