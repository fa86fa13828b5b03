/**
 * Per-message token sizes taken from the recorded usage instead of the tokenizer, so each modelled
 * request has exactly the recorded prompt size (uncached input + cache read + cache write).
 *
 * Why: the recorded prompt is the provider's own count (its tokenizer, its rendering of tool schemas,
 * thinking blocks and framing), which o200k cannot reproduce. Validating the cache model means feeding it
 * the real sizes. The sizes are fixed per message object (the cache model memoizes by object):
 * - the first call fixes the system block (the system prompt and tool schemas Claude Code does not log):
 *   at a size measured elsewhere in the recording when there is one (see replay.ts), else at its prompt
 *   minus the tokenizer sizes of its messages; when the trace records its own system message, the first
 *   request is scaled as a whole instead;
 * - each later call attributes its growth over the sizes already fixed to its new messages, in
 *   proportion to their tokenizer sizes (largest-remainder rounding, so the sum is exact).
 * When growth is negative or there is nothing new to attribute it to, the modelled prompt cannot match;
 * `attribute` returns the mismatch so the report can say so.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';

export class AttributedTokens implements TokenCounter {
  private readonly sizes = new Map<Message, number>();

  constructor(private readonly exact: TokenCounter) {}

  has(msg: Message): boolean {
    return this.sizes.has(msg);
  }

  /**
   * Fixes the sizes of the request's messages not sized yet so that the request totals `prompt`.
   * `system`: how to size request[0] when it is new — a known token count, `'remainder'` (what the
   * tokenizer sizes of the other new messages leave), or `'scaled'` (like any other message).
   * Returns modelled − recorded prompt tokens (0 when the attribution is exact).
   */
  attribute(request: readonly Message[], prompt: number, system: number | 'remainder' | 'scaled'): number {
    let known = 0;
    const fresh: Message[] = [];
    for (const m of request) {
      const s = this.sizes.get(m);
      if (s === undefined) fresh.push(m);
      else known += s;
    }
    if (!fresh.length) return known - prompt;
    if (system !== 'scaled' && fresh[0] === request[0]) {
      const others = fresh.slice(1);
      if (system === 'remainder') {
        let rest = 0;
        for (const m of others) rest += this.fix(m, this.exact.message(m));
        return known + rest + this.fix(request[0]!, Math.max(0, prompt - known - rest)) - prompt;
      }
      known += this.fix(request[0]!, Math.min(system, Math.max(0, prompt - known)));
      fresh.shift();
      if (!fresh.length) return known - prompt;
    }
    const budget = Math.max(0, prompt - known);
    const parts = split(budget, fresh.map((m) => this.exact.message(m)));
    fresh.forEach((m, k) => this.fix(m, parts[k]!));
    return known + budget - prompt;
  }

  private fix(m: Message, tokens: number): number {
    this.sizes.set(m, tokens);
    return tokens;
  }

  count(text: string): number {
    return this.exact.count(text);
  }

  message(msg: Message): number {
    const s = this.sizes.get(msg);
    if (s === undefined) throw new Error('AttributedTokens: message priced before its size was attributed');
    return s;
  }

  messages(msgs: readonly Message[]): number {
    let n = 0;
    for (const m of msgs) n += this.message(m);
    return n;
  }

  rough(text: string): number {
    return this.exact.rough(text);
  }

  prime(text: string, tokens: number): void {
    this.exact.prime(text, tokens);
  }
}

/** `total` split in proportion to `weights` (integers, summing exactly to `total`). */
export function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, k) => (k === weights.length - 1 ? total : 0));
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, k) => [r - Math.floor(r), k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let j = 0; left > 0; j = (j + 1) % order.length, left--) out[order[j]![1]]!++;
  return out;
}
