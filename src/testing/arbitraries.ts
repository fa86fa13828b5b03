/**
 * fast-check (v4) arbitraries for policy property tests: conversations shaped the way agents produce
 * them, already-compacted histories, and the model/window/usage conditions a policy runs under.
 *
 * Every arbitrary yields a compact spec (spec.ts), not messages: sizes come from one scale factor at
 * render time, so a shrunk counterexample is a handful of messages that still reaches the thresholds.
 * Shrinking works on structure only: leaves (texts, tool names, outputs, window, seed) are wrapped
 * in `fc.noShrink`, and arrays shrink by dropping turns, steps and calls; options shrink to `null`.
 * A failing case then shrinks in a few hundred evaluations instead of tens of thousands, and the
 * result is still a realistic conversation (leaves are realistic by construction).
 */
import fc from 'fast-check';
import type { ParamSpec, PolicyDefinition } from '../policies/types.js';
import type {
  CallSpec, CompactedSpec, ContextSpec, ConversationSpec, ModelSwitchSpec, OutputSpec, PolicyCase, ReasoningSpec, StepSpec, TurnSpec, UserSpec,
} from './spec.js';
import { COMMANDS, COMMON_TOOLS, LARGE_UNITS, PHRASES, PLACEHOLDERS, PROTECTED_TOOLS, SUMMARY_HEADERS } from './vocabulary.js';

export interface ConversationArbOptions {
  /** @default 1 */
  minTurns?: number;
  /** @default 6 */
  maxTurns?: number;
  /** tool-calling steps per user turn @default 4 */
  maxStepsPerTurn?: number;
  /** parallel calls per step @default 3 */
  maxCallsPerStep?: number;
  /** tool names to draw from @default PROTECTED_TOOLS + COMMON_TOOLS */
  tools?: readonly string[];
  /** image parts in user messages and tool results @default true */
  images?: boolean;
  /** histories that begin with an earlier compaction's summary, and outputs an earlier prune cleared @default true */
  compacted?: boolean;
  /** manual commands (`/compress`, ...) typed before some turns @default true */
  commands?: boolean;
  /** history starts with the system message too (for policies of agents that keep it there) @default false */
  systemInHistory?: boolean;
}

export interface ContextArbOptions {
  /** context windows to draw from (the first is what shrinking moves towards) @default DEFAULT_WINDOWS */
  windows?: readonly number[];
  /** main model ids (priced by src/cache/profiles.ts) @default ['claude-sonnet-4.5', 'gpt-4.1', 'deepseek-v3.2'] */
  models?: readonly string[];
  /** conversation size as a fraction of the window, in percent @default { min: 30, max: 300 } */
  fillPercent?: { min: number; max: number };
  /** scheduled summarizer failures @default true */
  summarizerFailures?: boolean;
  /** switches to a model with a smaller window (one of `windows`) before a later turn @default true */
  modelSwitches?: boolean;
}

export interface PolicyCaseArbOptions {
  conversation?: ConversationArbOptions;
  context?: ContextArbOptions;
}

/**
 * Windows of the models agents run on: 32k (local models Hermes supports), 64k (Hermes' minimum for
 * its thresholds), 128k, 200k (Claude). Smaller windows are below what the modelled agents support
 * (Claude Code reserves 33k for its summary and buffer).
 */
export const DEFAULT_WINDOWS: readonly number[] = [32_000, 64_000, 128_000, 200_000];
export const DEFAULT_MODELS: readonly string[] = ['claude-sonnet-4.5', 'gpt-4.1', 'deepseek-v3.2'];

/** Short text: mostly realistic phrases, sometimes arbitrary unicode (graphemes: emoji, CJK, combining marks). */
export const textArb = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...PHRASES) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }) },
  );

/** Text that is never empty (user messages and final answers; Anthropic rejects empty ones). */
export const nonEmptyTextArb = (): fc.Arbitrary<string> => textArb().map((t) => (t.trim() === '' ? 'Continue.' : t));

const argsArb = (): fc.Arbitrary<CallSpec['args']> =>
  fc.oneof(
    fc.constantFrom('{"command":"npm test"}', '{"path":"src/app.ts"}', '{"query":"cache break"}', '{}', '{"todos":[{"id":1,"status":"done"}]}'),
    fc.string({ unit: 'grapheme', maxLength: 16 }).map((s) => JSON.stringify({ pattern: s })),
    // a long argument (an edit's new file body): the kind Hermes truncates in its prune pass
    fc.constantFrom(...LARGE_UNITS).map((u) => ({ longContent: u })),
  );

