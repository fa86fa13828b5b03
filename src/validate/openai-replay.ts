/**
 * Cache validation of Codex rollouts (OpenAI Responses API) against the recorded `cached_input_tokens`.
 *
 * The request of each recorded call is what Codex sent: its instructions (message 0, the same text in
 * every session of the client version), the tool schemas (not recorded: a placeholder sized to what the
 * first call's prompt leaves), then the history since the last compaction up to the call, with earlier
 * turns' reasoning dropped as the API does (`renderer`). Sizes come
 * from the recorded prompts (attributed-tokens.ts), the clock from the recorded times. Reads are priced
 * by the expected-value prefix cache of openai-prefix.ts:
 * - the shared instructions are always warm (the first call of a session reads exactly them; their size
 *   is taken from that read when the first call read part of its prompt, else from the tokenizer);
 * - a session's own prefix lives until `maxIdleSeconds` idle (OpenAI's documented one-hour bound);
 * - `hitProbability` < 1 prices best-effort misses as an expected value.
 * OpenAI has no cache writes; write columns stay 0. Every disagreement gets a cause (see `openAiCause`).
 */
import type { Message } from '../core/messages.js';
import type { ImportedTrace } from '../workload/import/types.js';
import { AttributedTokens } from '../sim/attributed-tokens.js';
import type { Cause } from './causes.js';
import { OpenAiPrefixCache, type OpenAiPrefixOptions, type PrefixRead } from './openai-prefix.js';
import { profileForModel } from './profile.js';
import { historyStart, isComplete, promptOf, requestTimes, type CompleteCall } from './recorded.js';
import { promptSizeCheck, type CallCheck, type FileCheck, type ValidateOptions } from './replay.js';

/** Idle time after which OpenAI documents that in-memory entries are typically evicted (5–10 min). */
export const TYPICAL_EVICTION_SECONDS = 300;

/**
 * Share of requests that find their session's live prefix. OpenAI documents hits as best-effort but gives
 * no rate; 0.97 is measured on the shared Codex rollouts (9 of 281 requests within the one-hour bound
 * read only the shared instructions). Override with `--hit-probability`.
 */
export const CODEX_HIT_PROBABILITY = 0.97;

const TOOLS_PLACEHOLDER = '[tool schemas: not recorded]';

export function validateOpenAiTrace(trace: ImportedTrace, opts: ValidateOptions & { prefix?: OpenAiPrefixOptions }): FileCheck {
  const { messages, meta } = trace;
  const calls = meta.calls.filter(isComplete);
  const tolerance = opts.tolerance ?? 0.05;
  const instructions = messages[0]!;
  const first = calls[0];
  const shared = first && first.cacheRead > 0 && first.cacheRead < promptOf(first) ? first.cacheRead : opts.tokens.message(instructions);
  const tools = toolsPlaceholder(trace, first, shared, opts);
  const sizes = new AttributedTokens(opts.tokens);
  const m = opts.mechanics ?? {};
  const cache = new OpenAiPrefixCache({
    sharedTokens: shared, hitProbability: m.hitProbability ?? CODEX_HIT_PROBABILITY,
    ...(m.unitTokens !== undefined ? { unitTokens: m.unitTokens } : {}),
    ...(m.minCacheableTokens !== undefined ? { minTokens: m.minCacheableTokens } : {}),
    ...(m.ttlSeconds !== undefined ? { maxIdleSeconds: m.ttlSeconds } : {}),
    ...opts.prefix,
  });
  const times = requestTimes(trace, calls);
  const keyOf = contentKeys();
  const rendered = renderer();
  const out: CallCheck[] = [];

  calls.forEach((c, k) => {
    const request = [instructions, tools, ...rendered(messages.slice(historyStart(meta.compactions, c.msgIndex, true), c.msgIndex))];
    const prompt = promptOf(c);
    const promptMismatch = sizes.attribute(request, prompt, k === 0 ? shared : 'scaled');
    const sent = cache.send(request.map(keyOf), request.map((m) => sizes.message(m)), times[k]!);
    const recorded = { cacheRead: c.cacheRead, cacheWrite: c.cacheWrite };
    const modelled = { cacheRead: Math.min(sent.read, prompt), cacheWrite: 0 };
    const agrees = Math.abs(modelled.cacheRead - recorded.cacheRead) <= tolerance * prompt && recorded.cacheWrite <= tolerance * prompt;
    const row: CallCheck = {
      call: k, msgIndex: c.msgIndex, model: c.model ?? meta.model ?? 'unknown', time: times[k]!, prompt, promptMismatch,
      recorded, modelled, agrees, modelBreak: null,
    };
    if (!agrees) row.cause = openAiCause(row, out[k - 1], sent, trace, tolerance);
    out.push(row);
  });

  const profile = profileForModel(opts.profile ?? calls[0]?.model ?? meta.model);
  const recorded = { cacheRead: 0, cacheWrite: 0 };
  const modelled = { cacheRead: 0, cacheWrite: 0 };
  for (const c of out) {
    recorded.cacheRead += c.recorded.cacheRead;
    recorded.cacheWrite += c.recorded.cacheWrite;
    modelled.cacheRead += c.modelled.cacheRead;
  }
  const disagreements = out.filter((c) => !c.agrees).map((c) => ({ call: c.call, cause: c.cause ?? 'unexplained' }));
  return {
    file: meta.source, calls: out, agreeing: out.length - disagreements.length, recorded, modelled, disagreements,
    promptSize: promptSizeCheck(trace, opts.tokens, profile, tolerance),
    profile: profile.id, ttlSeconds: opts.prefix?.maxIdleSeconds ?? m.ttlSeconds ?? 3600, breakpoints: 'none', skippedCalls: meta.calls.length - calls.length,
    systemTokens: out.length ? sizes.message(instructions) + sizes.message(tools) : 0, systemSource: 'first prompt minus messages',
    warmedTokens: shared,
  };
}

