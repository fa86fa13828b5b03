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
 * Fitted scales (see docs/replay-fidelity.md for the data, the fit and its residuals, in sample and
 * leave-one-session-out). test/fidelity/token-scale.test.ts refits them on ../shared/traces and checks the
 * table still matches; test/fidelity/leave-one-out.test.ts checks the shipped Anthropic scale's
 * leave-one-session-out agreement (≥ 95% of calls within 5%).
 *
 * Anthropic: fitted on every Claude Code session in shared/traces (the 13 shared transcripts the first fit
 * used — 1.105 + 82 — and the 43 sessions and subagents added for issue 31, CLI 1.0 to 2.1). The first fit's
 * per-message term was too large for CLI 1.0 sessions (36–91% of their calls within 5%); pooled, every
 * source but one (the CLI 2.0.24 pomodoro session, 67%) has ≥ 98% of its calls within 5%, left out.
 */
export const TOKEN_SCALES: Readonly<Record<Provider, TokenScale>> = {
  anthropic: {
    provider: 'anthropic', scale: 1.137, perMessage: 44,
    source: 'fit: 1,500 calls before the first compaction in 56 Claude Code sessions (CLI 1.0.17 to 2.1.39, subagents included; '
      + 'Opus, Sonnet and Haiku 4.x), every Claude Code session in shared/traces; residual RMS 1.9%, 98.9% of calls within 5%; '
      + 'left out per session: RMS 2.0%, 98.5% within 5%; calibrate --token-scale',
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
 * so `validate-cache` can say whether a session it checks was part of the fit or is held out. The
 * subagents a listed Claude Code file records inline (`FILE>agent-<id>`, `FILE>sidechain-<n>`) were fitted
 * with it.
 */
export const TOKEN_SCALE_FIT_SESSIONS: Readonly<Partial<Record<Provider, readonly string[]>>> = {
  anthropic: [
    // shared/traces/claude-code
    '258c7280-ae70-4798-800f-63464d01a85d.jsonl', '258c7280-ae70-4798-800f-63464d01a85d/agent-a881341.jsonl', '258c7280-ae70-4798-800f-63464d01a85d/agent-acompact-fffbd0.jsonl',
    '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', '8463c716-a2ea-4c14-9efa-87158ebd9f20/agent-a7be2f0.jsonl', '8463c716-a2ea-4c14-9efa-87158ebd9f20/agent-acompact-f46190.jsonl',
    'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', 'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-a93ccab.jsonl', 'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-aa84377.jsonl',
    'fa812bfe-b295-4cca-9c2f-fdf01028cb46/agent-acompact-70d8e7.jsonl', 'short.jsonl', 'subagent.jsonl', 'tool_heavy.jsonl',
    // shared/traces/claude-code-entire-cli
    '5c5cb639eac4-0.full.jsonl', '649d11045222-0.full.jsonl', '7033bba9319c-2.full.jsonl', '7d66f047ac98-0.full.jsonl',
    'b96b93f2526f-2.full.jsonl', 'bb781d6f3a8e-0.full.jsonl', 'd37d736cbc10-0.full.jsonl', 'e577a6f39913-0.full.jsonl',
    // shared/traces/claude-code-happy-cli, claude-code-viewer-fixtures, claude-code-sniffly
    '400429ba-c1e1-4ef5-a7ec-fe40608df53b.jsonl',
    '1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl', '5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl', 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    'ba79134d-b6e9-4867-af0c-6941038c9e4b.jsonl', 'd3ad4cdc-5657-435d-98fa-0035d53e383d.jsonl', 'fed8ce56-bc79-401f-a83e-af084253362f.jsonl',
    // shared/traces/ai-sessions, agtrace (their Claude Code sessions)
    'claude-code-pomodoro-timer.jsonl', 'claude_session.jsonl',
  ],
  gemini: [
    'django__django-11138.traj.json', 'django__django-12273.traj.json', 'django__django-13297.traj.json', 'django__django-15499.traj.json', 'django__django-16256.traj.json',
    'django__django-16569.traj.json', 'pydata__xarray-3305.traj.json', 'sphinx-doc__sphinx-9229.traj.json', 'sympy__sympy-13615.traj.json', 'sympy__sympy-17630.traj.json',
  ],
};

/**
 * Whether a session was part of the shipped fit for its provider: its file, or a subagent recorded inside a
 * file of the fit, which was fitted with it (so the file alone decides).
 */
export function inTokenScaleFit(provider: Provider, file: string): boolean {
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
