/**
 * "Last real usage plus an estimate of what was appended since": how Claude Code
 * (`tokenCountWithEstimation`) and Hermes (post-response `last_prompt_tokens`) measure the context
 * before a request. The anchor is the previous request's prompt plus its response, valid for the history
 * length it covered; after the policy rewrites history the anchor no longer describes it, so the meter
 * falls back to a chars/4 estimate of everything.
 */
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import { roughMessages } from './rough.js';

export class UsageMeter {
  private anchor: { length: number; tokens: number } | undefined;

  /** After a step: `history` includes the response, `usage` is that request's. */
  note(history: readonly Message[], usage: Usage): void {
    this.anchor = { length: history.length, tokens: usage.promptTokens + usage.outputTokens };
  }

  /** The policy replaced history: the last usage no longer describes it. */
  invalidate(): void {
    this.anchor = undefined;
  }

  estimate(history: readonly Message[], systemTokens: number): number {
    const a = this.anchor;
    if (a && a.length <= history.length) return a.tokens + roughMessages(history, a.length);
    return systemTokens + roughMessages(history);
  }
}
