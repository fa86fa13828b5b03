/**
 * The harness's log of past use (src/policies/use-log.ts), kept from the needs checked on each request:
 * once a step's request is sent, each of its needs counts as a use of its source at that step (in the
 * loop's step numbers, the ones a policy sees as `ctx.step`). Policies read it from afterStep of that
 * step on — never before the request that uses it. O(needs of the step) per step.
 */
import type { UseLog } from '../policies/use-log.js';
import type { NeedCheck } from './needs-meter.js';

export class SessionUseLog implements UseLog {
  private readonly last = new Map<string, number>();
  /**
   * scripted step index → the loop step that sent it (closed-loop re-fetches shift the two apart). An array:
   * scripted steps are sent in order, so it fills densely, where a map grew and rehashed by one entry a step
   */
  private readonly loopOf: number[] = [];
  readonly gaps: number[] = [];

  /** `copyOf(id)`: the source a re-fetched copy stands for (undefined for an original) */
  constructor(private readonly sourceOf: (id: string) => string | undefined) {}

  lastUse(toolCallId: string): number | undefined {
    return this.last.get(toolCallId) ?? this.last.get(this.sourceOf(toolCallId) ?? '');
  }

  /** The needs the request of loop step `s` (scripted step `scripted`, or −1 for an inserted one) was checked for. */
  record(s: number, scripted: number, checks: readonly NeedCheck[]): void {
    if (scripted >= 0) this.loopOf[scripted] = s;
    for (const c of checks) {
      const prev = this.last.get(c.need.source) ?? this.loopOf[c.need.sourceStep] ?? c.need.sourceStep;
      this.gaps.push(s - prev);
      this.last.set(c.need.source, s);
    }
  }
}
