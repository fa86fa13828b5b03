/** Runs the fixture plan in-process and gives report tests its records, manifest and a temp dir. */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createTokenCounter } from '../../src/core/tokens.js';
import { reportManifest, type ReportSpec } from '../../src/report/manifest.js';
import { planCells, runCells } from '../../src/sim/run.js';
import { fixturePlan, type FixturePlanArgs } from './fixture-plan.js';

export const tempDir = (prefix = 'cb-report-'): string => mkdtempSync(join(tmpdir(), prefix));

export function fixtureRun(args: FixturePlanArgs = {}, spec: ReportSpec = { kind: 'report' }) {
  const plan = fixturePlan(args);
  const cells = planCells(plan);
  const runs = runCells(cells, createTokenCounter());
  return { plan, cells, runs, manifest: reportManifest(plan, cells.length, spec) };
}

/** Every file under `dir` (relative paths, sorted) with its bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

export const COMPARE_POLICIES = ['threshold-summary', 'threshold-summary:triggerFraction=0.6'];
