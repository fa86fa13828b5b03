/**
 * Resolving a policy's parameters: user overrides (from `--policy id:key=value` or a scenario) are
 * validated once against the policy's ParamSpecs, and the policy receives a total, typed record.
 */
import type { ParamSpec, PolicyDefinition } from './types.js';
import { FRAMEWORK_ALIASES } from '../frameworks/aliases.js';

export class ParamError extends Error {}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export type RawParams = Readonly<Record<string, unknown>>;

function coerce(spec: ParamSpec, raw: unknown, policyId: string): number | boolean | string {
  const where = `policy ${policyId}: parameter ${spec.name}`;
  const fail = (expected: string): never => {
    throw new ParamError(`${where}: got ${JSON.stringify(raw)}, expected ${expected}`);
  };
  switch (spec.type) {
    case 'number':
    case 'integer': {
      // a plain decimal number only: Number() would also take '0x10', '0b11' and 'Infinity'
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isFinite(n)) return fail(`a ${spec.type}`);
      if (spec.type === 'integer' && !Number.isInteger(n)) return fail('an integer');
      if (spec.min !== undefined && n < spec.min) return fail(`a ${spec.type} >= ${spec.min}`);
      if (spec.max !== undefined && n > spec.max) return fail(`a ${spec.type} <= ${spec.max}`);
      return n;
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return fail('true or false');
    case 'enum':
      if (typeof raw === 'string' && spec.values?.includes(raw)) return raw;
      return fail(`one of ${(spec.values ?? []).join(', ')}`);
    case 'string':
      if (typeof raw === 'string') return raw;
      return fail('a string');
  }
}

/** Defaults overlaid with validated overrides. Unknown names are errors that list the valid ones. */
export function resolveParams(def: PolicyDefinition, overrides: RawParams = {}): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  for (const spec of def.params) out[spec.name] = spec.default;
  for (const [name, raw] of Object.entries(overrides)) {
    const spec = Object.hasOwn(overrides, name) ? def.params.find((p) => p.name === name) : undefined;
    if (!spec) {
      const valid = def.params.map((p) => p.name).join(', ') || '(none)';
      throw new ParamError(`policy ${def.id}: unknown parameter ${JSON.stringify(name)}; valid parameters: ${valid}`);
    }
    out[name] = coerce(spec, raw, def.id);
  }
  return out;
}

/** Parses `id:key=value,key2=value2` (the CLI form) into an id and raw string overrides. */
export function parsePolicySpec(spec: string): { id: string; overrides: Record<string, string> } {
  const colon = spec.indexOf(':');
  const named = (colon < 0 ? spec : spec.slice(0, colon)).trim();
  // a framework short form names the adapter and its one positional parameter (`ai-sdk:./prepare-step.ts`)
  const alias = Object.hasOwn(FRAMEWORK_ALIASES, named) ? FRAMEWORK_ALIASES[named] : undefined;
  const id = alias?.id ?? named;
  // a null prototype, so `__proto__=1` is an own (and then unknown) key instead of a prototype assignment
  const overrides = Object.create(null) as Record<string, string>;
  if (!id) throw new ParamError(`policy spec ${JSON.stringify(spec)}: missing policy id`);
  if (colon >= 0) {
    for (const pair of spec.slice(colon + 1).split(',')) {
      if (!pair.trim()) continue;
      const eq = pair.indexOf('=');
      if (eq <= 0 && alias && !(alias.positional in overrides)) {
        overrides[alias.positional] = pair.trim();
        continue;
      }
      if (eq <= 0) throw new ParamError(`policy spec ${JSON.stringify(spec)}: ${JSON.stringify(pair)} is not key=value`);
      overrides[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
  }
  return { id, overrides };
}
