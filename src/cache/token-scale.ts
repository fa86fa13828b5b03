/**
 * Provider token counts: what a provider bills for a text, as a scale on the exact o200k count.
 *
 * compactbench counts every text exactly with o200k_base (core/tokens.ts). OpenAI's current models use
 * that tokenizer, so their scale is 1. Anthropic and Google bill the same text as more tokens; the
 * scale for each was fitted on recorded usage (`compactbench calibrate --token-scale`, docs/token-scale.md):
 * the scale whose replayed prompts come closest to the recorded ones (validate/scale-fit.ts).
 *
 * Where the scale applies: to what the provider reports and bills — the cache model's prompt tokens,
 * usage and prices, the `lastUsage` a policy reads, the token columns of the records, auxiliary calls.
 * What an agent estimates itself (chars/4, its own exact counts through `ctx.tokens`) is left alone, as
 * upstream agents do not know the provider's count either. The scale is applied once per message at the
 * edge of the usage model (`providerCounter`), on top of the memoized exact count: no re-tokenizing.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { CacheProfile, Provider } from './profiles.js';

/** The provider's count of a message: round(o200k × scale) + perMessage. */
export interface ScaleParams {
  /** provider tokens per o200k token */
  scale: number;
  /** provider tokens each message adds beyond its scaled content (block framing the o200k count lacks) */
  perMessage: number;
}

export interface TokenScale extends ScaleParams {
  provider: Provider;
  /** how the number was obtained */
  source: string;
}

/**
 * Fitted scales (see docs/token-scale.md for the data, the fit and its residuals). A test refits them on
 * ../shared/traces and checks the table still matches.
 */
export const TOKEN_SCALES: Readonly<Record<Provider, TokenScale>> = {
  anthropic: {
    provider: 'anthropic', scale: 1.105, perMessage: 82,
    source: 'fit: 355 calls before the first compaction in 13 Claude Code transcripts (claude-opus-4-6, claude-sonnet-4-5, '
      + 'claude-haiku-4-5), shared/traces/claude-code; residual RMS 1.3%, 100% of calls within 5%; calibrate --token-scale',
  },
  gemini: {
    provider: 'gemini', scale: 1.089, perMessage: 9,
    source: 'fit: 629 calls of 10 mini-swe-agent transcripts (gemini-3-pro-preview via OpenRouter), shared/traces/mini-swe-agent; '
      + 'residual RMS 3.8%, 84.6% of calls within 5%; calibrate --token-scale',
  },
  openai: { provider: 'openai', scale: 1, perMessage: 0, source: 'o200k_base is the tokenizer of OpenAI\'s current models: exact' },
  deepseek: { provider: 'deepseek', scale: 1, perMessage: 0, source: 'not calibrated (no recorded DeepSeek usage): o200k counts as is' },
  unknown: { provider: 'unknown', scale: 1, perMessage: 0, source: 'not calibrated (unknown provider): o200k counts as is' },
};

/**
 * The sessions each shipped scale was fitted on (file base names; a subagent file as `<session>/<file>`),
 * so `validate-cache` can say whether a session it checks was part of the fit or is held out.
 */
export const TOKEN_SCALE_FIT_SESSIONS: Readonly<Partial<Record<Provider, readonly string[]>>> = {
  anthropic: [
    '258c7280-ae70-4798-800f-63464d01a85d.jsonl', '258c7280-ae70-4798-800f-63464d01a85d/agent-a881341.jsonl', '258c7280-ae70-4798-800f-63464d01a85d/agent-acompact-fffbd0.jsonl',
    '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', '8463c716-a2ea-4c14-9efa-87158ebd9f20/agent-a7be2f0.jsonl', '8463c716-a2ea-4c14-9efa-87158ebd9f20/agent-acompact-f46190.jsonl',
    'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', 'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-a93ccab.jsonl', 'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-aa84377.jsonl',
    'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-acompact-70d8e7.jsonl', 'short.jsonl', 'subagent.jsonl', 'tool_heavy.jsonl',
  ],
  gemini: [
    'django__django-11138.traj.json', 'django__django-12273.traj.json', 'django__django-13297.traj.json', 'django__django-15499.traj.json', 'django__django-16256.traj.json',
    'django__django-16569.traj.json', 'pydata__xarray-3305.traj.json', 'sphinx-doc__sphinx-9229.traj.json', 'sympy__sympy-13615.traj.json', 'sympy__sympy-17630.traj.json',
  ],
};

/** Whether a session (its file, and a subagent recorded inside it) was part of the shipped fit for its provider. */
export function inTokenScaleFit(provider: Provider, file: string, sidechain?: string): boolean {
  if (sidechain) return false;
  const parts = file.split(/[\\/]/);
  const name = parts.at(-1) ?? '';
  const key = parts.at(-2) === 'subagents' ? `${parts.at(-3)}/${name}` : name;
  return TOKEN_SCALE_FIT_SESSIONS[provider]?.includes(key) ?? false;
}

export function tokenScaleFor(profile: Pick<CacheProfile, 'provider' | 'model'>): TokenScale {
  return TOKEN_SCALES[profile.provider === 'unknown' ? providerByName(profile.model) : profile.provider];
}

/**
 * The provider of a model the price table does not know (an unpriced replay, `google/gemini-3-pro-preview`
 * via OpenRouter), from its name: the tokenizer is the family's even when the price is unknown.
 */
export function providerByName(model: string): Provider {
  const m = model.toLowerCase();
  if (/claude/.test(m)) return 'anthropic';
  if (/gemini/.test(m)) return 'gemini';
  if (/(^|[/:])(gpt|o\d|codex)/.test(m)) return 'openai';
  if (/deepseek/.test(m)) return 'deepseek';
  return 'unknown';
}

/** Provider tokens of `base` o200k tokens. */
export function toProvider(base: number, scale: number): number {
  return scale === 1 ? base : Math.round(base * scale);
}

/** Provider tokens of a message of `base` o200k tokens. */
export function providerMessage(base: number, p: ScaleParams): number {
  return toProvider(base, p.scale) + p.perMessage;
}

/**
 * A counter that reports the provider's count: each exact (memoized) message count through
 * `providerMessage`, a text's count times the scale. Scale 1 with no per-message term returns `base`.
 */
export function providerCounter(base: TokenCounter, p: ScaleParams): TokenCounter {
  if (p.scale === 1 && p.perMessage === 0) return base;
  return {
    count: (text) => toProvider(base.count(text), p.scale),
    message: (msg: Message) => providerMessage(base.message(msg), p),
    messages: (msgs) => {
      let n = 0;
      for (const m of msgs) n += providerMessage(base.message(m), p);
      return n;
    },
    rough: base.rough,
    prime: (text, tokens) => base.prime(text, tokens),
  };
}
