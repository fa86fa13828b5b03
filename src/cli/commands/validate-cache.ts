/**
 * `compactbench validate-cache PATH... [--json]`: replay transcripts that recorded their provider usage
 * (Claude Code with its inline subagents, Codex, Gemini CLI, mini-swe-agent via OpenRouter, OpenHands;
 * files, directories or globs) with no policy through the cache model, using
 * the recorded prompt sizes and compaction points, and print modelled vs recorded cache reads and writes
 * per call and in total, labelling every call that disagrees by more than the tolerance of its prompt
 * with its likely cause, and whether each session was part of the shipped token-scale fit. Exit 0 ok, 2 bad
 * input (a path that cannot be read, or one whose sessions recorded no usage).
 */
import type { Command } from 'commander';
import { BREAKPOINT_PRESETS, type BreakpointPreset } from '../../cache/breakpoints.js';
import { createTokenCounter } from '../../core/tokens.js';
import { hasRecordedUsage, noUsage, summaryJson, textReport, validateImported, type FileCheck, type ValidateOptions } from '../../validate/index.js';
import { importSessions } from '../../workload/import/collect.js';
import { getProfile } from '../../cache/profiles.js';
import type { Provider } from '../../cache/profiles.js';
import { inTokenScaleFit, providerByName } from '../../cache/token-scale.js';
import type { ImportedTrace } from '../../workload/import/types.js';

function providerOfTrace(t: ImportedTrace): Provider {
  const model = t.meta.model ?? '';
  return getProfile(model)?.provider ?? providerByName(model);
}
import { ImportError, withFormatHint } from '../../workload/import/errors.js';
import { MechanicsError } from '../../validate/profile.js';
import { FORMATS, type Format } from '../../workload/import/types.js';
import { LIMITS } from '../../workload/limits.js';
import { parseIntFlag } from '../errors.js';

interface Opts {
  json?: boolean;
  format: string;
  profile?: string;
  breakpoints?: string;
  ttl?: string;
  tolerance: string;
  systemTokens?: string;
  warmStart: boolean;
  unitTokens?: string;
  hitProbability?: string;
  minTokens?: string;
  seed: string;
  onlyDisagreements?: boolean;
}

/** A fraction written as plain decimals (`0.05`, `.5`, `1`): no sign, exponent, hex or trailing dot. */
function fraction(name: string, raw: string | undefined, ok: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^(\d{1,16}(\.\d{1,16})?|\.\d{1,16})$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || !ok(n)) throw new RangeError(`${name}: got ${JSON.stringify(raw)}, expected a decimal fraction such as 0.05`);
  return n;
}

/** A token count flag: decimal digits only (parseIntFlag), at most what one recorded call can hold. */
const count = (name: string, raw: string | undefined, min: number): number | undefined =>
  raw === undefined ? undefined : parseIntFlag(name, raw, min, LIMITS.recordedCallTokens);

function parse(o: Opts): ValidateOptions & { format: Format | 'auto' } {
  if (o.format !== 'auto' && !FORMATS.includes(o.format as Format)) throw new RangeError(`--format: got ${JSON.stringify(o.format)}, expected auto or one of ${FORMATS.join(', ')}`);
  if (o.breakpoints !== undefined && !BREAKPOINT_PRESETS.includes(o.breakpoints as BreakpointPreset)) {
    throw new RangeError(`--breakpoints: got ${JSON.stringify(o.breakpoints)}, expected one of ${BREAKPOINT_PRESETS.join(', ')}`);
  }
  if (o.ttl !== undefined && o.ttl !== '5m' && o.ttl !== '1h') throw new RangeError(`--ttl: got ${JSON.stringify(o.ttl)}, expected 5m or 1h`);
  const opts: ValidateOptions & { format: Format | 'auto' } = {
    format: o.format as Format | 'auto',
    tokens: createTokenCounter(),
    tolerance: fraction('--tolerance', o.tolerance, (n) => n >= 0 && n < 1)!,
    seed: parseIntFlag('--seed', o.seed, 0, Number.MAX_SAFE_INTEGER),
    warmStart: o.warmStart,
    mechanics: {
      unitTokens: count('--unit-tokens', o.unitTokens, 1),
      hitProbability: fraction('--hit-probability', o.hitProbability, (n) => n >= 0 && n <= 1),
      minCacheableTokens: count('--min-tokens', o.minTokens, 0),
    },
  };
  if (o.profile !== undefined) opts.profile = o.profile;
  if (o.breakpoints !== undefined) opts.breakpoints = o.breakpoints as BreakpointPreset;
  if (o.ttl !== undefined) opts.ttl = o.ttl as '5m' | '1h';
  const sys = count('--system-tokens', o.systemTokens, 0);
  if (sys !== undefined) opts.systemTokens = sys;
  return opts;
}

