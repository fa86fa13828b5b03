/**
 * The sweep grid: `--param name=v1,v2,...` (repeatable) expanded into the product of values, applied
 * to every `--policy` that declares the parameter. The first --param varies slowest, so the grid reads
 * like nested loops in the order given. Values are validated by the policy's own ParamSpecs later,
 * when the specs are resolved (errors name the policy, parameter and allowed range).
 */
import { getPolicy } from '../policies/registry.js';
import { parsePolicySpec } from '../policies/params.js';
import { InputError } from './errors.js';
import type { SweepParam } from './manifest.js';

export function parseSweepParam(raw: string): SweepParam {
  const eq = raw.indexOf('=');
  const name = eq > 0 ? raw.slice(0, eq).trim() : '';
  const values = eq > 0 ? raw.slice(eq + 1).split(',').map((v) => v.trim()).filter(Boolean) : [];
  if (!name || values.length === 0) throw new InputError(`--param: got ${JSON.stringify(raw)}, expected name=v1,v2,... (e.g. triggerFraction=0.6,0.7,0.8)`);
  if (new Set(values).size !== values.length) throw new InputError(`--param ${name}: a value is listed twice in ${JSON.stringify(raw)}`);
  return { name, values };
}

function product(params: readonly SweepParam[]): Record<string, string>[] {
  return params.reduce<Record<string, string>[]>((acc, p) => acc.flatMap((a) => p.values.map((v) => ({ ...a, [p.name]: v }))), [{}]);
}

/** One `id:k=v,...` spec per (policy, grid point), without duplicates (a policy lacking a parameter appears once per distinct point). */
export function sweepPolicySpecs(policies: readonly string[], params: readonly SweepParam[]): string[] {
  const names = new Set<string>();
  for (const p of params) {
    if (names.has(p.name)) throw new InputError(`--param ${p.name} is given twice; list all its values in one --param`);
    names.add(p.name);
  }
  const declared = new Set(policies.flatMap((s) => getPolicy(parsePolicySpec(s).id).params.map((q) => q.name)));
  for (const p of params) {
    if (!declared.has(p.name)) {
      throw new InputError(`--param ${p.name}: no --policy declares it; their parameters: ${[...declared].sort().join(', ') || '(none)'}`);
    }
  }
  const out: string[] = [];
  for (const spec of policies) {
    const { id, overrides } = parsePolicySpec(spec);
    const own = new Set(getPolicy(id).params.map((q) => q.name));
    for (const p of params) {
      if (own.has(p.name) && p.name in overrides) throw new InputError(`--policy ${spec}: ${p.name} is both fixed here and swept by --param`);
    }
    for (const point of product(params.filter((p) => own.has(p.name)))) {
      const all = { ...overrides, ...point };
      const pairs = Object.entries(all).map(([k, v]) => `${k}=${v}`);
      const s = pairs.length ? `${id}:${pairs.join(',')}` : id;
      if (!out.includes(s)) out.push(s);
    }
  }
  return out;
}
