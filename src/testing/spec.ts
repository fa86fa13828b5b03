/**
 * The compact description of a generated test case. fast-check generates and shrinks these small
 * structures; `render.ts` realizes them into messages and a Workload. Sizes are not generated: the
 * renderer inflates the `large` contents with one scale factor so the conversation reaches
 * `fill × contextWindow` tokens, so shrinking works on structure (fewer turns, steps, calls) while the
 * conversation still reaches the policy's thresholds.
 */

/** A tool result, as agents record them. */
export type OutputSpec =
  /** a big output: `unit` repeated until it has `weight` shares of the conversation's size */
  | { kind: 'large'; unit: string; weight: number }
  /** a short literal output (unicode included) */
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  /** exactly the same content as the previous tool result (what deduplication passes look for) */
  | { kind: 'same-as-previous' }
  /** a content-part array: text plus screenshots (image_url parts) */
  | { kind: 'parts'; text: string; images: number }
  /** an earlier prune already replaced it with this placeholder */
  | { kind: 'cleared'; placeholder: string };

export interface CallSpec {
  tool: string;
  /** JSON arguments (a short object), or a file write whose body repeats `longContent` 40 times */
  args: string | { longContent: string };
  output: OutputSpec;
}

/** Reasoning as agents keep it: the field name depends on the provider. */
export interface ReasoningSpec {
  field: 'reasoning' | 'reasoning_content' | 'reasoning_details';
  text: string;
}

/** One model step that calls tools. */
export interface StepSpec {
  /** assistant text next to the calls ('' is common: a pure tool call) */
  text: string;
  reasoning: ReasoningSpec | null;
  calls: CallSpec[];
}

export interface UserSpec {
  text: string;
  images: number;
  /** a pasted log or file: a large body inflated like a large output (0 = none) */
  largeWeight: number;
}

/** A user turn: the user message, the tool steps that answer it, and the final text answer. */
export interface TurnSpec {
  user: UserSpec;
  steps: StepSpec[];
  final: string;
  /** a manual command typed before this turn's first step (e.g. `/compress`) */
  command?: string;
}

/** How an already-compacted history begins (a summary left by an earlier compaction). */
export type CompactedSpec =
  /** opencode: a user marker and an assistant message carrying the summary */
  | { style: 'marker-and-summary'; summary: string }
  /** Hermes / Claude Code style: the summary text prefixed to the first user message */
  | { style: 'merged-into-user'; summary: string };

export interface ConversationSpec {
  /** system prompt text (tool definitions rendered in); inflated to `systemFraction` of the window */
  system: string;
  /**
   * the history also starts with the system message, as on paths where the agent keeps it in its list
   * (Hermes' gateway and manual paths); by default history excludes it, as the harness contract says
   */
  systemInHistory?: boolean;
  compacted: CompactedSpec | null;
  turns: TurnSpec[];
}

/** The model, window and simulated conditions the conversation is replayed under. */
export interface ContextSpec {
  model: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** total tokens of the conversation as a multiple of the window (>1: it must be compacted to fit) */
  fill: number;
  /** system prompt size as a fraction of the window */
  systemFraction: number;
  /** 1-based summarizer calls that fail, so fallback and cooldown paths run */
  summarizerFailAt: number[];
  /** seconds of user think time before each turn (long gaps expire caches and time-based triggers) */
  thinkSeconds: number;
  /**
   * the user switches to a model with a smaller window before this turn's first step (`/model`), so a
   * policy that cached the window it saw first runs over the new one; absent or null: no switch
   */
  modelSwitch?: ModelSwitchSpec | null;
}

/** A switch to another model with a smaller window, at the start of a user turn. */
export interface ModelSwitchSpec {
  /** the 0-based user turn it happens before (no switch when the conversation is shorter) */
  turn: number;
  model: string;
  contextWindow: number;
}

/** One generated case: everything a run needs, deterministic from this value alone. */
export interface PolicyCase {
  context: ContextSpec;
  conversation: ConversationSpec;
  /** seeds the harness: the policy's rng, the mock summarizer, the cache model */
  seed: number;
  /** parameter overrides drawn from the policy's ParamSpecs (only when parameters are varied) */
  params?: Record<string, number | boolean | string>;
}
