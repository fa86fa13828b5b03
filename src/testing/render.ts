/**
 * Realizes a generated PolicyCase into messages and a Workload the simulator replays.
 *
 * Sizes: every `large` body gets `weight` shares of `fill × window` tokens (one scale factor for the
 * whole conversation), capped at `maxMessageFraction` of the window and at `maxMessageTokens`, so no
 * single message is beyond what agents produce or what a policy could fit. A large body repeats a newline-terminated unit, whose token count is
 * compositional, so its count is registered with the TokenCounter (`prime`) instead of tokenized:
 * a 200k-token conversation renders in milliseconds. Every message is deep-frozen, so a policy that
 * edits one in place (even an image part or reasoning_details) fails loudly.
 */
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../core/tokens.js';
import type { ContentPart, Message, ToolCall } from '../core/messages.js';
import type { ScriptStep, Workload } from '../workload/types.js';
import type { CallSpec, OutputSpec, PolicyCase, StepSpec, TurnSpec } from './spec.js';
import { COMPACTION_MARKER, LARGE_UNITS } from './vocabulary.js';

export interface RenderOptions {
  /** largest single body as a fraction of the window @default 0.25 */
  maxMessageFraction?: number;
  /**
   * largest single body in tokens @default 16_000 — a little above what agents let one tool output put
   * in context (Claude Code persists results over 50k chars, ~12.5k tokens, to disk: policies.md §2b)
   */
  maxMessageTokens?: number;
}

/** A rendered case: the workload, plus the facts invariants need about it. */
export interface RenderedCase {
  workload: Workload;
  /** the whole transcript as the agent would keep it without any policy: system prompt first */
  transcript: Message[];
  /** user messages of the script (the compaction marker excluded), with the step that appends them */
  userMessages: { step: number; message: Message }[];
}

const IMAGE_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

const images = (n: number): ContentPart[] =>
  Array.from({ length: n }, () => ({ type: 'image_url' as const, image_url: { url: IMAGE_URL } }));

/** Builds sized bodies: one scale factor in tokens per weight share, with a per-message cap. */
class Sizer {
  constructor(
    private readonly tokens: TokenCounter,
    private readonly tokensPerWeight: number,
    private readonly capTokens: number,
  ) {}

  body(unit: string, weight: number): string {
    return this.sized(unit, Math.min(this.capTokens, weight * this.tokensPerWeight));
  }

  sized(unit: string, wanted: number): string {
    const per = this.tokens.count(unit);
    const n = Math.max(1, Math.round(wanted / per));
    const text = unit.repeat(n);
    this.tokens.prime(text, n * per);
    return text;
  }
}

function totalWeight(c: PolicyCase): number {
  let w = 0;
  for (const t of c.conversation.turns) {
    w += t.user.largeWeight;
    for (const s of t.steps) for (const call of s.calls) if (call.output.kind === 'large') w += call.output.weight;
  }
  return w;
}

function renderOutput(o: OutputSpec, previous: Message['content'], sizer: Sizer): Message['content'] {
  switch (o.kind) {
    case 'large': return sizer.body(o.unit, o.weight);
    case 'text': return o.text;
    case 'empty': return '';
    case 'same-as-previous': return previous ?? 'ok';
    case 'parts': return [{ type: 'text', text: o.text }, ...images(o.images)];
    case 'cleared': return o.placeholder;
  }
}

const renderArgs = (a: CallSpec['args']): string =>
  typeof a === 'string' ? a : JSON.stringify({ path: 'src/new.ts', content: a.longContent.repeat(40) });

function assistantStep(s: StepSpec, calls: ToolCall[]): Message {
  const m: Message = { role: 'assistant', content: s.text === '' ? null : s.text, tool_calls: calls };
  if (s.reasoning) {
    if (s.reasoning.field === 'reasoning_details') m.reasoning_details = [{ type: 'reasoning.text', text: s.reasoning.text }];
    else m[s.reasoning.field] = s.reasoning.text;
  }
  return m;
}

/** A user message; a pasted body is its own text part (as agents send pasted content), so its count stays primed. */
function userMessage(t: TurnSpec, prefix: string, sizer: Sizer): Message {
  const text = prefix ? `${prefix}\n\n${t.user.text}` : t.user.text;
  if (t.user.largeWeight === 0 && t.user.images === 0) return { role: 'user', content: text };
  const parts: ContentPart[] = [{ type: 'text', text }];
  if (t.user.largeWeight > 0) parts.push({ type: 'text', text: sizer.body(LARGE_UNITS[0]!, t.user.largeWeight) });
  return { role: 'user', content: [...parts, ...images(t.user.images)] };
}

