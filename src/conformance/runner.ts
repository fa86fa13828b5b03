/**
 * The conformance runner: a short map of adapters keyed by policy id, each able to run the cases and
 * replays of its upstream. Only Hermes has conformance data (shared/conformance/hermes/).
 */
import { runHermesCase, runHermesReplay, type CaseOutcome } from './hermes-adapter.js';
import { ConformanceInputError, discover, type ConformanceItem } from './inputs.js';

export interface ConformanceAdapter {
  runCase(file: string): CaseOutcome;
  runReplay(item: Extract<ConformanceItem, { kind: 'replay' }>): CaseOutcome;
}

export const CONFORMANCE_ADAPTERS: Readonly<Record<string, ConformanceAdapter>> = {
  hermes: { runCase: runHermesCase, runReplay: runHermesReplay },
};

export interface ConformanceResult {
  name: string;
  kind: ConformanceItem['kind'];
  pass: boolean;
  difference?: string;
}

export function adapterFor(policyId: string): ConformanceAdapter {
  const a = CONFORMANCE_ADAPTERS[policyId];
  if (!a) {
    const known = Object.keys(CONFORMANCE_ADAPTERS).join(', ');
    throw new ConformanceInputError(`no conformance adapter for policy ${policyId} (adapters exist for: ${known})`);
  }
  return a;
}

export function runItem(adapter: ConformanceAdapter, item: ConformanceItem): ConformanceResult {
  const out = item.kind === 'case' ? adapter.runCase(item.file) : adapter.runReplay(item);
  return { name: item.name, kind: item.kind, ...out };
}

/**
 * Runs every case and replay under `paths`. Bad input (unknown policy, missing path, malformed file)
 * throws ConformanceInputError; a mismatch is a failed result, not an error.
 */
export function runConformance(policyId: string, paths: readonly string[], onResult?: (r: ConformanceResult) => void): ConformanceResult[] {
  const adapter = adapterFor(policyId);
  const items = discover(paths);
  if (items.length === 0) throw new ConformanceInputError(`no conformance cases or replays under ${paths.join(', ')}`);
  return items.map((item) => {
    const r = runItem(adapter, item);
    onResult?.(r);
    return r;
  });
}
