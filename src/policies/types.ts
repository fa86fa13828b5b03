/**
 * The ContextPolicy contract: how a context-management policy plugs into the simulator.
 *
 * Policies are pure with respect to their inputs: they never mutate the arrays or messages they are
 * given (the harness freezes messages and checks the array), and they never report their own cache
 * effect — the harness diffs what they return to find the earliest changed index.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { Usage } from '../core/usage.js';
import type { Summarizer } from '../summarizer/types.js';
import type { UseLog } from './use-log.js';

export interface PolicyContext {
  contextWindow: number;
  maxOutputTokens: number;
  /** 0-based index of the step (model request) about to be made or just made */
  step: number;
  /** 0-based index of the current user turn */
  userTurn: number;
  /** true on the first step of a user turn (turn-start preflight) */
  turnStart: boolean;
  /** simulated seconds since the session started */
  now: number;
  /** the previous step's usage, if any */
  lastUsage?: Usage;
  /** exact tokens of the system prompt (and tool definitions), which is not part of `history` */
  systemTokens: number;
  /** the system prompt text (with tool definitions rendered), for policies that estimate it */
  systemPrompt: string;
  tokens: TokenCounter;
  summarizer: Summarizer;
  /** deterministic random numbers in [0, 1) for this policy */
  rng: () => number;
  /** model id of the main model (changes on a scenario model switch) */
  model: string;
  /** which earlier tool results the steps answered so far used, and when (use-log.ts); absent without needs */
  uses?: UseLog;
}

export interface PolicyResult {
  /** the new history (a new array; unchanged messages may be the same objects) */
  history: Message[];
  /** what the policy did: 'summary', 'prune', 'strip', 'clear', 'trim', ... */
  kind: string;
  note?: string;
  /** free-form per-event facts the policy wants in events.csv (e.g. Hermes' manual-compression feedback) */
  detail?: Record<string, string | number | boolean>;
  /**
   * A cheap hint for the harness, the rewrite's counterpart of `ViewResult.changedFrom`: `history[i]` is
   * the very object the hook's input had at position `i`, for every `i < changedFrom` (0 when unsure).
   * With it the harness freezes and validates only the messages from there, patches its request from
   * there, and checks the invariants of the rewrite incrementally, so a rewrite near the end of a long
   * history costs O(history − changedFrom). Given at all (0 included), it also tells the harness to adopt
   * `history` as its own array instead of copying it (it appends to it on later steps), so the policy
   * finds that very array, grown, on its next hook and can continue its own incremental state: return a
   * new array every time and never touch it after returning. Checked runs verify the hint by identity (a
   * wrong one is a policy failure) and copy the array as without it.
   */
  changedFrom?: number;
  /**
   * The rewrite as an edit of the hook's input, for a rewrite that keeps a long prefix on many steps: the
   * new history is `input[0 : changedFrom]` followed by `tail` (`changedFrom` is then required, an integer
   * no greater than the input's length). Why: a full new array per event costs O(history) to build and to
   * collect, though only the tail changed. With it the harness edits its own array in place (the hook's
   * input: the policy finds that very array, edited and grown, on its next hook) and never reads
   * `history`, so a policy may make `history` a getter that builds the full array only when someone reads it
   * (`tailResult` in policies/shared/tail-result.ts; tests and the property kit do, before the harness
   * applies the result). `history` must still equal the edit. Checked runs build it, verify the tail and
   * the prefix against it by identity (a mismatch is a policy failure), and copy it as without a tail.
   */
  tail?: readonly Message[];
}

/** A request view with a label for the report (e.g. `{ kind: 'clear-tool-uses' }`). */
export interface ViewResult {
  messages: readonly Message[];
  kind?: string;
  note?: string;
  /**
   * What the provider's cache lookup keys on, position for position (same length as `messages`), when
   * that is not the view itself: models the claim (seed 000: Hermes issues #525/#526) that server-side edits are applied
   * after the cache lookup. The harness diffs these keys to find the cache cut, hashes them for prefix
   * matching, and takes token counts from `messages`.
   */
  cacheAs?: readonly Message[];
  /**
   * A cheap hint for the harness: `messages[i]` is the very object the previous call of this `view` returned
   * at position `i`, for every `i < changedFrom` (0 when unsure; the history counts as the previous
   * result when that call returned it). With it the harness patches its copy of the request from there
   * instead of rebuilding and re-diffing it whole, so a step costs O(view − changedFrom). The harness
   * still finds the earliest changed index itself; checked runs verify the hint, and a wrong hint is a
   * policy failure. The harness keeps no reference to `messages` after the call, so a policy may return
   * the same array, patched, every time.
   */
  changedFrom?: number;
}