/** The system prompt, inflated to its share of the window; its count is registered, not tokenized. */
function systemMessage(c: PolicyCase, tokens: TokenCounter): Message {
  const head = c.conversation.system;
  const wanted = c.context.systemFraction * c.context.contextWindow;
  if (wanted <= 0) return { role: 'system', content: head };
  const body = new Sizer(tokens, 0, Infinity).sized(LARGE_UNITS[3]!, wanted);
  const content = `${head}\n${body}`;
  tokens.prime(content, tokens.count(`${head}\n`) + tokens.count(body));
  return { role: 'system', content };
}

/** Events before a turn's first step: a switch to a smaller window, then a typed command. */
function turnEvents(c: PolicyCase, t: number, turn: TurnSpec): Pick<ScriptStep, 'events'> {
  const events: NonNullable<ScriptStep['events']> = [];
  const sw = c.context.modelSwitch;
  if (sw && sw.turn === t && sw.contextWindow < c.context.contextWindow) {
    events.push({ type: 'model-switch', model: sw.model, contextWindow: sw.contextWindow, maxOutputTokens: Math.min(c.context.maxOutputTokens, Math.floor(sw.contextWindow / 4)) });
  }
  if (turn.command) events.push({ type: 'command', command: turn.command });
  return events.length ? { events } : {};
}

export function renderCase(c: PolicyCase, tokens: TokenCounter, opts: RenderOptions = {}): RenderedCase {
  const ctx = c.context;
  const window = ctx.contextWindow;
  const system = systemMessage(c, tokens);
  const budget = Math.max(0, ctx.fill * window - ctx.systemFraction * window);
  const w = totalWeight(c);
  const cap = Math.min((opts.maxMessageFraction ?? 0.25) * window, opts.maxMessageTokens ?? 16_000);
  const sizer = new Sizer(tokens, w > 0 ? budget / w : 0, cap);

  const steps: ScriptStep[] = [];
  const userMessages: RenderedCase['userMessages'] = [];
  const transcript: Message[] = [system];
  let nextId = 1;
  let previousOutput: Message['content'] = null;
  let pending: Message[] = [];
  const compacted = c.conversation.compacted;

  c.conversation.turns.forEach((turn, t) => {
    const lead: Message[] = t === 0 && c.conversation.systemInHistory ? [system] : [];
    let prefix = '';
    if (t === 0 && compacted?.style === 'marker-and-summary') {
      lead.push({ role: 'user', content: COMPACTION_MARKER }, { role: 'assistant', content: compacted.summary });
    } else if (t === 0 && compacted?.style === 'merged-into-user') prefix = compacted.summary;
    const user = userMessage(turn, prefix, sizer);
    userMessages.push({ step: steps.length, message: user });
    pending = [...lead, user];
    const responses = [...turn.steps, null];
    responses.forEach((s, k) => {
      let response: Message;
      let results: Message[] = [];
      if (s) {
        const calls = s.calls.map((cs: CallSpec): ToolCall => ({ id: `call_${nextId++}`, type: 'function', function: { name: cs.tool, arguments: renderArgs(cs.args) } }));
        response = assistantStep(s, calls);
        results = s.calls.map((cs, i) => {
          const content = renderOutput(cs.output, previousOutput, sizer);
          previousOutput = content;
          return { role: 'tool', tool_call_id: calls[i]!.id, name: cs.tool, content } as Message;
        });
      } else response = { role: 'assistant', content: turn.final };
      deepFreeze(response);
      for (const m of pending) deepFreeze(m);
      steps.push({
        userTurn: t, append: pending, response,
        outputTokens: Math.max(1, tokens.message(response) - MESSAGE_OVERHEAD_TOKENS),
        gapBefore: k === 0 ? ctx.thinkSeconds : 2, latency: 3,
        ...(k === 0 ? turnEvents(c, t, turn) : {}),
      });
      transcript.push(...pending, response);
      pending = results;
    });
  });

  const workload: Workload = {
    id: `property-case#${c.seed}`, system: deepFreeze(system), steps,
    model: ctx.model, contextWindow: window, maxOutputTokens: ctx.maxOutputTokens,
    meta: { generator: 'compactbench/testing' },
  };
  return { workload, transcript, userMessages };
}
