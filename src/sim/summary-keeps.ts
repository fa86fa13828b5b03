/**
 * What a summary keeps of the needs it read: a calibrated model, not the mock's text (which is filler
 * words). Fitted on the 8 real Claude Code compactions in ../shared/traces (workload/needs/summary-fit.ts,
 * `calibrate --needs`): the summaries name 77 of the 118 files read before them (0.65; 47 of 58, 0.81, in
 * the three long sessions of traces/claude-code) and quote a line of content of 6 (0.05). So each
 * identifier a summarized message held is named by the summary with probability `names` (deterministic
 * per session and identifier, so every policy on a workload draws the same), and no span survives: a
 * need whose source was summarized away is at best "referenced". Overridable: a scenario's
 * `needs.summaryNames`, or `--summary-names P`.
 */
import type { Summarizer, SummaryRequest } from '../summarizer/types.js';
import { KeptList } from './kept-list.js';
import type { ContextListener } from './needs-index.js';

export const SUMMARY_NAMES_DEFAULT = 77 / 118;

/** the header the mock summarizer starts every summary with (summarizer/mock.ts) */
const HEADER = 'Summary:';
const KEY_CHARS = 64;

/** FNV-1a of a string, as a fraction in [0, 1). */
function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

/** identifiers entered since the last summary, past which the next one rebuilds its list instead (memory stays bounded) */
const DIRTY_CAP = 50_000;

export class SummaryKeeps implements ContextListener {
  /** summary text head → what that summary names */
  private named = new Map<string, KeptList>();

  /**
   * the need identifiers in the last request's context that summaries name: held by a source in it or named
   * by a message in it (what a summary could have read), besides the summaries' own kept lists it holds
   * (`present`). Not read from the summary request's `messages`, whose form is the policy's own (Hermes
   * passes its Python-shaped turns); what the request holds that the summary did not cover stays there
   * verbatim, so naming it changes nothing. Kept as the needs index (needs-index.ts) reports identifiers
   * entering and leaving, so a summary costs O(what changed since the last), not O(history).
   */
  private readonly context = new Set<string>();
  /** what entered the context since the last summary (a running summary adds only these to its list) */
  private dirty: string[] = [];
  private dirtyKept: KeptList[] = [];
  private overflow = false;
  /** the last summary's list: a running summary that extends it keeps everything the context held then */
  private last: KeptList | undefined;
  /** `last` is exactly the context's kept identifiers (it updated no summary), and `changed` says whether the context changed since */
  private lastPlain = false;
  private changed = false;
  /** whether summaries in this session name `id`: drawn once per identifier */
  private readonly decided = new Map<string, boolean>();

  constructor(
    private readonly names: number,
    private readonly seed: string,
    /** the summaries' kept lists the last request holds */
    private readonly present: () => Iterable<KeptList>,
    /** has the needs index tell this what enters and leaves the context (needs-index.ts RequestIndex.listen) */
    private readonly listen: (l: ContextListener) => void,
  ) {}

  private listening = false;

  entered(id: string): void {
    if (!this.keeps(id)) return;
    this.context.add(id);
    this.changed = true;
    if (this.overflow) return;
    this.dirty.push(id);
    if (this.dirty.length > DIRTY_CAP) this.overflowed();
  }

  left(id: string): void {
    if (this.context.delete(id)) this.changed = true;
  }

  keptLeft(): void {
    this.changed = true;
  }

  keptEntered(k: KeptList): void {
    this.changed = true;
    if (this.overflow) return;
    this.dirtyKept.push(k);
    if (this.dirtyKept.length > DIRTY_CAP) this.overflowed();
  }

  private overflowed(): void {
    this.overflow = true;
    this.dirty = [];
    this.dirtyKept = [];
  }

  /** `inner` with every successful summary's kept identifiers registered. Results are passed through unchanged. */
  wrap(inner: Summarizer): Summarizer {
    return {
      summarize: (req) => {
        const res = inner.summarize(req);
        if (res.ok) this.register(res.text, req);
        return res;
      },
    };
  }

  /** whether summaries name `id` */
  private keeps(id: string): boolean {
    let k = this.decided.get(id);
    if (k === undefined) this.decided.set(id, (k = unit(`${this.seed}\u0000${id}`) < this.names));
    return k;
  }

  /** A summary keeps what the context names that summaries keep, and what the summary it updates kept. */
  private register(text: string, req: SummaryRequest): void {
    if (!this.listening) {
      this.listening = true;
      this.listen(this);
    }
    const prev = req.previousSummary ? this.namedBy(req.previousSummary) : undefined;
    const last = this.last;
    let kept: KeptList;
    if (!prev && this.lastPlain && !this.changed) {
      // the context is as the last summary read it (a summary and its check in one step): the same list
      kept = last!;
    } else if (last && last.isTop && !this.overflow && (prev === last || this.isPresent(last))) {
      // `last` holds everything the context held when it was made, and the new list holds all of `last`: it
      // updates that summary, or the request still holds it (a policy that summarizes its own summary again
      // without passing it, as Gemini CLI does; or one whose summaries of two kinds alternate, as Hermes's
      // micro-compaction and full compression do). So add what entered since and is still there, and what
      // the updated summary kept beyond `last`
      const add: string[] = [];
      for (const id of this.dirty) if (this.context.has(id)) add.push(id);
      for (const k of this.dirtyKept) if (!last.covers(k) && this.isPresent(k)) for (const id of k) add.push(id);
      if (prev && !last.covers(prev)) for (const id of prev) add.push(id);
      kept = last.extend(add);
    } else {
      const all: Iterable<string>[] = [this.context, ...this.present()];
      if (prev) all.push(prev);
      kept = KeptList.of((function* () { for (const ids of all) yield* ids; })());
    }
    this.last = kept;
    this.lastPlain = !prev;
    this.changed = false;
    this.dirty = [];
    this.dirtyKept = [];
    this.overflow = false;
    this.named.set(text.slice(0, KEY_CHARS), kept);
  }

  private isPresent(k: KeptList): boolean {
    for (const p of this.present()) if (p === k) return true;
    return false;
  }

  /** what a summary found in `text` names (undefined when `text` carries no registered summary) */
  namedBy(text: string): KeptList | undefined {
    if (this.named.size === 0) return undefined;
    const at = text.indexOf(HEADER);
    if (at < 0) return this.named.get(text.slice(0, KEY_CHARS));
    return this.named.get(text.slice(at, at + KEY_CHARS));
  }
}
