/**
 * `run --trace FILE`: each recorded transcript becomes a one-seed scenario replayed exactly like a
 * synthetic session. The model and window come from what the trace recorded; a recorded model that is
 * not in the price table is replayed unpriced (never priced as another model); a trace that recorded
 * no model uses the Claude Sonnet 200k default. Recorded timestamps drive the clock through the
 * importer's workload conversion.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { getProfile } from '../cache/profiles.js';
import { profileFor } from '../sim/setup.js';
import type { RunScenario } from '../sim/run.js';
import { importTrace, traceToWorkload, type ImportedTrace } from '../workload/import/index.js';

export const DEFAULT_TRACE_MODEL = 'claude-sonnet-4.5';

export function traceRunScenario(file: string, trace: ImportedTrace, label = basename(file)): RunScenario {
  const recorded = trace.meta.model;
  const known = recorded ? getProfile(recorded) : undefined;
  const model = known ? known.id : recorded ? `unpriced:${recorded}` : DEFAULT_TRACE_MODEL;
  const profile = profileFor(model);
  const hash = createHash('sha256').update(JSON.stringify(trace.messages)).digest('hex').slice(0, 12);
  return {
    name: `trace:${label}`,
    hash,
    settings: {
      breakpoints: profile.provider === 'anthropic' ? 'auto' : 'none',
      summarizer: { fidelity: 1, failureRate: 0, failAt: [] },
    },
    makeWorkload: (_seed, tokens) =>
      traceToWorkload(trace, { contextWindow: profile.contextWindow, maxOutputTokens: 32_000, model, tokens }),
  };
}

/**
 * One scenario per trace; a multi-conversation file (OpenHands output.jsonl, ShareGPT) given without
 * `#N` gives one scenario per conversation, named `trace:<file>#<n>`.
 */
export async function traceScenarios(files: readonly string[]): Promise<RunScenario[]> {
  const out: RunScenario[] = [];
  for (const f of files) {
    const first = await importTrace(f);
    if (!first.entries || /#\d+$/.test(f)) {
      out.push(traceRunScenario(f, first));
      continue;
    }
    out.push(traceRunScenario(f, first, `${basename(f)}#0`));
    for (let n = 1; n < first.entries; n++) out.push(traceRunScenario(f, await importTrace(f, { entry: n }), `${basename(f)}#${n}`));
  }
  return out;
}
