/**
 * Checks each step's needs (src/workload/needs/) against the request actually sent:
 * - `met`: the source message is in the request and still holds the span verbatim;
 * - `referenced`: it does not, but something in the request still names it — the call that produced it,
 *   a placeholder or a summary that names the file or identifier (summary-keeps.ts);
 * - `lost`: nothing in the request shows it.
 *
 * Incremental: the request index (needs-index.ts) re-reads only what changed since the last send, and a
 * step checks only its own needs. When a send drops or replaces a source, the step is remembered, so a
 * need found unmet later is charged to the events of that step (`needsBroken` in events.csv).
 */
import { contentText, memoOf, type Message, type MessageMemo } from '../core/messages.js';
import { identsIn } from '../workload/needs/idents.js';
import { needLookup, type NeedLookup } from '../workload/needs/lookup.js';
import type { Need } from '../workload/needs/types.js';
import type { Workload } from '../workload/types.js';
import { RequestIndex, type MessageNeeds } from './needs-index.js';
import { SummaryKeeps } from './summary-keeps.js';
import type { KeptList } from './kept-list.js';
import type { Summarizer } from '../summarizer/types.js';
import type { NeedCounts } from './records.js';

export type NeedStatus = 'met' | 'referenced' | 'lost';
/** how an unmet source was removed: replaced by other content, dropped (summarized away), kept in part */
export type RemovalKind = 'placeholder' | 'summary' | 'truncation';

export interface NeedCheck {
  need: Need;
  status: NeedStatus;
  /** for an unmet need: how its source was removed */
  removal: RemovalKind | null;
}


export interface NeedsSettings {
  /** P(a summary names an identifier of a message it summarized) @default SUMMARY_NAMES_DEFAULT */
  summaryNames: number;
}

const NONE: readonly string[] = [];
/** how the mock summarizer's summaries start (summary-keeps.ts HEADER) */
const SUMMARY_START = 'Summary:';
const WRITTEN_CAP = 20_000;
const TEXT_CAP = 50_000;

/** text longer than this written by a policy is a kept or truncated output, not a placeholder: not searched */
const PLACEHOLDER_CHARS = 4000;
/** of a call's arguments, this many characters are searched for what it names (paths come first) */
const ARG_CHARS = 2000;

/** a message's needs (needs-index.ts), with whose reading it is: the workload's lookup for a scripted message, else the meter's */
interface Entry extends MessageNeeds {
  readonly owner: object;
}
type NeedsSlot = MessageMemo & { needs?: Entry };

function classify(original: string, found: Message | undefined): RemovalKind {
  if (!found) return 'summary';
  const now = contentText(found);
  const probe = Math.min(64, original.length);
  return now.length < original.length && probe > 0 && (now.startsWith(original.slice(0, probe)) || now.endsWith(original.slice(-probe)))
    ? 'truncation' : 'placeholder';
}

export class NeedsMeter {
  readonly look: NeedLookup;
  private readonly index: RequestIndex;
  private readonly keeps: SummaryKeeps;
  /**
   * what each message the policy wrote names (scripted ones are shared: NeedLookup.marks). A strong map
   * (see lookup.ts on weak ones), emptied when it grows past WRITTEN_CAP so a policy that writes new
   * messages every step cannot make it hold them all.
   */
  private readonly written = new Map<Message, readonly string[] | null>();
  /** the summary each message the policy wrote carries, by what it kept (emptied with `written`) */
  private readonly writtenKept = new Map<Message, KeptList | null>();
  /** source → the newest re-fetched copy's key (closed loop) */
  private readonly alias = new Map<string, string>();
  /** re-fetched copy's key → its source */
  private readonly copies = new Map<string, string>();
  private readonly brokenAt = new Map<string, number>();
  /** record step → needs that a removal at that step broke */
  readonly brokenBySend = new Map<number, number>();
  readonly counts: NeedCounts = { needs: 0, met: 0, referenced: 0, lost: 0 };

  constructor(w: Workload, settings: NeedsSettings, seed: string, private readonly checked = false) {
    this.look = needLookup(w);
    this.index = new RequestIndex({ entry: (m) => this.entry(m) });
    this.keeps = new SummaryKeeps(settings.summaryNames, seed, () => this.index.keptInRequest(), (l) => this.index.listen(l));
  }

  get active(): boolean {
    return this.look.total > 0;
  }

  /** the summarizer policies see, with what each summary keeps registered */
  wrap(s: Summarizer): Summarizer {
    return this.active ? this.keeps.wrap(s) : s;
  }

  /** A re-fetched copy of `source` now exists under `key` (closed loop). */
  refetched(source: string, key: string): void {
    this.alias.set(source, key);
    this.copies.set(key, source);
  }

  /** the source a re-fetched copy stands for; undefined for an original */
  sourceOf(key: string): string | undefined {
    return this.copies.get(key);
  }