export async function runValidateCache(files: readonly string[], o: Opts): Promise<number> {
  let opts: ReturnType<typeof parse>;
  try {
    opts = parse(o);
  } catch (e) {
    process.stderr.write(`compactbench validate-cache: ${(e as Error).message}\n`);
    return 2;
  }
  const checks: FileCheck[] = [];
  let code = 0;
  const { format, ...rest } = opts;
  for (const f of files) {
    let sessions;
    try {
      sessions = await importSessions([f], format === 'auto' ? {} : { format });
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      process.stderr.write(`compactbench validate-cache: ${withFormatHint(e).message}\n`);
      code = 2;
      continue;
    }
    // a session that recorded no usage has nothing to check: named, and an error when it is all there is
    const usable = sessions.filter((s) => hasRecordedUsage(s.trace));
    for (const s of sessions) if (!usable.includes(s)) process.stderr.write(`compactbench validate-cache: ${noUsage(s.file, s.trace).message}\n`);
    if (!usable.length) code = 2;
    for (const s of usable) {
      let check;
      try {
        check = validateImported(s.trace, rest);
      } catch (e) {
        // a setting this provider's mechanics do not have (--unit-tokens on a Claude trace): bad input
        if (!(e instanceof MechanicsError)) throw e;
        process.stderr.write(`compactbench validate-cache: ${s.file}: ${e.message}\n`);
        code = 2;
        continue;
      }
      const sidechain = s.trace.meta.extra.sidechain as string | undefined;
      const provider = providerOfTrace(s.trace);
      const inFit = inTokenScaleFit(provider, s.file);
      checks.push({ ...check, ...(sidechain ? { file: `${s.file}>${sidechain}` } : {}), inFit });
    }
  }
  // every file failed: a report of zero calls would read as a result ("0/0 agree")
  if (checks.length === 0) return code || 2;
  const report = o.json ? `${JSON.stringify(summaryJson(checks), null, 1)}\n` : textReport(checks, { onlyDisagreements: o.onlyDisagreements });
  process.stdout.write(report);
  return code;
}

export function register(program: Command): void {
  program
    .command('validate-cache')
    .description('replay transcripts with recorded usage through the cache model; compare modelled and recorded cache reads/writes')
    .argument('<path...>', 'transcripts that recorded per-call usage (Claude Code, Codex, Gemini CLI, mini-swe-agent, ...): files, directories or globs')
    .option('--json', 'print {files: [...], total: {...}} as JSON')
    .option('--format <format>', `source format: auto or one of ${FORMATS.join(', ')}`, 'auto')
    .option('--profile <id>', 'cache profile or model (default: each call\'s recorded model)')
    .option('--breakpoints <preset>', `Anthropic breakpoints: ${BREAKPOINT_PRESETS.join(', ')} (default auto)`)
    .option('--ttl <tier>', 'Anthropic write tier 5m or 1h (default: what the recorded usage reports)')
    .option('--tolerance <fraction>', 'a call agrees when read and write are within this fraction of its prompt', '0.05')
    .option('--system-tokens <n>', 'size of the unlogged system block (default: measured from the recording)')
    .option('--no-warm-start', 'start every file with a cold cache, even when its first call recorded a cache read')
    .option('--unit-tokens <n>', 'prefix caches: try this hit granularity (e.g. 2048 for Gemini implicit caching)')
    .option('--hit-probability <p>', 'prefix caches: try this hit probability')
    .option('--min-tokens <n>', 'try this minimum cacheable prefix')
    .option('--seed <n>', 'seed of best-effort cache hit draws', '0')
    .option('--only-disagreements', 'text report: list only the calls that disagree')
    .action(async (files: string[], o: Opts) => {
      process.exitCode = await runValidateCache(files, o);
    });
}
