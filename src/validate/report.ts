/**
 * validate-cache output: a per-call table with totals (text), or the JSON summary
 * `{files: [{file, calls, agreeing, recorded, modelled, disagreements}], total: {...}}` (token counts).
 */
import type { Cause } from './causes.js';
import type { FileCheck, TokenPair } from './replay.js';

export interface PromptSizeJson {
  calls: number;
  agreeing: number;
  callsBefore: number;
  agreeingBefore: number;
}

export interface SummaryJson {
  file: string;
  /** part of the shipped token-scale fit, or held out (absent when not known) */
  inTokenScaleFit?: boolean;
  calls: number;
  agreeing: number;
  promptSize: PromptSizeJson;
  recorded: TokenPair;
  modelled: TokenPair;
  disagreements: { call: number; cause: Cause }[];
}

export interface TotalJson {
  calls: number;
  agreeing: number;
  promptSize: PromptSizeJson;
  recorded: TokenPair;
  modelled: TokenPair;
  disagreements: { file: string; call: number; cause: Cause }[];
}

export function summaryJson(checks: readonly FileCheck[]): { files: SummaryJson[]; total: TotalJson } {
  const files = checks.map((c) => ({
    file: c.file, ...(c.inFit !== undefined ? { inTokenScaleFit: c.inFit } : {}), calls: c.calls.length, agreeing: c.agreeing,
    promptSize: { calls: c.promptSize.calls, agreeing: c.promptSize.agreeing, callsBefore: c.promptSize.callsBefore, agreeingBefore: c.promptSize.agreeingBefore },
    recorded: c.recorded, modelled: c.modelled, disagreements: c.disagreements,
  }));
  const total: TotalJson = {
    calls: 0, agreeing: 0, promptSize: { calls: 0, agreeing: 0, callsBefore: 0, agreeingBefore: 0 }, recorded: { cacheRead: 0, cacheWrite: 0 }, modelled: { cacheRead: 0, cacheWrite: 0 }, disagreements: [],
  };
  for (const f of files) {
    total.calls += f.calls;
    total.agreeing += f.agreeing;
    total.promptSize.calls += f.promptSize.calls;
    total.promptSize.agreeing += f.promptSize.agreeing;
    total.promptSize.callsBefore += f.promptSize.callsBefore;
    total.promptSize.agreeingBefore += f.promptSize.agreeingBefore;
    addPair(total.recorded, f.recorded);
    addPair(total.modelled, f.modelled);
    for (const d of f.disagreements) total.disagreements.push({ file: f.file, ...d });
  }
  return { files, total };
}

function addPair(into: TokenPair, p: TokenPair): void {
  into.cacheRead += p.cacheRead;
  into.cacheWrite += p.cacheWrite;
}

/** Relative error of modelled against recorded, as a signed percentage string. */
export function relErr(modelled: number, recorded: number): string {
  if (recorded === 0) return modelled === 0 ? '0.00%' : 'n/a';
  const e = ((modelled - recorded) / recorded) * 100;
  return `${e >= 0 ? '+' : ''}${e.toFixed(2)}%`;
}

const pad = (s: string | number, n: number): string => String(s).padStart(n);

/** The text report: every call of every file, file totals, the grand total and the causes. */
export function textReport(checks: readonly FileCheck[], opts: { onlyDisagreements?: boolean } = {}): string {
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(`${c.file}  (profile ${c.profile}, TTL ${c.ttlSeconds}s, breakpoints ${c.breakpoints}, system block ${c.systemTokens} tokens (${c.systemSource})${c.warmedTokens ? `, warm start ${c.warmedTokens} tokens` : ''}${c.inFit === undefined ? '' : c.inFit ? '; part of the token-scale fit' : '; held out from the token-scale fit'})`);
    if (c.skippedCalls) lines.push(`  ${c.skippedCalls} recorded call(s) without complete usage left out`);
    lines.push(`  ${pad('call', 5)} ${pad('msg', 5)} ${pad('prompt', 8)} ${pad('read rec', 9)} ${pad('read mod', 9)} ${pad('write rec', 9)} ${pad('write mod', 9)}  disagreement`);
    for (const r of c.calls) {
      if (opts.onlyDisagreements && r.agrees) continue;
      const worst = Math.max(Math.abs(r.modelled.cacheRead - r.recorded.cacheRead), Math.abs(r.modelled.cacheWrite - r.recorded.cacheWrite));
      const flag = r.agrees ? '' : `${((worst / r.prompt) * 100).toFixed(1)}% of prompt: ${r.cause}`;
      lines.push(`  ${pad(r.call, 5)} ${pad(r.msgIndex, 5)} ${pad(r.prompt, 8)} ${pad(r.recorded.cacheRead, 9)} ${pad(r.modelled.cacheRead, 9)} ${pad(r.recorded.cacheWrite, 9)} ${pad(r.modelled.cacheWrite, 9)}  ${flag}`);
    }
    lines.push(totalLine('  file total', c.calls.length, c.agreeing, c.recorded, c.modelled));
    lines.push(promptLine('  prompt size', c.promptSize, `token scale ${c.promptSize.scale} + ${c.promptSize.perMessage}/message`), '');
  }
  const { total } = summaryJson(checks);
  lines.push(totalLine('TOTAL', total.calls, total.agreeing, total.recorded, total.modelled));
  lines.push(promptLine('TOTAL prompt size', total.promptSize));
  const causes = new Map<Cause, number>();
  for (const d of total.disagreements) causes.set(d.cause, (causes.get(d.cause) ?? 0) + 1);
  if (causes.size) lines.push(`disagreements by cause: ${[...causes].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

const pctOf = (n: number, d: number): string => (d ? ((n / d) * 100).toFixed(1) : '0.0');

/** Modelled (as `run --trace` sends it) vs recorded prompt per call, beside the cache agreement. */
function promptLine(label: string, p: PromptSizeJson, how?: string): string {
  return `${label}: ${p.agreeing}/${p.calls} calls within tolerance of the recorded prompt (${pctOf(p.agreeing, p.calls)}%); `
    + `before the first compaction ${p.agreeingBefore}/${p.callsBefore} (${pctOf(p.agreeingBefore, p.callsBefore)}%)${how ? ` (${how})` : ''}`;
}

function totalLine(label: string, calls: number, agreeing: number, rec: TokenPair, mod: TokenPair): string {
  const pct = calls ? ((agreeing / calls) * 100).toFixed(1) : '0.0';
  return `${label}: ${agreeing}/${calls} calls agree within tolerance (${pct}%); cache read recorded ${rec.cacheRead} modelled ${mod.cacheRead} (${relErr(mod.cacheRead, rec.cacheRead)}); cache write recorded ${rec.cacheWrite} modelled ${mod.cacheWrite} (${relErr(mod.cacheWrite, rec.cacheWrite)})`;
}
