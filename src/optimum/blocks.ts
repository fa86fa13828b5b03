/**
 * A workload as the offline optimum sees it: per step, the block of messages that arrives between
 * two requests (the previous response and this step's appends), with the token facts an operator
 * needs — its size, what a prune saves in it, and where in it the first prunable message starts —
 * and the step's time, model and output tokens. Counting is the simulator's (TokenCounter.message),
 * so block sizes add up to the prompts the simulator sends without a policy.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { Workload } from '../workload/types.js';
import type { OptimumFamily } from './family.js';

export interface WorkloadBlocks {
  n: number;
  systemTokens: number;
  /** tokens the block adds to history */
  size: Float64Array;
  /** tokens a prune removes from the block (older tool outputs to placeholders, reasoning dropped) */
  saved: Float64Array;
  /** tokens of the block before its first prunable message; -1 when nothing in it is prunable */
  pre: Float64Array;
  /** seconds since the session start when the request is sent */
  time: Float64Array;
  output: Float64Array;
  /** index into `models` of the model that serves the request */
  model: Int32Array;
  models: string[];
  /** tokens of the family's summary message (its text and the message framing) */
  summaryMessage: number;
}

function reasoningTokens(m: Message, tokens: TokenCounter): number {
  let n = 0;
  if (m.reasoning) n += tokens.count(m.reasoning);
  if (m.reasoning_content) n += tokens.count(m.reasoning_content);
  if (m.reasoning_details?.length) n += tokens.count(JSON.stringify(m.reasoning_details));
  return n;
}

/**
 * `tokens` counts as the provider bills (the simulator's provider counter); `outputScale` turns the
 * script's output tokens into the provider's count for a model.
 */
export function workloadBlocks(w: Workload, tokens: TokenCounter, family: OptimumFamily, outputScale: (model: string) => number = () => 1): WorkloadBlocks {
  const n = w.steps.length;
  // an empty message of each role: the framing the provider counts around a placeholder or a summary
  const framing = (role: 'tool' | 'user'): number => tokens.message({ role, content: '', ...(role === 'tool' ? { tool_call_id: 'x' } : {}) });
  const b: WorkloadBlocks = {
    n, systemTokens: tokens.message(w.system),
    size: new Float64Array(n), saved: new Float64Array(n), pre: new Float64Array(n).fill(-1),
    time: new Float64Array(n), output: new Float64Array(n), model: new Int32Array(n), models: [w.model],
    summaryMessage: framing('user') + family.summaryTokens,
  };
  const cap = family.insertionCapTokens;
  const empty = framing('tool');
  const placeholder = empty + family.placeholderTokens;
  let now = 0;
  let model = 0;
  for (let t = 0; t < n; t++) {
    const st = w.steps[t]!;
    now += st.gapBefore;
    for (const ev of st.events ?? []) {
      if (ev.type !== 'model-switch') continue;
      model = b.models.indexOf(ev.model);
      if (model < 0) model = b.models.push(ev.model) - 1;
    }
    const block = t > 0 ? [w.steps[t - 1]!.response, ...st.append] : st.append;
    let size = 0;
    for (const m of block) {
      let full = tokens.message(m);
      if (m.role === 'tool' && cap > 0) full = Math.min(full, empty + cap);
      const prunable = m.role === 'tool' ? Math.max(0, full - placeholder) : m.role === 'assistant' ? reasoningTokens(m, tokens) : 0;
      if (prunable > 0 && b.pre[t]! < 0) b.pre[t] = size;
      b.saved[t] += prunable;
      size += full;
    }
    b.size[t] = size;
    b.time[t] = now;
    b.output[t] = Math.round(st.outputTokens * outputScale(b.models[model]!));
    b.model[t] = model;
    now += st.latency;
  }
  return b;
}
