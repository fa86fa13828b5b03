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

export class SummaryKeeps {
  /** summary text head → the need identifiers that summary names */
  private named = new Map<string, readonly string[]>();

  constructor(
    private readonly names: number,
    private readonly seed: string,
    /**
     * the need identifiers the summary could have read: those the last request held or named. Not the
     * summary request's `messages`, whose form is the policy's own (Hermes passes its Python-shaped
     * turns); what the request holds that the summary did not cover stays there verbatim, so naming it
     * changes nothing. Read from the needs index (needs-index.ts), O(identifiers), not O(history).
     */
    private readonly context: () => Iterable<string>,
  ) {}

  /** whether summaries in this session name `id`: drawn once per identifier */
  private readonly decided = new Map<string, boolean>();

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

  private register(text: string, req: SummaryRequest): void {
    const kept = new Set<string>();
    const consider = (id: string): void => {
      let k = this.decided.get(id);
      if (k === undefined) this.decided.set(id, (k = unit(`${this.seed}\u0000${id}`) < this.names));
      if (k) kept.add(id);
    };
    for (const id of this.context()) consider(id);
    if (req.previousSummary) for (const id of this.namedBy(req.previousSummary)) consider(id);
    this.named.set(text.slice(0, KEY_CHARS), [...kept]);
  }

  /** the identifiers a summary found in `text` names (none when `text` carries no registered summary) */
  namedBy(text: string): readonly string[] {
    if (this.named.size === 0) return [];
    const at = text.indexOf(HEADER);
    if (at < 0) return this.named.get(text.slice(0, KEY_CHARS)) ?? [];
    return this.named.get(text.slice(at, at + KEY_CHARS)) ?? [];
  }
}
