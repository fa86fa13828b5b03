/**
 * `insertion-trim`: trim giant tool outputs before they enter history, keeping their head and tail
 * around a marker, so no later compaction has to rewrite them (and break the prompt cache) to win
 * that space back.
 *
 * Sources: seed 003 (`003_f0b3a617f6b60d23.txt`) section 7A "Insertion-time trimming" — "trim or
 * summarize giant tool outputs before they become durable transcript history", the "best
 * cache-preserving option". Sizes: NousResearch/hermes-agent PR #85479 (`compression.tool_result_prune`:
 * `threshold_chars` 8192, `head_chars` 4096, `tail_chars` 1024; same node, same role, same
 * tool_call_id — "the most cache-friendly form"), as listed in shared/reference/policies.md §9. That PR
 * prunes in place at compaction time and disables itself when the budget is unsatisfiable; here the
 * same trim runs at insertion, which is what seed 003 proposes. PR #10474's sizes (15,000 / 1,500 /
 * 500) are the other Hermes data point and can be set through the parameters.
 *
 * `withInsertionTrim(base)` composes the trim with any policy: its onAppend trims (then calls the
 * base's onAppend, if any) and every other hook is the base's own.
 */
import type { Message } from '../core/messages.js';
import { nonePolicy } from './none.js';
import { thousands } from './shared/compression-feedback.js';
import { trimHeadTail, type HeadTailOptions } from './shared/head-tail-trim.js';
import type { ContextPolicy, ParamSpec, PolicyDefinition } from './types.js';

/** Defaults of Hermes PR #85479 (`compression.tool_result_prune`). */
export const INSERTION_TRIM_DEFAULTS = { thresholdChars: 8192, headChars: 4096, tailChars: 1024 } as const;

export const INSERTION_TRIM_PARAMS: readonly ParamSpec[] = [
  { name: 'trimThresholdChars', type: 'integer', default: INSERTION_TRIM_DEFAULTS.thresholdChars, min: 1, description: 'tool outputs longer than this many characters (code points) are trimmed as they enter history (Hermes PR #85479 threshold_chars)' },
  { name: 'trimHeadChars', type: 'integer', default: INSERTION_TRIM_DEFAULTS.headChars, min: 0, description: 'characters kept from the start of a trimmed output (PR #85479 head_chars)' },
  { name: 'trimTailChars', type: 'integer', default: INSERTION_TRIM_DEFAULTS.tailChars, min: 0, description: 'characters kept from the end of a trimmed output (PR #85479 tail_chars)' },
];

/** The marker that replaces the middle of a trimmed output. */
export function insertionTrimMarker(omittedChars: number): string {
  return `\n\n[... ${thousands(omittedChars)} characters of tool output trimmed before entering history ...]\n\n`;
}

export interface InsertionTrimConfig {
  thresholdChars: number;
  headChars: number;
  tailChars: number;
}

export interface TrimOutcome {
  message: Message;
  /** code points removed (0: the message is returned as is) */
  omittedChars: number;
}

/**
 * Trims a tool result's text (a string, or each text part of a multimodal body; images stay).
 * Other roles pass through. Returns the same object when nothing was cut.
 */
export function trimToolMessage(msg: Message, cfg: InsertionTrimConfig): TrimOutcome {
  if (msg.role !== 'tool' || msg.content == null) return { message: msg, omittedChars: 0 };
  // Memoized per message object (messages are immutable): a session replaying the same workload gets
  // the same trimmed object, so every memo on it (token count, hash, the base policy's estimates) holds.
  const hit = trimMemo.get(msg);
  if (hit && hit.thresholdChars === cfg.thresholdChars && hit.headChars === cfg.headChars && hit.tailChars === cfg.tailChars) return hit.outcome;
  const outcome = trimUncached(msg, msg.content, cfg);
  trimMemo.set(msg, { ...cfg, outcome });
  return outcome;
}

const trimMemo = new WeakMap<Message, InsertionTrimConfig & { outcome: TrimOutcome }>();

function trimUncached(msg: Message, content: NonNullable<Message['content']>, cfg: InsertionTrimConfig): TrimOutcome {
  const opts: HeadTailOptions = { ...cfg, marker: insertionTrimMarker };
  if (typeof content === 'string') {
    const r = trimHeadTail(content, opts);
    return r.omittedChars ? { message: { ...msg, content: r.text }, omittedChars: r.omittedChars } : { message: msg, omittedChars: 0 };
  }
  let omitted = 0;
  const parts = content.map((p) => {
    if (p.type !== 'text') return p;
    const r = trimHeadTail(p.text, opts);
    omitted += r.omittedChars;
    return r.omittedChars ? { type: 'text' as const, text: r.text } : p;
  });
  return omitted ? { message: { ...msg, content: parts }, omittedChars: omitted } : { message: msg, omittedChars: 0 };
}