export function outputArb(o: ConversationArbOptions = {}): fc.Arbitrary<OutputSpec> {
  const alts: fc.WeightedArbitrary<OutputSpec>[] = [
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('large' as const), unit: fc.constantFrom(...LARGE_UNITS), weight: fc.integer({ min: 1, max: 4 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('text' as const), text: textArb() }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'same-as-previous' as const }) },
  ];
  if (o.images ?? true) {
    alts.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('parts' as const), text: textArb(), images: fc.integer({ min: 1, max: 2 }) }) });
  }
  if (o.compacted ?? true) {
    alts.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('cleared' as const), placeholder: fc.constantFrom(...PLACEHOLDERS) }) });
  }
  return fc.oneof(...alts);
}

export function callArb(o: ConversationArbOptions = {}): fc.Arbitrary<CallSpec> {
  const tools = o.tools ?? [...COMMON_TOOLS, ...PROTECTED_TOOLS];
  return fc.noShrink(fc.record({ tool: fc.constantFrom(...tools), args: argsArb(), output: outputArb(o) }));
}

const reasoningArb = (): fc.Arbitrary<ReasoningSpec | null> =>
  fc.option(fc.noShrink(fc.record({ field: fc.constantFrom('reasoning' as const, 'reasoning_content' as const, 'reasoning_details' as const), text: nonEmptyTextArb() })), { freq: 3 });

export function stepArb(o: ConversationArbOptions = {}): fc.Arbitrary<StepSpec> {
  return fc.record({
    text: fc.noShrink(textArb()),
    reasoning: reasoningArb(),
    // parallel calls are where cuts go wrong (a cut between a call's results): half the steps have several
    // (cross-shrinking lets a counterexample shrink to a single call)
    calls: fc.oneof(
      { withCrossShrink: true },
      fc.array(callArb(o), { minLength: 1, maxLength: o.maxCallsPerStep ?? 3 }),
      fc.array(callArb(o), { minLength: Math.min(2, o.maxCallsPerStep ?? 3), maxLength: o.maxCallsPerStep ?? 3 }),
    ),
  });
}

function userArb(o: ConversationArbOptions): fc.Arbitrary<UserSpec> {
  return fc.noShrink(fc.record({
    text: nonEmptyTextArb(),
    images: (o.images ?? true) ? fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) }) : fc.constant(0),
    largeWeight: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
  }));
}

export function turnArb(o: ConversationArbOptions = {}): fc.Arbitrary<TurnSpec> {
  const base = fc.record({
    user: userArb(o),
    // a third of the turns are answered without tools, so user messages sit next to each other's answers
    // and a cut often lands on one
    steps: fc.oneof(
      { withCrossShrink: true },
      { weight: 1, arbitrary: fc.constant([] as StepSpec[]) },
      { weight: 2, arbitrary: fc.array(stepArb(o), { minLength: 1, maxLength: o.maxStepsPerTurn ?? 4 }) },
    ),
    final: fc.noShrink(nonEmptyTextArb()),
  });
  if (!(o.commands ?? true)) return base;
  return fc.tuple(base, fc.option(fc.noShrink(fc.constantFrom(...COMMANDS)), { freq: 10, nil: undefined }))
    .map(([t, command]) => (command === undefined ? t : { ...t, command }));
}

const compactedArb = (): fc.Arbitrary<CompactedSpec> =>
  fc.noShrink(fc.record({
    style: fc.constantFrom('marker-and-summary' as const, 'merged-into-user' as const),
    summary: fc.tuple(fc.constantFrom(...SUMMARY_HEADERS), nonEmptyTextArb()).map(([h, t]) => `${h}\n${t}`),
  }));

export function conversationArb(o: ConversationArbOptions = {}): fc.Arbitrary<ConversationSpec> {
  const conv = fc.record({
    system: fc.noShrink(fc.constantFrom('You are a coding agent. Use the tools to inspect and change the repository.', 'You are Hermes, a helpful assistant with tools.')),
    compacted: (o.compacted ?? true) ? fc.option(compactedArb(), { freq: 4 }) : fc.constant(null),
    turns: fc.array(turnArb(o), { minLength: o.minTurns ?? 1, maxLength: o.maxTurns ?? 6 }),
  });
  return o.systemInHistory ? conv.map((c) => ({ ...c, systemInHistory: true })) : conv;
}

