/**
 * One user turn as script steps: the user message, then model calls that each make one or more tool
 * calls (their results are appended before the next call), until a final text answer.
 */
import { MESSAGE_OVERHEAD_TOKENS } from '../core/tokens.js';
import type { Message } from '../core/messages.js';
import { FORMAT_ERROR } from './corpus/prose.js';
import { sampleInt } from './dist.js';
import { LIMITS } from './limits.js';
import { makeCall, type CallContext } from './calls.js';
import { answer, narration, reasoning } from './content/prose.js';
import { modelLatency } from './timing.js';
import type { ScriptStep } from './types.js';

export type TurnContext = CallContext;

/** mini-swe-agent writes its reasoning as a THOUGHT section in the content */
const prefixOf = (cx: TurnContext) => (cx.spec.style === 'mini-swe-agent' ? 'THOUGHT: ' : '');

/** text, reasoning and calls of one response; `final` responses answer the user and call no tools */
function respond(cx: TurnContext, kind: 'tools' | 'final' | 'format-error'): { response: Message; results: Message[]; seconds: number } {
  const { spec, plan, content, tokens } = cx;
  const response: Message = { role: 'assistant', content: null };
  let text = '';
  if (kind === 'final') {
    const a = answer(content, sampleInt(spec.finalAnswer.tokens, plan, LIMITS.textTokens), prefixOf(cx));
    tokens.prime(a.text, a.tokens);
    text = a.text;
  } else if (kind === 'format-error' || !plan.chance(spec.assistantText.emptyRate)) {
    const n = narration(content, Math.max(1, sampleInt(spec.assistantText.tokens, plan, LIMITS.textTokens)), prefixOf(cx));
    tokens.prime(n.text, n.tokens);
    text = n.text;
  }
  if (text) response.content = text;
  const results: Message[] = [];
  let seconds = 0;
  if (kind === 'tools') {
    const count = 1 + (plan.chance(spec.parallel.rate) ? Math.max(1, sampleInt(spec.parallel.extra, plan, LIMITS.parallelExtra)) : 0);
    response.tool_calls = [];
    for (let i = 0; i < count; i++) {
      const made = makeCall(cx);
      response.tool_calls.push(made.call);
      results.push(made.result);
      // parallel calls run together: the batch takes as long as its slowest call
      seconds = Math.max(seconds, made.seconds);
    }
  }
  if (spec.reasoning && plan.chance(spec.reasoning.rate)) {
    const r = reasoning(content, Math.max(1, sampleInt(spec.reasoning.tokens, plan, LIMITS.textTokens)));
    tokens.prime(r.text, r.tokens);
    response[spec.reasoning.field] = r.text;
  }
  return { response, results, seconds };
}

/**
 * The steps of one user turn. `steps` is how many model calls it makes (at least 1); `gap` is the
 * think time before the user message. Only the first `limit` steps are built (--max-steps): each step
 * draws in order and knows only whether it is the turn's last, so they are the full turn's first steps.
 */
export function turnSteps(cx: TurnContext, userTurn: number, user: Message, steps: number, gap: number, limit = steps): ScriptStep[] {
  const out: ScriptStep[] = [];
  let append: Message[] = [user];
  let gapBefore = gap;
  for (let k = 0; k < Math.min(steps, limit); k++) {
    const last = k === steps - 1;
    const formatError = !last && cx.spec.formatErrorRate > 0 && cx.plan.chance(cx.spec.formatErrorRate);
    const r = respond(cx, last ? 'final' : formatError ? 'format-error' : 'tools');
    const outputTokens = cx.tokens.message(r.response) - MESSAGE_OVERHEAD_TOKENS;
    out.push({ userTurn, append, response: r.response, outputTokens, gapBefore, latency: modelLatency(cx.spec.timing, outputTokens) });
    if (formatError) {
      append = [{ role: 'user', content: FORMAT_ERROR }];
      gapBefore = 0.2;
    } else {
      append = r.results;
      gapBefore = r.seconds;
    }
  }
  return out;
}
