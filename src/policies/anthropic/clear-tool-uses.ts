/**
 * Anthropic's `clear_tool_uses_20250919` context edit (beta `context-management-2025-06-27`), applied
 * server-side: https://platform.claude.com/docs/en/build-with-claude/context-editing, as summarized in
 * shared/reference/policies.md §3a. Defaults: trigger 100,000 input tokens, keep 3 tool uses,
 * clear_at_least none, clear_tool_inputs false. When the request's input exceeds the trigger, the oldest
 * tool uses are cleared first, all but the newest `keep`; if that would clear fewer than `clear_at_least`
 * tokens, the edit is not applied. Excluded tools are never cleared but, as in LangChain's client-side
 * mirror `ClearToolUsesEdit`, still count toward `keep`.
 *
 * Server state (`serverState`):
 * - `stateless` (the documented reading: edits are "applied server-side before the prompt reaches Claude;
 *   your client maintains the full, unmodified history"): every request is edited afresh from the full
 *   history it carries. Above the trigger (measured on that unedited input, which only grows) every tool
 *   use but the newest `keep` is cleared, so each new tool use pushes one more out of `keep`: the request
 *   changes at that block, a few messages from its end, on almost every step.
 * - `remembers` (the previous port's reading, from seed 000 — Hermes issues #525/#526 — not documented):
 *   the server keeps what it cleared, the trigger is measured on the edited request, and between two
 *   triggers the request is a pure append.
 *
 * Cost: the tracker indexes history once (a cursor over appended messages and tool uses) and keeps the
 * edited view as a patched array with running token sums, so a step costs O(appended + newly cleared): no
 * map rebuilt, no message re-read, no token re-summed, no copy. The view returned is that array itself,
 * with the first position patched since the previous request (`changedFrom`), from which the harness
 * patches its own copy of the request (ViewResult.changedFrom).
 */
