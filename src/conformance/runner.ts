/**
 * The conformance runner: a short map of adapters keyed by policy id, each able to run the cases and
 * replays of its upstream. Only Hermes has conformance data (shared/conformance/hermes/).
 * `--policy id@version` names the upstream version to check; without one, the version the adapter's
 * cases were produced with (hermes: 8fa8aabb, whatever the registry's current `hermes` follows).
 */
import { runHermesCase, runHermesReplay, type CaseOutcome } from './hermes-adapter.js';
import { ConformanceInputError, discover, type ConformanceItem } from './inputs.js';

export interface ConformanceAdapter {
  /** the upstream versions the adapter can check, the default (the cases' version) first */
  versions: readonly string[];
  runCase(file: string): CaseOutcome;
  runReplay(item: Extract<ConformanceItem, { kind: 'replay' }>): CaseOutcome;
}

export const CONFORMANCE_ADAPTERS: Readonly<Record<string, ConformanceAdapter>> = {
  hermes: { versions: ['8fa8aabb'], runCase: runHermesCase, runReplay: runHermesReplay },
};

export interface ConformanceResult {
  name: string;
  kind: ConformanceItem['kind'];
  pass: boolean;
  difference?: string;
}

/** The adapter for `id` or `id@version` (the version must be one the adapter checks). */
export function adapterFor(policy: string): ConformanceAdapter {
  const at = policy.indexOf('@');
  const id = at < 0 ? policy : policy.slice(0, at);
  const a = Object.hasOwn(CONFORMANCE_ADAPTERS, id) ? CONFORMANCE_ADAPTERS[id] : undefined;
  if (!a) {
    const known = Object.keys(CONFORMANCE_ADAPTERS).join(', ');
    throw new ConformanceInputError(`no conformance adapter for policy ${id} (adapters exist for: ${known})`);
  }
  const version = at < 0 ? a.versions[0]! : policy.slice(at + 1);
  if (!a.versions.includes(version)) {
    throw new ConformanceInputError(
      `no conformance adapter for ${id}@${version}: the ${id} port checks ${a.versions.map((v) => `${id}@${v}`).join(', ')}`,
    );
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
