/**
 * How fast the prompt grows per step, learned from the session so far: the mean growth between two
 * requests with no rewrite between them. `stepsUntil` says how many steps, at that pace, until the
 * prompt reaches a size (the summary threshold): a warm prune's savings end at the summary that wipes
 * what it saved, so its payback must come before it. O(1) per step.
 */
export class PromptGrowth {
  private last: number | undefined;
  private sum = 0;
  private n = 0;

  /** The prompt of the request just sent. */
  observe(promptTokens: number): void {
    if (this.last !== undefined) {
      this.sum += Math.max(0, promptTokens - this.last);
      this.n++;
    }
    this.last = promptTokens;
  }

  /** The history was rewritten: the next request's growth is not the session's pace. */
  rewritten(): void {
    this.last = undefined;
  }

  /** Mean growth per step so far (0 before two requests). */
  get perStep(): number {
    return this.n ? this.sum / this.n : 0;
  }

  /** Steps until the prompt, now `promptTokens`, reaches `limit` at the pace so far (Infinity when it does not grow). */
  stepsUntil(limit: number, promptTokens: number): number {
    const g = this.perStep;
    return g > 0 ? Math.max(0, (limit - promptTokens) / g) : Infinity;
  }
}