import { contentText, type Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { ToolSet } from '../shared/tool-calls.js';

export const SERVER_STATES = ['stateless', 'remembers'] as const;
export type ServerState = (typeof SERVER_STATES)[number];

export interface ClearToolUsesConfig {
  triggerTokens: number;
  keep: number;
  clearAtLeast: number;
  excludeTools: ToolSet;
  clearToolInputs: boolean;
  /** text standing in for a cleared result (the server's wording is not published) */
  placeholder: string;
  serverState: ServerState;
}

/** What a cleared tool input becomes: an empty argument object. */
export const CLEARED_INPUT = '{}';

interface ToolUse {
  id: string;
  excluded: boolean;
  /** history index of the assistant message that made the call */
  callAt: number;
  /** history index of its result (-1 until it arrives) */
  resultAt: number;
  /** tokens clearing it frees (its input part, when inputs are cleared, plus its result part once known) */
  freed: number;
  cleared: boolean;
}

/** An edit the server applied to one request. */
export interface Clearing {
  cleared: number;
  tokens: number;
}

/** A request: the messages (the history itself when nothing is edited) and what this request cleared. */
export interface EditedRequest {
  /** the tracker's patched view (patched again by later requests: read it before the next call) or the history */
  messages: readonly Message[];
  clearing?: Clearing;
  /** with the patched view: `messages[i]` is what the previous request returned at `i` for all `i < changedFrom` */
  changedFrom?: number;
}

/** The server-side edit, tracked incrementally over an append-only history. */
export class ClearedToolUses {
  readonly ids = new Set<string>();
  private uses: ToolUse[] = [];
  private byId = new Map<string, ToolUse>();
  /** history messages indexed so far, and the last of them (to notice a rewritten history) */
  private scanned = 0;
  private lastSeen: Message | undefined;
  /** uses before this index are cleared or excluded (the oldest-first cursor) */
  private cursor = 0;
  /** the edited history, patched in place: view[i] is history[i] or its cleared copy */
  private view: Message[] = [];
  private historyTokens = 0;
  private viewTokens = 0;
  /** tokens freed by the uses cleared so far */
  private clearedTokens = 0;
  /** the first view position patched since the view was last returned, and that view's length (−1: none returned) */
  private dirtyFrom = 0;
  private returnedLength = -1;
  private placeholderTokens = 0;
  private inputPlaceholderTokens = 0;

  constructor(private readonly cfg: ClearToolUsesConfig, private readonly tokens: TokenCounter) {
    this.placeholderTokens = tokens.count(cfg.placeholder);
    this.inputPlaceholderTokens = tokens.count(CLEARED_INPUT);
  }

  /**
   * The request for `history`: the edited view (or `history` itself when nothing is edited) and the clearing
   * this request triggered, if any. `systemTokens` counts toward the trigger.
   */
  request(history: readonly Message[], systemTokens: number): EditedRequest {
    this.index(history);
    if (this.cfg.serverState === 'remembers') {
      const clearing = systemTokens + this.viewTokens > this.cfg.triggerTokens ? this.clear(history, false).clearing : undefined;
      return this.ids.size === 0 ? this.unedited(history) : this.edited(clearing);
    }
    // stateless: the unedited request decides, and below the trigger (or short of clear_at_least) nothing is edited
    if (systemTokens + this.historyTokens <= this.cfg.triggerTokens) return this.unedited(history);
    const r = this.clear(history, true);
    if (!r.applies) return this.unedited(history);
    return this.edited(r.clearing);
  }

  private unedited(history: readonly Message[]): EditedRequest {
    this.returnedLength = -1; // the next edited view is compared with nothing
    return { messages: history };
  }

  private edited(clearing: Clearing | undefined): EditedRequest {
    const changedFrom = this.returnedLength < 0 ? 0 : Math.min(this.dirtyFrom, this.returnedLength);
    this.returnedLength = this.view.length;
    this.dirtyFrom = Infinity;
    return { messages: this.view, changedFrom, ...(clearing ? { clearing } : {}) };
  }

  /** Indexes the messages appended since the last call (re-indexes everything after a rewrite). */
  private index(history: readonly Message[]): void {
    if (history.length < this.scanned || (this.scanned > 0 && history[this.scanned - 1] !== this.lastSeen)) this.reset();
    for (let i = this.scanned; i < history.length; i++) {
      const m = history[i]!;
      const t = this.tokens.message(m);
      this.historyTokens += t;
      this.view.push(m);
      this.viewTokens += t;
      if (m.role === 'assistant') {
        for (const tc of m.tool_calls ?? []) {
          const use: ToolUse = { id: tc.id, excluded: this.cfg.excludeTools.has(tc.function.name), callAt: i, resultAt: -1, freed: 0, cleared: this.ids.has(tc.id) };
          if (this.cfg.clearToolInputs) use.freed += Math.max(0, this.tokens.count(tc.function.arguments) - this.inputPlaceholderTokens);
          if (use.cleared) this.clearedTokens += use.freed; // re-indexed after a rewrite
          this.uses.push(use);
          this.byId.set(tc.id, use);
        }
      } else if (m.role === 'tool' && m.tool_call_id !== undefined) {
        const use = this.byId.get(m.tool_call_id);
        if (use && use.resultAt < 0) {
          use.resultAt = i;
          const part = Math.max(0, this.tokens.count(contentText(m)) - this.placeholderTokens);
          use.freed += part;
          if (use.cleared) this.clearedTokens += part;
        }
      }
      if (this.ids.size > 0) this.patch(history, i);
    }
    this.scanned = history.length;
    this.lastSeen = history[history.length - 1];
  }

  private reset(): void {
    const remembered = [...this.ids];
    Object.assign(this, { uses: [], byId: new Map(), scanned: 0, lastSeen: undefined, cursor: 0, view: [], historyTokens: 0, viewTokens: 0, clearedTokens: 0, dirtyFrom: 0 });
    this.ids.clear();
    for (const id of remembered) this.ids.add(id);
  }

  /**
   * Clears the eligible uses older than the newest `keep`, oldest first, if enough is freed. Stateless, the
   * server weighs everything it clears in this request (the uses cleared before included); remembering,
   * only what it newly clears.
   */
  private clear(history: readonly Message[], stateless: boolean): { applies: boolean; clearing?: Clearing } {
    const end = this.uses.length - this.cfg.keep;
    const pick: ToolUse[] = [];
    let freed = 0;
    for (let u = this.cursor; u < end; u++) {
      const use = this.uses[u]!;
      if (use.cleared || use.excluded) continue;
      if (use.resultAt < 0 && !this.cfg.clearToolInputs) continue; // nothing to clear yet
      pick.push(use);
      freed += use.freed;
    }
    const weighed = stateless ? this.clearedTokens + freed : freed;
    const edits = stateless ? pick.length + this.ids.size : pick.length;
    if (edits === 0 || weighed < this.cfg.clearAtLeast) return { applies: false };
    if (pick.length === 0) return { applies: true };
    for (const use of pick) {
      use.cleared = true;
      this.ids.add(use.id);
      if (use.resultAt >= 0) this.patch(history, use.resultAt);
      if (this.cfg.clearToolInputs) this.patch(history, use.callAt);
    }
    this.clearedTokens += freed;
    while (this.cursor < end && (this.uses[this.cursor]!.cleared || this.uses[this.cursor]!.excluded)) this.cursor++;
    return { applies: true, clearing: { cleared: pick.length, tokens: freed } };
  }

  /** Rewrites view[i] from history[i] and the cleared set, keeping the token sum current. */
  private patch(history: readonly Message[], i: number): void {
    const m = history[i]!;
    let next = m;
    if (m.role === 'tool' && m.tool_call_id !== undefined && this.ids.has(m.tool_call_id)) {
      next = { ...m, content: this.cfg.placeholder };
    } else if (m.role === 'assistant' && this.cfg.clearToolInputs && m.tool_calls?.some((tc) => this.ids.has(tc.id))) {
      next = { ...m, tool_calls: m.tool_calls.map((tc) => (this.ids.has(tc.id) ? { ...tc, function: { ...tc.function, arguments: CLEARED_INPUT } } : tc)) };
    }
    const prev = this.view[i]!;
    if (next === m && prev === m) return;
    this.viewTokens += this.tokens.message(next) - this.tokens.message(prev);
    this.view[i] = next;
    if (i < this.dirtyFrom) this.dirtyFrom = i;
  }
}
