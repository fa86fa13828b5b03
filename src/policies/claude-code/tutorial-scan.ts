/**
 * The tutorial's per-step micro_compact and its len(str(messages)) estimate (tutorial.ts), kept
 * incrementally over the history the policy sees from step to step.
 *
 * Why: both run before every request and looked at every message (the results to replace, an index of
 * every call for the tool names, the JSON length of every message), O(history) per step. The history a
 * hook gets is the harness's array grown by appends, or the array this policy returned last (the harness
 * adopts a result with a `changedFrom` hint), so a cursor scans only what is new: calls are indexed once,
 * JSON characters are a running sum, and results that can never be replaced again (short, not text,
 * already a placeholder, or of a preserved tool whose call came before them) are passed for good. Any
 * other array (a summary, a checked run's copy) is scanned afresh. The outcome equals
 * `tutorialMicroCompact` and `tutorialEstimate` on the whole history (test/policies/claude-code-tutorial.test.ts).
 */
import type { Message } from '../../core/messages.js';
import { jsonChars } from '../shared/rough.js';
import type { ToolSet } from '../shared/tool-calls.js';
import { contentChars, withContent } from '../shared/tool-results.js';

export interface MicroOutcome {
  /** the new history, or undefined when nothing is replaced */
  history: Message[] | undefined;
  /** the first index replaced (the result's `changedFrom`) */
  changedFrom: number;
  /** the tutorial's estimate of the history returned (or of the input, when nothing is replaced) */
  estimate: number;
}

export class TutorialScan {
  private ref: readonly Message[] | undefined;
  /** `ref[0 : scanned]` is indexed in `calls` and summed in `chars` */
  private scanned = 0;
  private scannedLast: Message | undefined;
  /** call id → the tool name and index of its first call */
  private calls = new Map<string, { name: string; at: number }>();
  private chars = 0;
  /** no tool result in `ref[0 : settled]` is replaced on any later step */
  private settled = 0;
  private settledLast: Message | undefined;

  constructor(private readonly keepRecent: number, private readonly minChars: number, private readonly preserve: ToolSet) {}

  /** The micro_compact of `history` (placeholders for long results outside the hot tail) and its estimate. */
  microCompact(history: readonly Message[]): MicroOutcome {
    this.follow(history);
    for (let i = this.scanned; i < history.length; i++) this.index(history[i]!, i);
    this.scanned = history.length;
    // the hot tail: the newest `keepRecent` results
    let cut = history.length;
    for (let seen = 0; cut > this.settled && seen < this.keepRecent;) if (history[--cut]!.role === 'tool') seen++;
    let out: Message[] | undefined;
    let first = history.length;
    let settled = -1;
    let chars = this.chars;
    for (let i = this.settled; i < cut; i++) {
      const m = history[i]!;
      if (m.role !== 'tool') continue;
      const name = this.nameOf(m);
      let next = m;
      if (typeof m.content === 'string' && contentChars(m) > this.minChars && !this.preserve.has(name)) {
        next = withContent(m, `[Previous: used ${name}]`);
        out ??= history.slice();
        out[i] = next;
        if (first > i) first = i;
        chars += jsonChars(next) - jsonChars(m);
      }
      if (settled < 0 && !this.isFinal(next, i)) settled = i;
    }
    this.settled = settled < 0 ? Math.max(this.settled, cut) : settled;
    const n = history.length;
    const estimate = Math.ceil((2 + Math.max(0, n - 1) + chars) / 4);
    this.remember(out ?? history, chars);
    return { history: out, changedFrom: first, estimate };
  }

  /** `history` is `ref` grown, with its indexed and settled prefixes in place; anything else starts afresh. */
  private follow(history: readonly Message[]): void {
    const same = history === this.ref && history.length >= this.scanned
      && (this.scanned === 0 || history[this.scanned - 1] === this.scannedLast)
      && (this.settled === 0 || history[this.settled - 1] === this.settledLast);
    if (same) return;
    this.scanned = 0;
    this.calls.clear();
    this.chars = 0;
    this.settled = 0;
  }

  private remember(ref: readonly Message[], chars: number): void {
    this.ref = ref;
    this.chars = chars;
    this.scannedLast = this.scanned > 0 ? ref[this.scanned - 1] : undefined;
    this.settledLast = this.settled > 0 ? ref[this.settled - 1] : undefined;
  }

  private index(m: Message, i: number): void {
    this.chars += jsonChars(m);
    if (m.role !== 'assistant' || !m.tool_calls) return;
    for (const tc of m.tool_calls) if (!this.calls.has(tc.id)) this.calls.set(tc.id, { name: tc.function.name, at: i });
  }

  /** `toolNameOf` over the whole history: the first call with the result's id, else its own name. */
  private nameOf(m: Message): string {
    return this.calls.get(m.tool_call_id ?? '')?.name ?? m.name ?? 'unknown';
  }

  /** A result at `i` that no later step replaces: no long text, or a preserved tool named by a call before it. */
  private isFinal(m: Message, i: number): boolean {
    if (typeof m.content !== 'string' || contentChars(m) <= this.minChars) return true;
    const c = this.calls.get(m.tool_call_id ?? '');
    return c !== undefined && c.at < i && this.preserve.has(c.name);
  }
}
