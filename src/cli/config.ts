/**
 * The config file a team checks in: `compactbench.config.yaml` (or `.yml`, `.json`) in the working
 * directory, or any file given with `--config`. Keys mirror the CLI (lists where a flag repeats):
 * `scenarios`, `policies` (written as on the command line), `baseline`, `seeds`, `gate`, `out`, `openLoop`,
 * `minRetention`. Validated
 * once here (zod, strict: an unknown key is an error naming it); relative paths are resolved against the
 * file's directory; flags given on the command line override the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../core/input-file.js';
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { looksLikePath } from '../testing/policy-module.js';
import { DocumentError, parseDocument } from '../core/input-text.js';
import { UsageError } from './errors.js';

export const CONFIG_NAMES = ['compactbench.config.yaml', 'compactbench.config.yml', 'compactbench.config.json'];

const ConfigSchema = z.strictObject({
  scenarios: z.array(z.string().min(1)).min(1).optional(),
  policies: z.array(z.string().min(1)).min(1).optional(),
  baseline: z.string().min(1).optional(),
  seeds: z.number().int().positive().optional(),
  gate: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  /** replay generated workloads open-loop (as `--open-loop`): no re-fetch of what a policy removed */
  openLoop: z.boolean().optional(),
  /** the verdict's retention floor, and in compare a gate check on the candidate (as `--min-retention`) */
  minRetention: z.number().min(0).max(1).optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

function issueText(i: z.core.$ZodIssue, doc: unknown): string {
  const where = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
  let got: unknown = doc;
  for (const p of i.path) got = got && typeof got === 'object' ? (got as Record<PropertyKey, unknown>)[p] : undefined;
  if (i.code === 'unrecognized_keys') return `${where}: unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}; allowed keys: ${Object.keys(ConfigSchema.shape).join(', ')}`;
  return `${where}: got ${got === undefined ? 'nothing' : JSON.stringify(got)}; expected ${i.code === 'invalid_type' ? i.expected : i.message}`;
}

/** Parses and validates a config document; relative paths become relative to `dir`. */
export function parseConfig(doc: unknown, file: string): Config {
  const r = ConfigSchema.safeParse(doc ?? {});
  if (!r.success) throw new UsageError(`${file}: invalid config:\n  ${r.error.issues.map((i) => issueText(i, doc)).join('\n  ')}`);
  const dir = path.dirname(file);
  const rel = (p: string): string => (path.isAbsolute(p) ? p : path.join(dir, p));
  // a policy file keeps its `:key=value` tail; a registered id is left alone
  const policy = (spec: string): string => {
    const alias = /^([A-Za-z0-9][\w.@+-]*)=(.+)$/.exec(spec);
    if (alias) return `${alias[1]}=${policy(alias[2]!)}`;
    const colon = spec.search(/:(?![\\/])/);
    const id = colon < 0 ? spec : spec.slice(0, colon);
    return looksLikePath(id) ? `${rel(id)}${colon < 0 ? '' : spec.slice(colon)}` : spec;
  };
  const c = r.data;
  return {
    ...c,
    ...(c.scenarios ? { scenarios: c.scenarios.map((s) => (/\.json$/i.test(s) ? rel(s) : s)) } : {}),
    ...(c.policies ? { policies: c.policies.map(policy) } : {}),
    ...(c.baseline ? { baseline: policy(c.baseline) } : {}),
    ...(c.gate ? { gate: rel(c.gate) } : {}),
    ...(c.out ? { out: rel(c.out) } : {}),
  };
}

/** The config given with --config, else the first CONFIG_NAMES file in `cwd`, else none. */
export function loadConfig(explicit: string | undefined, cwd = process.cwd()): { file: string; config: Config } | null {
  const file = explicit ?? CONFIG_NAMES.map((n) => path.join(cwd, n)).find((f) => existsSync(f));
  if (!file) return null;
  let text: string;
  try {
    checkInputFile(file, 'config file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(e instanceof InputFileError ? e.message : `${file}: cannot read the config file`);
  }
  let doc: unknown;
  try {
    // the same parser as every other input: BOM dropped, nesting bounded (a deep YAML config could end the process)
    doc = parseDocument(text, !/\.json$/i.test(file));
  } catch (e) {
    if (!(e instanceof DocumentError)) throw e;
    throw new UsageError(`${file}: ${e.reason}`);
  }
  return { file, config: parseConfig(doc, file) };
}

export interface ConfigurableOpts {
  config?: string;
  scenario?: string[];
  suite?: string;
  trace?: string[];
  policy?: string[];
  baseline?: string;
  seeds?: string;
  gate?: string;
  out: string;
  openLoop?: boolean;
  minRetention?: string;
}

/**
 * Fills the options the command line left unset from the config file (in place). `policyKey` is
 * `policy` for run/report/sweep; compare has no --policy. Returns the config used, if any.
 */
export function applyConfig(opts: ConfigurableOpts, cmd: Command, policyKey: 'policy' | null = 'policy'): { file: string; config: Config } | null {
  const found = loadConfig(opts.config);
  if (!found) return null;
  const c = found.config;
  const fromCli = (name: string): boolean => cmd.getOptionValueSource(name) === 'cli';
  if (c.scenarios && !fromCli('scenario') && !fromCli('suite') && !fromCli('trace')) opts.scenario = c.scenarios;
  if (policyKey && c.policies && !fromCli(policyKey)) opts.policy = c.policies;
  if (c.baseline && !fromCli('baseline')) opts.baseline = c.baseline;
  if (c.seeds && !fromCli('seeds')) opts.seeds = String(c.seeds);
  if (c.gate && !fromCli('gate')) opts.gate = c.gate;
  if (c.out && !fromCli('out')) opts.out = c.out;
  if (c.openLoop !== undefined && !fromCli('openLoop')) opts.openLoop = c.openLoop;
  if (c.minRetention !== undefined && !fromCli('minRetention')) opts.minRetention = String(c.minRetention);
  return found;
}

/** compare's candidate from a config: the one policy that is not the baseline. */
export function configCandidate(file: string | null, policies: readonly string[] | undefined, baseline: string | undefined): string | undefined {
  if (!file || !policies) return undefined;
  const others = policies.filter((p) => p !== baseline);
  if (others.length !== 1) throw new UsageError(`compare: ${file} lists ${others.length} policies besides the baseline; name the candidate with --candidate`);
  return others[0];
}
