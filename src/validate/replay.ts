/**
 * Cache-model validation: replay a recorded session with no policy through the cache model and compare
 * the modelled cache reads and writes with what the provider recorded, call by call.
 *
 * The replay sends, for each recorded call, the request the client sent: the system block, then the
 * history since the last recorded compaction point (Claude Code restarts its history at the summary
 * message), up to the call's assistant message. Message sizes come from the recorded prompt sizes
 * (attributed-tokens.ts), the clock from the recorded timestamps, the write tier from the recorded usage.
 * Each model has its own cache (a model switch starts cold, as on the provider). A call agrees when its
 * modelled read and write are both within `tolerance` × prompt of the recorded ones.
 */
import seedrandom from 'seedrandom';
import { createCacheModel, type BreakpointPreset, type CacheModel } from '../cache/index.js';
import type { CacheProfile, CacheTtl } from '../cache/profiles.js';
import { earliestChangedIndex } from '../core/diff.js';
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { BreakCause } from '../core/usage.js';
import type { ImportedTrace } from '../workload/import/types.js';
import { AttributedTokens } from '../sim/attributed-tokens.js';
import { classify, type Cause } from './causes.js';
import { applyTtl, overrideMechanics, profileForModel, recordedTtl, type MechanicsOverride } from './profile.js';
import { historyStart, isComplete, measuredSystemTokens, promptOf, requestTimes } from './recorded.js';
import { tokenScaleFor } from '../cache/token-scale.js';
import { promptChecks, type PromptCheck } from './unlogged.js';

export interface ValidateOptions {
  /** exact tokenizer, used to split recorded growth over new messages */
  tokens: TokenCounter;
  /** cache profile id or model name; default: each call's recorded model */
  profile?: string;
  /** Anthropic breakpoints; default `auto` (Claude Code) for breakpoint caches */
  breakpoints?: BreakpointPreset;
  /** Anthropic write tier; default: the tier the recorded usage reports */
  ttl?: CacheTtl;
  /** @default 0.05 */
  tolerance?: number;
  /** seed of best-effort caches' hit draws (Gemini implicit) @default 0 */
  seed?: number;
  /** size of the unlogged system block; default: measured from the recording (recorded.ts) */
  systemTokens?: number;
  /** warm the cache before the first call when it recorded a cache read (see `warmStart`) @default true */
  warmStart?: boolean;
  /** test a hypothesis about the provider's cache: override the profile's mechanics */
  mechanics?: MechanicsOverride;
}

export interface TokenPair {
  cacheRead: number;
  cacheWrite: number;
}

export interface CallCheck {
  /** 0-based index among the file's calls with recorded usage */
  call: number;
  msgIndex: number;
  model: string;
  /** seconds since the first call */
  time: number;
  /** recorded prompt tokens (uncached + read + write) */
  prompt: number;
  /** modelled − recorded prompt (0 unless the recorded sizes could not be attributed) */
  promptMismatch: number;
  recorded: TokenPair;
  modelled: TokenPair;
  agrees: boolean;
  /** the cache model's own break label for this request */
  modelBreak: BreakCause | null;
  cause?: Cause;
}

export interface FileCheck {
  file: string;
  calls: CallCheck[];
  agreeing: number;
  recorded: TokenPair;
  modelled: TokenPair;
  disagreements: { call: number; cause: Cause }[];
  profile: string;
  ttlSeconds: number;
  breakpoints: BreakpointPreset;
  /** recorded calls left out (no complete usage) */
  skippedCalls: number;
  /** tokens of the system block the replay used, and where that size comes from */
  systemTokens: number;
  systemSource: 'recorded message' | 'given' | 'measured' | 'first prompt minus messages';
  /** tokens of the prefix warmed before the first call (0: started cold) */
  warmedTokens: number;
  /**
   * prompt-size agreement: calls whose prompt as `run --trace` sends it (exact o200k × the provider's token
   * scale, unlogged parts sized from the recording; validate/unlogged.ts) is within the tolerance of the
   * recorded prompt, in all and before the first recorded compaction
   */
  promptSize: { agreeing: number; calls: number; agreeingBefore: number; callsBefore: number; scale: number; perMessage: number };
  /** whether the session was part of the shipped token-scale fit (set by the command; absent: not known) */
  inFit?: boolean;
}

const SYSTEM_PLACEHOLDER: Message = { role: 'system', content: '[system prompt and tool schemas: not recorded]' };


/** Modelled vs recorded prompt size per call (the prompt `run --trace` sends), in the provider's count. */
export function promptSizeCheck(trace: ImportedTrace, tokens: TokenCounter, profile: CacheProfile, tolerance: number): FileCheck['promptSize'] {
  const ts = tokenScaleFor(profile);
  const checks = promptChecks(trace, tokens, ts);
  const ok = (c: PromptCheck) => Math.abs(c.modelled - c.recorded) <= tolerance * c.recorded;
  const beforeFirst = checks.filter((c) => c.beforeCompaction);
  return {
    agreeing: checks.filter(ok).length, calls: checks.length, agreeingBefore: beforeFirst.filter(ok).length, callsBefore: beforeFirst.length,
    scale: ts.scale, perMessage: ts.perMessage,
  };
}

