/**
 * Provider usage objects, normalized to the four token classes (uncached input, cache read, cache
 * write, output).
 *
 * - Anthropic (Messages API, as Claude Code logs it): `input_tokens` is already the uncached part;
 *   `cache_read_input_tokens` and `cache_creation_input_tokens` are separate.
 * - OpenAI-style (`prompt_tokens`, also OpenRouter and LiteLLM): `prompt_tokens` includes the cached
 *   part (`prompt_tokens_details.cached_tokens`) and, for Anthropic models behind LiteLLM, the cache
 *   write (`cache_creation_input_tokens`); OpenRouter reports writes as
 *   `prompt_tokens_details.cache_write_tokens`. The uncached part is what remains.
 * - Gemini CLI (`tokens` of a session message): `input` is the prompt including the `cached` part;
 *   `thoughts` are billed as output beside `output`.
 */
import { LIMITS } from '../limits.js';
import { isObj } from './expect.js';
import { kindOf, show } from './errors.js';
import type { Locator, Path } from './locate.js';
import type { RecordedCall } from './types.js';

type Counts = Pick<RecordedCall, 'input' | 'cacheRead' | 'cacheWrite' | 'output'>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Normalized counts of a usage object, or undefined when it is not one. */
export function normalizeUsage(u: unknown): Counts | undefined {
  if (typeof u !== 'object' || u === null || Array.isArray(u)) return undefined;
  const o = u as Record<string, unknown>;
  if (num(o.prompt_tokens) !== undefined) return openAiStyle(o);
  if (num(o.input) !== undefined && num(o.cached) !== undefined) {
    const cached = num(o.cached)!;
    return { input: Math.max(0, num(o.input)! - cached), cacheRead: cached, cacheWrite: 0, output: (num(o.output) ?? 0) + (num(o.thoughts) ?? 0) };
  }
  if (num(o.input_tokens) !== undefined || num(o.cache_read_input_tokens) !== undefined) {
    return {
      input: num(o.input_tokens),
      cacheRead: num(o.cache_read_input_tokens) ?? 0,
      cacheWrite: num(o.cache_creation_input_tokens) ?? 0,
      output: num(o.output_tokens),
    };
  }
  return undefined;
}

function openAiStyle(o: Record<string, unknown>): Counts {
  const details = (typeof o.prompt_tokens_details === 'object' && o.prompt_tokens_details ? o.prompt_tokens_details : {}) as Record<string, unknown>;
  const prompt = num(o.prompt_tokens) ?? 0;
  const cacheRead = num(details.cached_tokens) ?? num(o.cache_read_input_tokens) ?? 0;
  const cacheWrite = num(details.cache_write_tokens) || num(o.cache_creation_input_tokens) || 0;
  return {
    input: Math.max(0, prompt - cacheRead - cacheWrite),
    cacheRead,
    cacheWrite,
    output: num(o.completion_tokens),
  };
}

/** Total prompt tokens of a recorded call (uncached + read + write), when its input is known. */
export function recordedPrompt(c: Counts): number | undefined {
  if (c.input === undefined) return undefined;
  return c.input + (c.cacheRead ?? 0) + (c.cacheWrite ?? 0);
}

/** The token-count fields of the usage objects read above (top level and `prompt_tokens_details`). */
const COUNT_FIELDS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cached_input_tokens', 'reasoning_output_tokens'] as const;
const DETAIL_FIELDS = ['cached_tokens', 'cache_write_tokens'] as const;

/**
 * Checks a recorded usage object at the edge: every token count it holds is a whole number from 0 to
 * LIMITS.recordedCallTokens, and so is the prompt they add up to. A corrupted count (negative, 1e308,
 * a string) fails here naming the file, the line and the field, instead of reaching a report as NaN,
 * Infinity or a negative share. Absent and null fields are fine (a source may not record them).
 */
export function checkUsage(loc: Locator, u: unknown, path: Path): void {
  if (!isObj(u)) return;
  for (const k of COUNT_FIELDS) checkCount(loc, u[k], [...path, k]);
  const details = u.prompt_tokens_details;
  if (isObj(details)) for (const k of DETAIL_FIELDS) checkCount(loc, details[k], [...path, 'prompt_tokens_details', k]);
  const counts = normalizeUsage(u);
  const prompt = counts ? recordedPrompt(counts) : undefined;
  const max = LIMITS.recordedCallTokens;
  if (prompt !== undefined && prompt > max) loc.fail(path, `the recorded prompt adds up to ${prompt} tokens, more than any call can send (${max})`);
}

/** One recorded token count: absent, null, or a whole number from 0 to LIMITS.recordedCallTokens. */
export function checkCount(loc: Locator, v: unknown, at: Path): void {
  if (v === undefined || v === null) return;
  const max = LIMITS.recordedCallTokens;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
    loc.fail(at, `expected a token count (a whole number from 0 to ${max}, the most one call can use), got ${kindOf(v)} ${show(v)}`);
  }
}