/**
 * The unrecorded tool schemas as a message whose tokenizer size is what the first prompt leaves after
 * the shared instructions and the first request's messages, so the first call's attribution keeps each
 * recorded message near its tokenizer size instead of inflating all of them.
 */
function toolsPlaceholder(trace: ImportedTrace, first: CompleteCall | undefined, shared: number, opts: ValidateOptions): Message {
  if (!first) return { role: 'system', content: TOOLS_PLACEHOLDER };
  const start = historyStart(trace.meta.compactions, first.msgIndex, true);
  const rest = opts.tokens.messages(trace.messages.slice(start, first.msgIndex));
  const target = Math.max(0, promptOf(first) - shared - rest);
  return { role: 'system', content: `${TOOLS_PLACEHOLDER}${' tool'.repeat(target)}` };
}

/**
 * The history as the model sees it: reasoning items of earlier turns (before the last user message) are
 * dropped by the Responses API, so those assistant messages are rendered without their reasoning. The
 * stripped copy is made once per message, so later requests send the same object (same size, same key).
 * Why it matters: the first request of a new turn shares the cached prefix only up to the previous
 * turn's first reasoning item, which is what the recorded reads show.
 */
function renderer(): (history: readonly Message[]) => Message[] {
  const stripped = new WeakMap<Message, Message>();
  return (history) => {
    let lastUser = -1;
    for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'user') { lastUser = i; break; }
    return history.map((m, i) => {
      if (i > lastUser || m.role !== 'assistant' || m.reasoning === undefined) return m;
      let s = stripped.get(m);
      if (!s) {
        const { reasoning: _dropped, ...rest } = m;
        stripped.set(m, (s = rest));
      }
      return s;
    });
  };
}

/** Content keys (JSON of the message), memoized per message object. */
function contentKeys(): (m: Message) => string {
  const memo = new WeakMap<Message, string>();
  return (m) => {
    let k = memo.get(m);
    if (k === undefined) memo.set(m, (k = JSON.stringify(m)));
    return k;
  };
}

/**
 * Why a Codex call's recorded read differs from the modelled one, checked in order:
 * `warm-start` (first call), `compaction` (a compaction since the previous call), `prompt-mismatch`
 * (the recorded prompt shrank: Codex or the API dropped earlier items, e.g. previous turns' reasoning,
 * so the modelled request cannot have the recorded size), `ttl-expiry` (the provider evicted the
 * session's prefix after a pause of at least the typical 5-minute eviction, before the modelled
 * one-hour bound; or it kept it longer), `best-effort-miss` (no pause, but the request read only the
 * shared prefix: routed to a machine without the session's prefix), `partial-hit` (the request read an
 * older, shorter prefix of the session), `expected-value` (the request read its whole prefix; the model's
 * read is the expected value over the best-effort miss chance, lower by more than the tolerance), else
 * `unexplained`.
 */
export function openAiCause(row: CallCheck, prev: CallCheck | undefined, sent: PrefixRead, trace: ImportedTrace, tolerance: number): Cause {
  if (!prev) return 'warm-start';
  if (trace.meta.compactions.some((p) => p.beforeMsgIndex > prev.msgIndex && p.beforeMsgIndex <= row.msgIndex)) return 'compaction';
  if (row.promptMismatch !== 0) return 'prompt-mismatch';
  const gap = row.time - prev.time;
  const slack = tolerance * row.prompt;
  const readsShared = row.recorded.cacheRead <= sent.shared + slack;
  if (gap >= TYPICAL_EVICTION_SECONDS && (readsShared || row.recorded.cacheRead > row.modelled.cacheRead)) return 'ttl-expiry';
  if (readsShared) return 'best-effort-miss';
  if (row.recorded.cacheRead >= sent.full - slack && row.modelled.cacheRead < row.recorded.cacheRead) return 'expected-value';
  if (row.recorded.cacheRead < row.modelled.cacheRead) return 'partial-hit';
  return 'unexplained';
}
