/**
 * How a policy with resolved parameters is named in every record: a label with only the parameters
 * that differ from the defaults, and a hash of all of them. A policy's own business, not the step loop's.
 */
import { createHash } from 'node:crypto';
import type { PolicyDefinition } from './types.js';

/** A policy with its parameters resolved, as one column of a comparison. */
export interface ResolvedPolicy {
  def: PolicyDefinition;
  params: Record<string, number | boolean | string>;
  /** `id` or `id:k=v,...` with only the parameters that differ from the defaults */
  label: string;
  paramsHash: string;
}

export function paramsHash(id: string, params: Record<string, unknown>): string {
  const canonical = JSON.stringify([id, Object.keys(params).sort().map((k) => [k, params[k]])]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 12);
}

export function policyLabel(def: PolicyDefinition, params: Record<string, unknown>): string {
  const diffs = def.params.filter((p) => params[p.name] !== p.default).map((p) => `${p.name}=${String(params[p.name])}`);
  return diffs.length ? `${def.id}:${diffs.join(',')}` : def.id;
}
