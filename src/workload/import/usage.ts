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
