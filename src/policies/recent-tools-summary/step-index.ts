/**
 * `toolSteps` (policy.ts) kept incrementally over a growing history.
 *
 * Why: the method prunes tool steps only, so user messages and final answers stay and the history grows
 * with the session; rescanning it for steps before every request costs O(history) per step. The
 * harness appends to the same array and replaces it (a new array) on a rewrite, so a cursor scans only
 * the appended messages, extending the newest step while tool results follow it; a new array is scanned
 * afresh (once per rewrite). The ranges equal `toolSteps(history)` (test/policies/recent-tools-summary.test.ts
 * checks this over random sessions).
 */
import type { Message } from '../../core/messages.js';

export class ToolStepIndex {
  private ref: readonly Message[] | undefined;
  private scanned = 0;
  private last: Message | undefined;
  private steps: [number, number][] = [];

  /** Index ranges [start, end) of the steps: an assistant message with calls and the tool results after it. */
  of(history: readonly Message[]): readonly (readonly [number, number])[] {
    const same = history === this.ref && history.length >= this.scanned && (this.scanned === 0 || history[this.scanned - 1] === this.last);
    if (!same) {
      this.ref = history;
      this.scanned = 0;
      this.steps = [];
    }
    const steps = this.steps;
    for (let i = this.scanned; i < history.length; i++) {
      const m = history[i]!;
      const open = steps[steps.length - 1];
      if (m.role === 'tool' && open && open[1] === i) open[1] = i + 1;
      else if (m.role === 'assistant' && m.tool_calls?.length) steps.push([i, i + 1]);
    }
    this.scanned = history.length;
    this.last = history[history.length - 1];
    return steps;
  }

  /** `history` (a policy's result) has exactly the ranges `steps`: its index, without a scan. */
  rebase(history: readonly Message[], steps: [number, number][]): void {
    this.ref = history;
    this.steps = steps;
    this.scanned = history.length;
    this.last = history[history.length - 1];
  }
}
