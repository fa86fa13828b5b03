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

export function traceRunScenario(file: string, trace: ImportedTrace): RunScenario {
  const recorded = trace.meta.model;
  const known = recorded ? getProfile(recorded) : undefined;
  const model = known ? known.id : recorded ? `unpriced:${recorded}` : DEFAULT_TRACE_MODEL;
  const profile = profileFor(model);
  const hash = createHash('sha256').update(JSON.stringify(trace.messages)).digest('hex').slice(0, 12);
  return {
    name: `trace:${basename(file)}`,
    hash,
    settings: {
      breakpoints: profile.provider === 'anthropic' ? 'auto' : 'none',
      summarizer: { fidelity: 1, failureRate: 0, failAt: [] },
    },
    // a step per message at most: enough to size the worker pool
    expectedSteps: trace.messages.length,
    makeWorkload: (_seed, tokens) =>
      traceToWorkload(trace, { contextWindow: profile.contextWindow, maxOutputTokens: 32_000, model, tokens }),
  };
}

export async function traceScenarios(files: readonly string[]): Promise<RunScenario[]> {
  const out: RunScenario[] = [];
  for (const f of files) out.push(traceRunScenario(f, await importTrace(f)));
  return out;
}