  /**
   * The request just sent (`from`: the first index that changed since the previous one), and the needs of
   * the scripted step it answers (`step`, or -1 for a step the closed loop inserted). `send` is the record
   * step index, for charging removals to events.
   */
  measure(req: readonly Message[], from: number, step: number, send: number): NeedCheck[] {
    if (!this.active) return [];
    for (const k of this.index.update(req, from)) this.brokenAt.set(k, send);
    // checked runs: the incremental index holds exactly the request (else `from` was wrong: a harness bug)
    if (this.checked && !this.index.matches(req)) throw new Error(`needs index out of step with the request at step ${send}`);
    const needs = step >= 0 ? this.look.byStep.get(step) : undefined;
    if (!needs) return [];
    const out: NeedCheck[] = [];
    for (const need of needs) {
      const a = this.alias.get(need.source);
      const holder = (a !== undefined ? this.index.holder(a) : undefined) ?? this.index.holder(need.source);
      let status: NeedStatus;
      if (holder && contentText(holder).includes(need.probe)) status = 'met';
      else if (this.index.names(need.ident) || this.index.names(`call:${need.source}`) || (a !== undefined && this.index.names(`call:${a}`))) status = 'referenced';
      else status = 'lost';
      this.counts.needs++;
      this.counts[status]++;
      let removal: RemovalKind | null = null;
      if (status !== 'met') {
        const original = this.look.sources.get(need.source);
        removal = classify(original ? contentText(original) : '', holder);
        const at = this.brokenAt.get(a ?? need.source) ?? this.brokenAt.get(need.source);
        if (at !== undefined) this.brokenBySend.set(at, (this.brokenBySend.get(at) ?? 0) + 1);
      }
      out.push({ need, status, removal });
    }
    return out;
  }

  /**
   * What the needs index reads of `m`, kept on its memo slot (one property read per message the index adds
   * or removes). A scripted message's reading is the workload's, shared by every session over it; a message
   * the policy wrote is read per meter (its summary's kept list is this session's).
   */
  private entry(m: Message): MessageNeeds {
    const slot = memoOf(m) as NeedsSlot | undefined;
    const e = slot?.needs;
    if (e !== undefined && (e.owner === this.look || e.owner === this)) return e;
    const scripted = this.look.scripted.has(m);
    const key = this.sourceKey(m);
    const marks = this.marksOf(m);
    const fresh: Entry = {
      // a re-fetched copy holds no identifier of its own, but a need of its source is charged to its removal
      owner: scripted ? this.look : this, key, ids: key !== undefined ? this.look.sourceIdents.get(key) ?? (this.copies.has(key) ? NONE : undefined) : undefined,
      marks, kept: scripted ? undefined : this.keptOf(m),
    };
    if (slot) slot.needs = fresh;
    return fresh;
  }

  /**
   * The source `m` holds: a tool result its call's; a scripted message its own; a user message the policy
   * wrote, the user message whose text it still holds (user-sources.ts: a copy, or a summary merged in).
   */
  private sourceKey(m: Message): string | undefined {
    if (m.role === 'tool') return m.tool_call_id;
    const k = this.look.appendKeys.get(m);
    if (k !== undefined || m.role !== 'user' || this.look.scripted.has(m)) return k;
    return this.look.userSources.holding(contentText(m));
  }

  /**
   * The need identifiers `text` names. Memoized by the string: a policy that copies a message (`{ ...m }`)
   * keeps its content string, so a copy costs a map look-up, not a scan of its text.
   */
  private identsOfText(text: string): readonly string[] {
    const memo = this.look.textIdents;
    let r = memo.get(text);
    if (r === undefined) {
      if (memo.size >= TEXT_CAP) memo.clear();
      const out = new Set<string>();
      // a summary appended to a message (a running summary kept with the task): the message's part is read
      // once, by its own memo. Identifiers never span a line break (idents.ts), so the parts name what the whole does.
      const at = text.indexOf(SUMMARY_START);
      let rest = text;
      if (at > 0 && text.charCodeAt(at - 1) === 10) {
        for (const id of this.identsOfText(text.slice(0, at))) out.add(id);
        rest = text.slice(at);
      }
      for (const t of identsIn(rest)) {
        const ids = this.look.idents.get(t);
        if (ids) for (const id of ids) out.add(id);
      }
      memo.set(text, (r = out.size ? [...out] : NONE));
    }
    return r;
  }

  private mapIdents(text: string, out: Set<string>): void {
    for (const id of this.identsOfText(text)) out.add(id);
  }

  /**
   * what a message in the request names: need identifiers, and `call:<id>` for each call it shows. Not what a
   * summary in it kept: that list is shared by reference (keptOf, kept-list.ts), not counted per identifier.
   */
  private marksOf(m: Message): readonly string[] | undefined {
    const scripted = this.look.scripted.has(m);
    const memo = scripted ? this.look.marks : this.written;
    let r = memo.get(m);
    if (r !== undefined) return r ?? undefined;
    if (!scripted && !m.tool_calls?.length) {
      // a message the policy wrote without calls (a placeholder, a summary) names what its text names: the
      // memoized list itself, shared by every copy of that text
      const text = contentText(m);
      const ids = text.length <= PLACEHOLDER_CHARS ? this.identsOfText(text) : NONE;
      r = ids.length ? ids : null;
      if (this.written.size >= WRITTEN_CAP) this.written.clear();
      this.written.set(m, r);
      return r ?? undefined;
    }
    const out = new Set<string>();
    for (const c of m.tool_calls ?? []) {
      out.add(`call:${c.id}`);
      this.mapIdents(c.function.arguments.slice(0, ARG_CHARS), out);
    }
    if (m.role !== 'tool' || !scripted) {
      const text = contentText(m);
      if (text.length <= PLACEHOLDER_CHARS) this.mapIdents(text, out);
    }
    r = out.size ? [...out] : null;
    if (!scripted && this.written.size >= WRITTEN_CAP) this.written.clear();
    memo.set(m, r);
    return r ?? undefined;
  }

  /** the kept list of the summary a message the policy wrote carries, if any (scripted messages carry none) */
  private keptOf(m: Message): KeptList | undefined {
    let k = this.writtenKept.get(m);
    if (k === undefined) {
      if (this.look.scripted.has(m)) return undefined;
      if (this.writtenKept.size >= WRITTEN_CAP) this.writtenKept.clear();
      this.writtenKept.set(m, (k = this.keeps.namedBy(contentText(m)) ?? null));
    }
    return k ?? undefined;
  }

}
