/**
 * Runs Hermes conformance data through the port in src/policies/hermes/: a case is one `compress()`
 * call compared on the returned messages (exactly) and on every record field the case lists (except
 * `paths`, which only names code paths); a replay is the reference session loop compared pass by pass
 * and on its totals. Data format: shared/reference/hermes-compressor.md, "Conformance data".
 */
import { z } from 'zod';
import { compress } from '../policies/hermes/compress.js';
import { HermesCompressor, type CompressorVersion } from '../policies/hermes/compressor.js';
import type { PyMsg } from '../policies/hermes/msg.js';
import { runReplayLoop } from '../policies/hermes/replay-loop.js';
import { backendFromSummarizer } from '../policies/hermes/summarizer-backend.js';
import { closeEnough, firstDifference } from './diff.js';
import { createFixedSummarizer } from './fixed-summarizer.js';
import { ConformanceInputError, readJson, readTrace, type ConformanceItem } from './inputs.js';

const Msg = z.record(z.string(), z.unknown());
const CaseConfig = z.looseObject({
  context_length: z.number().int().positive(),
  threshold_percent: z.number().optional(),
  protect_first_n: z.number().int().min(0).optional(),
  protect_last_n: z.number().int().min(0).optional(),
  summary_target_ratio: z.number().optional(),
  max_tokens: z.number().nullable().optional(),
  abort_on_summary_failure: z.boolean().optional(),
  compression_count: z.number().int().min(0).optional(),
  previous_summary: z.string().nullable().optional(),
  fail_summary: z.boolean().optional(),
  // 0000416b's config
  min_tail_user_messages: z.number().int().min(0).optional(),
  model: z.string().optional(),
  model_thresholds: z.record(z.string(), z.number()).optional(),
  threshold_tokens_cap: z.number().nullable().optional(),
});
const CaseFile = z.object({
  config: CaseConfig,
  messages: z.array(Msg),
  current_tokens: z.number().nullable().optional(),
  expected: z.object({ messages: z.array(Msg), record: z.record(z.string(), z.unknown()) }),
});
const ReplayConfig = CaseConfig.extend({ system_prompt_tokens: z.number().min(0) });
const ReplayResult = z.object({ events: z.array(z.record(z.string(), z.unknown())), totals: z.record(z.string(), z.unknown()) });

export type CaseOutcome = { pass: true } | { pass: false; difference: string };

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ConformanceInputError(`${file}: not a Hermes conformance input (${issue.path.join('.') || '$'}: ${issue.message})`);
  }
  return r.data;
}

/** The upstream versions this adapter checks (compressor.ts `CompressorVersion`). */
const VERSIONS: readonly CompressorVersion[] = ['0000416b', '8fa8aabb'];

function compressorFor(config: z.infer<typeof CaseConfig>, version: string): HermesCompressor {
  const v = VERSIONS.find((x) => x === version);
  if (!v) throw new ConformanceInputError(`the Hermes adapter checks ${VERSIONS.join(', ')}, not ${version}`);
  return new HermesCompressor({ ...config, version: v }, backendFromSummarizer(createFixedSummarizer({ fail: config.fail_summary ?? false })));
}

export function runHermesCase(file: string, version = '8fa8aabb'): CaseOutcome {
  const data = parse(CaseFile, readJson(file), file);
  const c = compressorFor(data.config, version);
  const { messages, record } = compress(c, data.messages as PyMsg[], data.current_tokens ?? undefined);
  const msgDiff = firstDifference(data.expected.messages, messages, '$.expected.messages');
  if (msgDiff) return { pass: false, difference: msgDiff };
  const actual = record as unknown as Record<string, unknown>;
  for (const [key, want] of Object.entries(data.expected.record)) {
    if (key === 'paths') continue;
    const d = firstDifference(want, actual[key], `$.expected.record.${key}`);
    if (d) return { pass: false, difference: d };
  }
  return { pass: true };
}

export function runHermesReplay(item: Extract<ConformanceItem, { kind: 'replay' }>, version = '8fa8aabb'): CaseOutcome {
  const config = parse(ReplayConfig, readJson(item.config), item.config);
  const expected = parse(ReplayResult, readJson(item.result), item.result);
  const c = compressorFor(config, version);
  const out = runReplayLoop(c, readTrace(item.trace) as PyMsg[][], config.system_prompt_tokens);
  const n = Math.min(expected.events.length, out.events.length);
  for (let i = 0; i < n; i++) {
    const d = firstDifference(expected.events[i], out.events[i], `$.events[${i}]`);
    if (d) return { pass: false, difference: d };
  }
  if (expected.events.length !== out.events.length) {
    return { pass: false, difference: `$.events: expected ${expected.events.length} passes vs actual ${out.events.length}` };
  }
  const totals = out.totals as unknown as Record<string, unknown>;
  for (const [key, want] of Object.entries(expected.totals)) {
    if (closeEnough(want, totals[key])) continue;
    const d = firstDifference(want, totals[key], `$.totals.${key}`);
    if (d) return { pass: false, difference: d };
  }
  return { pass: true };
}