/** PR #85479's rule: a budget that cannot cut anything (head + tail ≥ threshold) disables trimming. */
export function trimBudgetSatisfiable(cfg: InsertionTrimConfig): boolean {
  return cfg.headChars + cfg.tailChars < cfg.thresholdChars;
}

const TRIM_NAMES = new Set(INSERTION_TRIM_PARAMS.map((p) => p.name));

/** Builds the composed definition; `id` is the registry id of the result. */
function compose(base: PolicyDefinition, id: string, description: string, source: string): PolicyDefinition {
  const clash = base.params.find((p) => TRIM_NAMES.has(p.name));
  if (clash) throw new Error(`withInsertionTrim(${base.id}): parameter ${JSON.stringify(clash.name)} is defined by both the base policy and the trim`);
  return {
    id, description, source,
    // the composition follows its base's upstream version; the trim itself is seed 003 §7A
    ...(base.version ? { version: base.version } : {}),
    params: [...base.params, ...INSERTION_TRIM_PARAMS],
    // trimming on append adds no behaviour the kit checks; the base's documented properties carry over
    ...(base.upstreamProperties ? { upstreamProperties: base.upstreamProperties } : {}),
    create(params) {
      const baseParams: Record<string, unknown> = {};
      for (const p of base.params) if (p.name in params) baseParams[p.name] = params[p.name];
      const cfg: InsertionTrimConfig = {
        thresholdChars: params.trimThresholdChars as number,
        headChars: params.trimHeadChars as number,
        tailChars: params.trimTailChars as number,
      };
      return trimmingPolicy(id, params, base.create(baseParams), cfg);
    },
  };
}

/** The composed instance: trims in onAppend, delegates every other hook to `inner`. */
function trimmingPolicy(id: string, params: Readonly<Record<string, unknown>>, inner: ContextPolicy, cfg: InsertionTrimConfig): ContextPolicy {
  const enabled = trimBudgetSatisfiable(cfg);
  let trimmed = 0;
  let omittedChars = 0;
  const policy: ContextPolicy = {
    id, params,
    onAppend(msg, ctx) {
      let out = msg;
      if (enabled) {
        const r = trimToolMessage(msg, cfg);
        if (r.omittedChars) {
          trimmed++;
          omittedChars += r.omittedChars;
          out = r.message;
        }
      }
      return inner.onAppend ? inner.onAppend(out, ctx) : out;
    },
    telemetry: () => ({ ...(inner.telemetry?.() ?? {}), trimMessages: trimmed, trimCharsRemoved: omittedChars, trimEnabled: enabled }),
  };
  // Define only the hooks the base has: the harness does per-step work for a hook that exists.
  if (inner.beforeStep) policy.beforeStep = inner.beforeStep.bind(inner);
  if (inner.view) policy.view = inner.view.bind(inner);
  if (inner.afterStep) policy.afterStep = inner.afterStep.bind(inner);
  if (inner.onOverflow) policy.onOverflow = inner.onOverflow.bind(inner);
  if (inner.onCommand) policy.onCommand = inner.onCommand.bind(inner);
  return policy;
}

/**
 * `base` with insertion-time trimming: id `${base.id}${idSuffix}`, the base's parameters plus
 * `trimThresholdChars`, `trimHeadChars`, `trimTailChars`. Throws if the base already uses one of
 * those names.
 */
export function withInsertionTrim(base: PolicyDefinition, idSuffix = '+insertion-trim'): PolicyDefinition {
  return compose(
    base,
    `${base.id}${idSuffix}`,
    `${base.description} Tool outputs above trimThresholdChars are trimmed to head + tail as they enter history.`,
    `${base.source}; insertion trim: seed 003 §7A, sizes from NousResearch/hermes-agent PR #85479`,
  );
}

/** The trim alone (base `none`): shows what insertion-time trimming saves with no compaction at all. */
export const insertionTrimPolicy: PolicyDefinition = {
  ...compose(
  nonePolicy,
  'insertion-trim',
  'Trims tool outputs above trimThresholdChars to head + marker + tail before they enter history; never rewrites history later.',
  'seed 003 §7A (insertion-time trimming); sizes from NousResearch/hermes-agent PR #85479 (threshold 8192, head 4096, tail 1024 chars)',
  ),
  version: 'PR-85479',
};
