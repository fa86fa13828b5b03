/**
 * What a CLI case must satisfy, whatever its input: an exit code the command documents; no stack trace
 * and no "internal error"; with `--json` and a result, one JSON document on stdout; no NaN or Infinity
 * on stdout or in any file written; with `--out`, a complete directory on success and nothing at all
 * (no half-written directory, no staging directory, no lock) on failure.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Verdict = 'ok' | 'crash' | 'hang' | 'wrong' | 'escape';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
  hung?: boolean;
}

/** commands whose exit 2 is a verdict, so bad input exits 1 (src/cli/main.ts VERDICT_COMMANDS) */
const VERDICT = new Set(['compare', 'check', 'merge']);
const STACK = /\n\s+at .+:\d+:\d+\)?|\[uncaught\]|internal error/;
const NON_FINITE = /\bNaN\b|\bInfinity\b/;
/** files scanned for non-finite numbers: the HTML page embeds chart libraries whose code spells both */
const SCANNED = /\.(csv|json|jsonl|md|svg|txt)$/;

function scan(dir: string, found: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) scan(p, found);
    else if (SCANNED.test(name) && NON_FINITE.test(readFileSync(p, 'utf8'))) found.push(name);
  }
}

/** The verdict on one case, with the reason when it is not ok. */
export function judge(command: string, r: Result, opts: { dir: string; out?: string; json?: boolean }): { verdict: Verdict; why?: string } {
  if (r.hung) return { verdict: 'hang', why: 'no result within the time limit' };
  if (STACK.test(r.stderr) || STACK.test(r.stdout)) return { verdict: 'crash', why: r.stderr.slice(0, 300) };
  const allowed = VERDICT.has(command) ? [0, 1, 2, 3] : [0, 2];
  if (!allowed.includes(r.code)) return { verdict: 'crash', why: `exit code ${r.code}: ${r.stderr.slice(0, 200)}` };
  if (r.code !== 0 && r.stderr.trim() === '') return { verdict: 'wrong', why: `exit ${r.code} with nothing on stderr` };
  if (NON_FINITE.test(r.stdout)) return { verdict: 'wrong', why: `non-finite number on stdout: ${r.stdout.match(/.{0,60}(NaN|Infinity).{0,20}/)?.[0]}` };
  const result = r.code === 0 || (command === 'compare' && (r.code === 2 || r.code === 3));
  if (opts.json && result) {
    let doc: { files?: unknown };
    try {
      doc = JSON.parse(r.stdout) as { files?: unknown };
    } catch {
      return { verdict: 'escape', why: `--json stdout is not one JSON document: ${JSON.stringify(r.stdout.slice(0, 120))}` };
    }
    // the files a plan-running command says it wrote exist (they once named the staging directory, gone
    // by then); validate-cache's `files` are its per-file checks, not paths
    const missing = Array.isArray(doc?.files) ? (doc.files as unknown[]).filter((f) => typeof f === 'string' && !existsSync(f)) : [];
    if (missing.length) return { verdict: 'wrong', why: `--json lists files that do not exist: ${String(missing[0])}` };
  }
  if (opts.out !== undefined) {
    const out = join(opts.dir, opts.out);
    const leftovers = readdirSync(opts.dir).filter((f) => /\.partial-|\.lock$/.test(f));
    if (leftovers.length) return { verdict: 'wrong', why: `left behind: ${leftovers.join(', ')}` };
    if (result) {
      if (!existsSync(join(out, 'manifest.json'))) return { verdict: 'wrong', why: `exit ${r.code} but no manifest.json in --out` };
      const bad: string[] = [];
      scan(out, bad);
      if (bad.length) return { verdict: 'wrong', why: `NaN or Infinity in ${bad.join(', ')}` };
    } else if (existsSync(out)) return { verdict: 'wrong', why: `exit ${r.code} but --out was written` };
  }
  return { verdict: 'ok' };
}