/** A decision not to act that the report should count (anti-thrash vetoes, cooldown skips, no-ops). */
export interface PolicyVeto {
  veto: string;
}

export type HookResult = PolicyResult | PolicyVeto | undefined;

export const isVeto = (r: HookResult): r is PolicyVeto => !!r && 'veto' in r;

export interface ContextPolicy {
  readonly id: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** transform a newly appended message before it enters history (insertion-time trimming) */
  onAppend?(msg: Message, ctx: PolicyContext): Message;
  /** before a step: may rewrite history (preflight compaction, per-turn microcompact) */
  beforeStep?(history: readonly Message[], ctx: PolicyContext): HookResult;
  /**
   * what is sent: defaults to history; server-side editing and masking views override it. Return the
   * history itself when nothing is hidden (the harness then skips the per-step diff).
   */
  view?(history: readonly Message[], ctx: PolicyContext): readonly Message[] | ViewResult;
  /** after a step's usage is known (the response is already in history): may rewrite history */
  afterStep?(history: readonly Message[], usage: Usage, ctx: PolicyContext): HookResult;
  /** the request exceeded the context window (the HTTP 413 path); called at most `overflowRetries` times */
  onOverflow?(history: readonly Message[], ctx: PolicyContext): HookResult;
  /** a manual command the user typed (e.g. `/compress`, `/microcompact`), from a scenario event */
  onCommand?(command: string, args: string | undefined, history: readonly Message[], ctx: PolicyContext): HookResult;
  /** per-session telemetry the policy keeps (e.g. Hermes' prune-only count); merged into sessions.csv */
  telemetry?(): Record<string, string | number | boolean>;
}

/** A parameter a policy accepts, with its default and where that default comes from. */
export interface ParamSpec {
  name: string;
  type: 'number' | 'integer' | 'boolean' | 'string' | 'enum';
  default: number | boolean | string;
  description: string;
  values?: readonly string[];
  min?: number;
  max?: number;
}

/**
 * An older (or otherwise named) upstream version of a registered policy, selected as `id@version`.
 * Either the same behaviour with other defaults (`defaults`), or a whole definition where the code path
 * differs. The registry derives the definition `id@version` from it.
 */
export interface PolicyVersion {
  /** what this version is and how it differs from the current one, with its source */
  description: string;
  /** parameter defaults that differ in this version (names must be parameters of the policy) */
  defaults?: Readonly<Record<string, number | boolean | string>>;
  /** a whole definition, where the version differs in more than defaults */
  definition?: PolicyDefinition;
}

/** What a port assumes of the workload (PolicyDefinition.workloadFit; docs/policies-agents.md). */
export interface WorkloadFit {
  /** whether compactbench's tool-loop workloads have the shape the agent runs */
  fits: boolean;
  /** what in the workload the port takes as the agent's */
  assumes: string;
  /** what the agent sends or does that the port leaves out */
  leavesOut: string;
}

/** A registry entry: a factory plus the metadata `compactbench policies` prints. */
export interface PolicyDefinition {
  id: string;
  description: string;
  /** the upstream source it follows: repository, file and commit, or the seed */
  source: string;
  /**
   * The upstream version this definition follows by default: a release, a commit or a date. Every
   * registered policy has one; it is what users of that agent run today. Policy modules may omit it.
   */
  version?: string;
  /** other upstream versions, selectable as `id@version` (e.g. `hermes@8fa8aabb`) */
  versions?: Readonly<Record<string, PolicyVersion>>;
  params: readonly ParamSpec[];
  /**
   * Invariants of the property-test kit (`compactbench check`) that the upstream system this policy
   * models does not hold, by design: invariant name → why, with the source. They are still checked and
   * reported (marked as documented), but do not fail the check. Never use this for a bug in the port.
   */
  upstreamProperties?: Readonly<Record<string, string>>;
  /**
   * For a port of an agent: what in the simulated workload the port assumes, what of the agent's own
   * context it leaves out, and whether compactbench's workloads (agent tool loops whose tool results live
   * in the history) have the shape the agent runs. `fits: false` makes every verdict that ranks it say so.
   */
  workloadFit?: WorkloadFit;
  /** create a fresh instance for one session (policies may keep per-session state) */
  create(params: Readonly<Record<string, unknown>>): ContextPolicy;
}
