/**
 * Which reasoning a provider needs sent back, per provider. Agents keep reasoning on assistant messages
 * (`reasoning`, `reasoning_content`, `reasoning_details`) and adapters send it back as the provider's
 * blocks; a policy that strips it where the provider requires it gets HTTP 400.
 *
 * - Anthropic (extended thinking): "when you return a tool result, the thinking blocks from the assistant
 *   message must come back with it", complete and unmodified; else "messages.N.content.0.type: expected
 *   `thinking` or `redacted_thinking`". Earlier turns' thinking may be omitted (the API drops it).
 *   Source: platform.claude.com/docs/build-with-claude/thinking-tool-workflows ("Pass thinking blocks back
 *   complete and unmodified"); shared/reference/policies.md §3b.
 * - DeepSeek (thinking mode, V3.2 and later): "between two user messages, if the model made tool calls,
 *   the assistant's reasoning_content must be passed back to the API in all subsequent requests" (else
 *   400 "The reasoning_content in the thinking mode must be passed back to the API"). Source:
 *   api-docs.deepseek.com/guides/thinking_mode (tool calls); opencode issue #24722.
 * - Gemini (3 and later, function calling): every function call of the current turn must carry its
 *   thought signature (400 "Function call is missing a thought_signature"); OpenAI-format gateways carry
 *   it in `reasoning_details`. Source: ai.google.dev/gemini-api/docs/thought-signatures.
 * - OpenAI chat completions takes no reasoning back: no rule.
 */
import type { Message } from '../../core/messages.js';
import { getProfile, type Provider } from '../../cache/profiles.js';

/**
 * Which assistant messages of a request must keep the reasoning they were produced with:
 * - `current-tool-use`: the assistant turn whose tool calls the request's trailing tool results answer;
 * - `current-turn`: every assistant message that calls tools after the newest user message;
 * - `tool-turns`: every assistant message that calls tools, in every request;
 * - `none`: no requirement.
 */
export type ThinkingScope = 'current-tool-use' | 'current-turn' | 'tool-turns' | 'none';

export interface ThinkingRule {
  scope: ThinkingScope;
  /** what the provider answers, and where it says so */
  source: string;
}

export const THINKING_RULES: Readonly<Record<Provider, ThinkingRule>> = {
  anthropic: { scope: 'current-tool-use', source: 'Anthropic extended thinking: thinking blocks must be passed back with the tool results they precede (platform.claude.com/docs/build-with-claude/thinking-tool-workflows)' },
  deepseek: { scope: 'tool-turns', source: 'DeepSeek thinking mode: reasoning_content of turns with tool calls must be passed back in all later requests (api-docs.deepseek.com/guides/thinking_mode)' },
  gemini: { scope: 'current-turn', source: 'Gemini function calling: every function call of the current turn needs its thought signature (ai.google.dev/gemini-api/docs/thought-signatures)' },
  openai: { scope: 'none', source: 'OpenAI chat completions takes no reasoning back' },
  unknown: { scope: 'none', source: 'no known rule' },
};

/** The provider of a model id (from the price table), or `unknown`. */
export const providerOf = (model: string | undefined): Provider => (model ? getProfile(model)?.provider ?? 'unknown' : 'unknown');

/** The reasoning fields a message carries, as one comparable string ('' when none). */
export function reasoningKey(m: Message): string {
  const r: Record<string, unknown> = {};
  if (m.reasoning) r.reasoning = m.reasoning;
  if (m.reasoning_content) r.reasoning_content = m.reasoning_content;
  if (m.reasoning_details?.length) r.reasoning_details = m.reasoning_details;
  return Object.keys(r).length ? JSON.stringify(r) : '';
}

const callsTools = (m: Message): boolean => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0;

/** Indices of the assistant messages the rule requires reasoning on. */
function required(request: readonly Message[], scope: ThinkingScope): number[] {
  const out: number[] = [];
  if (scope === 'none') return out;
  if (scope === 'tool-turns') {
    request.forEach((m, i) => { if (callsTools(m)) out.push(i); });
    return out;
  }
  if (scope === 'current-turn') {
    for (let i = request.length - 1; i >= 0 && request[i]!.role !== 'user'; i--) if (callsTools(request[i]!)) out.push(i);
    return out;
  }
  // current-tool-use: the trailing tool results, then the assistant turn they answer
  let i = request.length - 1;
  if (request[i]?.role !== 'tool') return out;
  while (i >= 0 && request[i]!.role === 'tool') i--;
  for (; i >= 0 && request[i]!.role === 'assistant'; i--) if (callsTools(request[i]!)) out.push(i);
  return out;
}

export interface ThinkingViolation {
  index: number;
  detail: string;
}

/**
 * Assistant messages of `request` that the provider's rule requires reasoning on and that lost (or
 * changed) the reasoning they were produced with. `produced` maps call ids to the messages as produced
 * and their models; only messages the same provider produced are judged (after a switch of provider,
 * the earlier model's reasoning cannot be verified by the new one and adapters drop it).
 */
export function thinkingViolations(
  request: readonly Message[], provider: Provider, produced: ReadonlyMap<string, { message: Message; model: string }>,
): ThinkingViolation[] {
  const out: ThinkingViolation[] = [];
  for (const i of required(request, THINKING_RULES[provider].scope)) {
    const m = request[i]!;
    const p = produced.get(m.tool_calls![0]!.id);
    if (!p || providerOf(p.model) !== provider) continue;
    const original = p.message;
    const want = reasoningKey(original);
    if (!want || reasoningKey(m) === want) continue;
    const ids = m.tool_calls!.map((c) => c.id).join(', ');
    out.push({ index: i, detail: `assistant message ${i} (calls ${ids}) was produced with reasoning and is sent ${reasoningKey(m) ? 'with it changed' : 'without it'}` });
  }
  return out;
}