/**
 * A switch picked independently of the window and resolved against it: the target is one of the
 * windows smaller than the case's (none when it is the smallest), so shrinking the window towards the
 * smallest one drops the switch unless the failure needs it.
 */
const switchPickArb = (o: ContextArbOptions) =>
  (o.modelSwitches ?? true)
    ? fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.noShrink(fc.record({ turn: fc.integer({ min: 1, max: 3 }), pick: fc.integer({ min: 0, max: 99 }), model: fc.constantFrom(...(o.models ?? DEFAULT_MODELS)) })) },
    )
    : fc.constant(null);

function resolveSwitch(pick: { turn: number; pick: number; model: string } | null, window: number, windows: readonly number[]): ModelSwitchSpec | null {
  if (!pick) return null;
  const smaller = windows.filter((w) => w < window);
  if (!smaller.length) return null;
  return { turn: pick.turn, model: pick.model, contextWindow: smaller[pick.pick % smaller.length]! };
}

export function contextArb(o: ContextArbOptions = {}): fc.Arbitrary<ContextSpec> {
  const fill = o.fillPercent ?? { min: 30, max: 300 };
  const windows = o.windows ?? DEFAULT_WINDOWS;
  const fixed = fc.noShrink(fc.record({
    model: fc.constantFrom(...(o.models ?? DEFAULT_MODELS)),
    maxOutputTokens: fc.constantFrom(4096, 8192, 32_000),
    // uniform, not biased to the ends: the thresholds policies care about lie in between
    fill: fc.noBias(fc.integer(fill)).map((p) => p / 100),
    systemFraction: fc.integer({ min: 0, max: 8 }).map((p) => p / 100),
    thinkSeconds: fc.constantFrom(30, 400, 4000),
  }));
  return fc.record({
    fixed,
    // shrinks towards the smallest window: fewer, smaller messages reach the same thresholds
    contextWindow: fc.constantFrom(...windows),
    summarizerFailAt: (o.summarizerFailures ?? true)
      ? fc.oneof({ weight: 3, arbitrary: fc.constant([] as number[]) }, { weight: 1, arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }) })
      : fc.constant([] as number[]),
    modelSwitch: switchPickArb(o),
  }).map(({ fixed: f, contextWindow, summarizerFailAt, modelSwitch }) => {
    const sw = resolveSwitch(modelSwitch, contextWindow, windows);
    return {
      model: f.model, contextWindow, maxOutputTokens: Math.min(f.maxOutputTokens, Math.floor(contextWindow / 4)),
      fill: f.fill, systemFraction: f.systemFraction, summarizerFailAt, thinkSeconds: f.thinkSeconds,
      ...(sw ? { modelSwitch: sw } : {}),
    };
  });
}

/** A whole case: conversation, conditions and the harness seed. */
export function policyCaseArb(o: PolicyCaseArbOptions = {}): fc.Arbitrary<PolicyCase> {
  return fc.record({
    context: contextArb(o.context),
    conversation: conversationArb(o.conversation),
    seed: fc.noShrink(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  });
}

/** A value for one parameter within its spec's range (shrinks towards the default). */
export function paramValueArb(spec: ParamSpec): fc.Arbitrary<number | boolean | string> {
  const d = spec.default;
  switch (spec.type) {
    case 'boolean': return fc.constantFrom(d as boolean, !(d as boolean));
    case 'enum': return fc.constantFrom(d as string, ...(spec.values ?? []).filter((v) => v !== d));
    case 'string': return fc.constant(d as string);
    case 'integer':
    case 'number': {
      const n = d as number;
      const min = spec.min ?? Math.min(0, n);
      const max = spec.max ?? Math.max(n * 4, n + 10);
      const inRange = spec.type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.integer({ min: 0, max: 100 }).map((p) => min + ((max - min) * p) / 100);
      return fc.oneof(fc.constant(n), inRange);
    }
  }
}

/** Parameter overrides across a policy's whole parameter space (thresholds, budgets, switches). */
export function paramsArb(def: PolicyDefinition): fc.Arbitrary<Record<string, number | boolean | string>> {
  const entries = def.params.map((p) => [p.name, paramValueArb(p)] as const);
  return fc.record(Object.fromEntries(entries));
}
