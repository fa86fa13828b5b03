/**
 * Anthropic's `clear_tool_uses_20250919` context edit (beta `context-management-2025-06-27`), applied
 * server-side: https://platform.claude.com/docs/en/build-with-claude/context-editing, as summarized in
 * shared/reference/policies.md §3a. Defaults: trigger 100,000 input tokens, keep 3 tool uses,
 * clear_at_least none, clear_tool_inputs false. When the request's input exceeds the trigger, the oldest
 * tool uses are cleared first, all but the newest `keep`; if that would clear fewer than `clear_at_least`
 * tokens, the edit is not applied. Excluded tools are never cleared but, as in LangChain's client-side
 * mirror `ClearToolUsesEdit`, still count toward `keep`.
 *
 * Server state: once a tool use is cleared, later requests keep it cleared (the set below only grows), so
 * between two triggers the request is a pure append and the newly cached prefix is reused.
 */
import { contentText, type Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { ToolSet } from '../shared/tool-calls.js';

export interface ClearToolUsesConfig {
  triggerTokens: number;
  keep: number;
  clearAtLeast: number;
  excludeTools: ToolSet;
  clearToolInputs: boolean;
  /** text standing in for a cleared result (the server's wording is not published) */
  placeholder: string;
}

/** What a cleared tool input becomes: an empty argument object. */
export const CLEARED_INPUT = '{}';

/** The server-side record of cleared tool uses, and the view it implies. */
export class ClearedToolUses {
  readonly ids = new Set<string>();
  /** original message → its cleared copy, so unchanged views reuse the same objects (cheap, exact diffs) */
  private memo = new WeakMap<Message, { n: number; copy: Message }>();

  constructor(private readonly cfg: ClearToolUsesConfig) {}

  /** `history` with every recorded clearing applied (the history itself when nothing is cleared). */
  apply(history: readonly Message[]): readonly Message[] {
    if (this.ids.size === 0) return history;
    return history.map((m) => this.cleared(m));
  }

  private cleared(m: Message): Message {
    let n = 0;
    if (m.role === 'tool' && m.tool_call_id !== undefined && this.ids.has(m.tool_call_id)) n = 1;
    else if (m.role === 'assistant' && this.cfg.clearToolInputs && m.tool_calls) {
      for (const tc of m.tool_calls) if (this.ids.has(tc.id)) n++;
    }
    if (n === 0) return m;
    const hit = this.memo.get(m);
    if (hit && hit.n === n) return hit.copy;
    const copy: Message = m.role === 'tool'
      ? { ...m, content: this.cfg.placeholder }
      : { ...m, tool_calls: m.tool_calls!.map((tc) => (this.ids.has(tc.id) ? { ...tc, function: { ...tc.function, arguments: CLEARED_INPUT } } : tc)) };
    this.memo.set(m, { n, copy });
    return copy;
  }

  /**
   * Applies the edit if `inputTokens` exceeds the trigger and enough can be cleared. Returns the tool uses
   * newly cleared and the tokens that frees, or undefined when the edit does not apply.
   */
  trigger(history: readonly Message[], inputTokens: number, tokens: TokenCounter): { cleared: number; tokens: number } | undefined {
    if (inputTokens <= this.cfg.triggerTokens) return undefined;
    const pick = this.select(history, tokens);
    if (pick.ids.length === 0 || pick.tokens < this.cfg.clearAtLeast) return undefined;
    for (const id of pick.ids) this.ids.add(id);
    return { cleared: pick.ids.length, tokens: pick.tokens };
  }

  /** Tool uses older than the newest `keep`, oldest first, not excluded and not cleared yet. */
  private select(history: readonly Message[], tokens: TokenCounter): { ids: string[]; tokens: number } {
    const resultText = new Map<string, string>();
    for (const m of history) {
      if (m.role === 'tool' && m.tool_call_id !== undefined) resultText.set(m.tool_call_id, contentText(m));
    }
    const uses: Array<{ id: string; name: string; args: string }> = [];
    for (const m of history) {
      if (m.role === 'assistant') for (const tc of m.tool_calls ?? []) uses.push({ id: tc.id, name: tc.function.name, args: tc.function.arguments });
    }
    const older = uses.slice(0, Math.max(0, uses.length - this.cfg.keep));
    const ids: string[] = [];
    let freed = 0;
    for (const u of older) {
      if (this.ids.has(u.id) || this.cfg.excludeTools.has(u.name)) continue;
      const text = resultText.get(u.id);
      if (text === undefined && !this.cfg.clearToolInputs) continue;
      if (text !== undefined) freed += Math.max(0, tokens.count(text) - tokens.count(this.cfg.placeholder));
      if (this.cfg.clearToolInputs) freed += Math.max(0, tokens.count(u.args) - tokens.count(CLEARED_INPUT));
      ids.push(u.id);
    }
    return { ids, tokens: freed };
  }
}