export function validateTrace(trace: ImportedTrace, opts: ValidateOptions): FileCheck {
  const { messages, meta } = trace;
  const calls = meta.calls.filter(isComplete);
  const tolerance = opts.tolerance ?? 0.05;
  const ttl = opts.ttl ?? recordedTtl(calls);
  const hasSystem = messages[0]?.role === 'system';
  const system = hasSystem ? messages[0]! : { ...SYSTEM_PLACEHOLDER };
  const measured = hasSystem ? undefined : (opts.systemTokens ?? measuredSystemTokens(calls, tolerance));
  const systemSize = hasSystem ? 'scaled' : (measured ?? 'remainder');
  const sizes = new AttributedTokens(opts.tokens);
  const caches = new Map<string, { model: CacheModel; last: readonly Message[] }>();
  const firstProfile = profileOf(opts, calls[0]?.model ?? meta.model, ttl);
  const breakpoints = opts.breakpoints ?? (firstProfile.granularity.kind === 'breakpoints' ? 'auto' : 'none');
  const rng = seedrandom.alea(String(opts.seed ?? 0));
  const times = requestTimes(trace, calls);
  const out: CallCheck[] = [];
  let prevModel: string | undefined;
  let warmedTokens = 0;

  calls.forEach((c, k) => {
    const model = c.model ?? meta.model ?? 'unknown';
    const request = [system, ...messages.slice(historyStart(meta.compactions, c.msgIndex, hasSystem), c.msgIndex)];
    const prompt = promptOf(c);
    const promptMismatch = sizes.attribute(request, prompt, systemSize);
    let slot = caches.get(model);
    if (!slot) {
      const profile = profileOf(opts, model, ttl);
      const switched = prevModel !== undefined ? { switchedFrom: prevModel } : {};
      slot = { model: createCacheModel(profile, { breakpoints, tokens: sizes, rng, ...switched }), last: [] };
      caches.set(model, slot);
      if (k === 0 && opts.warmStart !== false) warmedTokens = warmStart(slot, request, sizes, c.cacheRead + tolerance * prompt, times[0]!);
    }
    const changedFrom = earliestChangedIndex(slot.last, request);
    const usage = slot.model.price({
      request, changedFrom, now: times[k]!, outputTokens: c.output ?? 0,
      editKind: changedFrom < slot.last.length ? 'history' : 'none',
    });
    slot.last = request;
    const recorded = { cacheRead: c.cacheRead, cacheWrite: c.cacheWrite };
    const modelled = { cacheRead: usage.cacheReadTokens, cacheWrite: usage.cacheWriteTokens };
    const limit = tolerance * prompt;
    const agrees = Math.abs(modelled.cacheRead - recorded.cacheRead) <= limit && Math.abs(modelled.cacheWrite - recorded.cacheWrite) <= limit;
    const row: CallCheck = { call: k, msgIndex: c.msgIndex, model, time: times[k]!, prompt, promptMismatch, recorded, modelled, agrees, modelBreak: usage.breakCause };
    if (!agrees) row.cause = classify(row, out[k - 1], {
      trace, ttlSeconds: slot.model.profile.ttlSeconds, prevModel, tolerance, prefixCache: slot.model.profile.granularity.kind === 'prefix',
    });
    out.push(row);
    prevModel = model;
  });

  const promptSize = promptSizeCheck(trace, opts.tokens, firstProfile, tolerance);
  return summarize(meta.source, out, {
    promptSize,
    profile: firstProfile.id, ttlSeconds: firstProfile.ttlSeconds, breakpoints, skippedCalls: meta.calls.length - calls.length,
    systemTokens: out.length ? sizes.message(system) : 0, warmedTokens,
    systemSource: hasSystem ? 'recorded message' : opts.systemTokens !== undefined ? 'given' : measured !== undefined ? 'measured' : 'first prompt minus messages',
  });
}

/**
 * A file's first call may find the provider's cache already warm: a compaction or Task agent forks its
 * parent's prefix, and sessions with the same system prompt share it. The replay cannot know that state,
 * so it takes it from the recording: the longest message prefix of the first request that fits in the
 * recorded first read (plus the tolerance) is sent once before the first call, and its usage discarded.
 * Returns the warmed tokens (0 when even the system block does not fit: the replay then starts cold).
 */
function warmStart(slot: { model: CacheModel; last: readonly Message[] }, request: readonly Message[], sizes: AttributedTokens, fit: number, now: number): number {
  let n = 0;
  let tokens = 0;
  while (n < request.length - 1 && tokens + sizes.message(request[n]!) <= fit) tokens += sizes.message(request[n++]!);
  if (n === 0) return 0;
  const prefix = request.slice(0, n);
  slot.model.price({ request: prefix, changedFrom: 0, now, outputTokens: 0, editKind: 'none' });
  slot.last = prefix;
  return tokens;
}

function profileOf(opts: ValidateOptions, model: string | undefined, ttl: CacheTtl | undefined): CacheProfile {
  return overrideMechanics(applyTtl(profileForModel(opts.profile ?? model), ttl), opts.mechanics);
}

function summarize(file: string, calls: CallCheck[], rest: Omit<FileCheck, 'file' | 'calls' | 'agreeing' | 'recorded' | 'modelled' | 'disagreements'>): FileCheck {
  const recorded = { cacheRead: 0, cacheWrite: 0 };
  const modelled = { cacheRead: 0, cacheWrite: 0 };
  for (const c of calls) {
    recorded.cacheRead += c.recorded.cacheRead;
    recorded.cacheWrite += c.recorded.cacheWrite;
    modelled.cacheRead += c.modelled.cacheRead;
    modelled.cacheWrite += c.modelled.cacheWrite;
  }
  const disagreements = calls.filter((c) => !c.agrees).map((c) => ({ call: c.call, cause: c.cause ?? 'unexplained' }));
  return { file, calls, agreeing: calls.length - disagreements.length, recorded, modelled, disagreements, ...rest };
}
