/**
 * Gate files: limits on how far a candidate may move any metric from the baseline, e.g. "cost may not
 * rise more than 2%" and "cache breaks per 100 steps may not rise more than 5%" (DESIGN.md). JSON or
 * YAML, validated by a strict zod schema; every error names the field, the value found and what is
 * allowed. Metric keys are those of src/metrics/catalogue.ts.
 *
 * Bounds: `maxRisePct`/`maxRise` cap candidate − baseline (percent of the baseline mean, or in the
 * metric's units); `maxDropPct`/`maxDrop` cap baseline − candidate. A negative bound demands an
 * improvement. `min` is a floor on the candidate's own level, not on a difference: e.g. `retention` at
 * least 0.9, so a candidate that saves money by dropping what later steps use fails even when the
 * baseline forgot as much (gate-level.ts). `test` says which part of the 95% CI must respect the bound:
 *   estimate      the mean delta (default)
 *   significant   fail only when the whole interval is beyond the bound (a significant regression)
 *   conservative  fail when any part of the interval is beyond the bound
 */
import { readFileSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../core/input-file.js';
import { parseDocument } from '../core/input-text.js';
import { z } from 'zod';
import { ALL_METRIC_KEYS, type MetricKey } from '../metrics/catalogue.js';
import { InputError } from './errors.js';

export const GATE_TESTS = ['estimate', 'significant', 'conservative'] as const;
export type GateTest = (typeof GATE_TESTS)[number];
export const BOUNDS = ['maxRisePct', 'maxRise', 'maxDropPct', 'maxDrop'] as const;
export type BoundKey = (typeof BOUNDS)[number];

const finite = z.number().refine(Number.isFinite, 'a finite number');

const LimitSchema = z.strictObject({
  metric: z.enum(ALL_METRIC_KEYS as unknown as [MetricKey, ...MetricKey[]]),
  maxRisePct: finite.optional(),
  maxRise: finite.optional(),
  maxDropPct: finite.optional(),
  maxDrop: finite.optional(),
  min: finite.optional(),
  test: z.enum(GATE_TESTS).optional(),
  scenarios: z.array(z.string().min(1)).min(1).optional(),
  note: z.string().optional(),
});

const GateSchema = z.strictObject({
  description: z.string().optional(),
  test: z.enum(GATE_TESTS).optional(),
  limits: z.array(LimitSchema).min(1),
});

export type GateLimit = z.infer<typeof LimitSchema>;
export type Gate = z.infer<typeof GateSchema>;

export class GateError extends InputError {
  override name = 'GateError';
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || '(top level)';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

function allowedFields(path: readonly PropertyKey[]): readonly string[] {
  return path.length === 0 ? Object.keys(GateSchema.shape) : Object.keys(LimitSchema.shape);
}

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));

/** One line per problem: `field: got VALUE; allowed/expected ...`. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const where = pathText(issue.path);
  const got = show(valueAt(input, issue.path));
  switch (issue.code) {
    case 'invalid_value':
      return `${where}: got ${got}; allowed: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; allowed fields: ${allowedFields(issue.path).join(', ')}`;
    case 'invalid_type':
      return `${where}: got ${got}; expected ${issue.expected}`;
    case 'too_small':
      return `${where}: got ${got}; expected at least ${String(issue.minimum)} ${issue.origin === 'array' ? 'entries' : 'characters'}`;
    default:
      return `${where}: got ${got}; expected ${issue.message}`;
  }
}

/** Validates a parsed gate document; `source` prefixes the error messages. */
export function parseGate(input: unknown, source = 'gate'): Gate {
  const r = GateSchema.safeParse(input);
  if (!r.success) throw new GateError(`${source}: invalid gate file:\n  ${r.error.issues.map((i) => describeIssue(i, input)).join('\n  ')}`);
  r.data.limits.forEach((l, i) => {
    if (!BOUNDS.some((b) => l[b] !== undefined) && l.min === undefined) {
      throw new GateError(`${source}: invalid gate file:\n  limits[${i}]: got no bound for ${l.metric}; expected at least one of ${BOUNDS.join(', ')}, min`);
    }
  });
  return r.data;
}

/** Reads a gate file: YAML when it ends in .yml/.yaml, JSON otherwise. */
export function loadGate(file: string): Gate {
  let text: string;
  try {
    checkInputFile(file, 'gate file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new GateError(e instanceof InputFileError ? e.message : `${file}: cannot read the gate file`);
  }
  let doc: unknown;
  try {
    doc = parseDocument(text, /\.ya?ml$/i.test(file));
  } catch (e) {
    throw new GateError(`${file}: ${(e as Error).message}`);
  }
  return parseGate(doc, file);
}
