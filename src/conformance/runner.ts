/**
 * The conformance runner: a short map of adapters keyed by policy id, each able to run the cases and
 * replays of its upstream. Only Hermes has conformance data (shared/conformance/hermes/ at 8fa8aabb,
 * shared/conformance/hermes-0000416b/ at 0000416b). `--policy id@version` names the upstream version to
 * check; without one, the newest version the adapter checks (hermes: 0000416b, the newest upstream
 * whose compressor could be run; the registry's `hermes` builds on it, see docs/policies-hermes.md).
 */
import { runHermesCase, runHermesReplay, type CaseOutcome } from './hermes-adapter.js';
import { ConformanceInputError, discover, type ConformanceItem } from './inputs.js';

export interface ConformanceAdapter {
  /** the upstream versions the adapter can check, the default (the newest) first */
  versions: readonly string[];
  runCase(file: string, version: string): CaseOutcome;
  runReplay(item: Extract<ConformanceItem, { kind: 'replay' }>, version: string): CaseOutcome;
}

export const CONFORMANCE_ADAPTERS: Readonly<Record<string, ConformanceAdapter>> = {
  hermes: { versions: ['0000416b', '8fa8aabb'], runCase: runHermesCase, runReplay: runHermesReplay },
};

/** An adapter and the upstream version it is to check. */
export interface CheckedVersion {
  id: string;
  version: string;
  adapter: ConformanceAdapter;
}

export interface ConformanceResult {
  name: string;
  kind: ConformanceItem['kind'];
  pass: boolean;
  difference?: string;
}

/** The adapter for `id` or `id@version` (the version must be one the adapter checks). */
export function adapterFor(policy: string): ConformanceAdapter {
  return versionFor(policy).adapter;
}

/** The adapter and version `id` or `id@version` names (no version: the adapter's newest). */
export function versionFor(policy: string): CheckedVersion {
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
  return { id, version, adapter: a };
}

export function runItem(adapter: ConformanceAdapter, item: ConformanceItem, version = adapter.versions[0]!): ConformanceResult {
  const out = item.kind === 'case' ? adapter.runCase(item.file, version) : adapter.runReplay(item, version);
  return { name: item.name, kind: item.kind, ...out };
}

/**
 * Runs every case and replay under `paths`. Bad input (unknown policy, missing path, malformed file)
 * throws ConformanceInputError; a mismatch is a failed result, not an error.
 */
export function runConformance(
  policyId: string,
  paths: readonly string[],
  onResult?: (r: ConformanceResult) => void,
  onStart?: (checked: CheckedVersion) => void,
): ConformanceResult[] {
  const checked = versionFor(policyId);
  const items = discover(paths);
  if (items.length === 0) throw new ConformanceInputError(`no conformance cases or replays under ${paths.join(', ')}`);
  onStart?.(checked);
  return items.map((item) => {
    const r = runItem(checked.adapter, item, checked.version);
    onResult?.(r);
    return r;
  });
}
