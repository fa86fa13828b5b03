/**
 * The runway sweep behind the README's runway figures: `hermes-prune-first` and `hermes-runway` at
 * runwayFraction 0 … 0.5 on the default suite (every scenario's own seeds), kept as one small CSV,
 * reports/runway-sweep.csv: per session its cost, cache breaks, events and how often the runway rule was
 * evaluated and changed the outcome. `npm run report` runs it (then scripts/readme-figures.ts);
 * `tsx scripts/runway-sweep.ts --check` exits 1 when the committed file differs from a fresh sweep.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export const RUNWAY_FRACTIONS = ['0', '0.05', '0.1', '0.15', '0.2', '0.3', '0.5'];
const OUT = 'reports/runway-sweep.csv';
const COLUMNS = ['scenario', 'seed', 'policy', 'runwayFraction', 'costTotal', 'breaksPer100Steps', 'eventsPer100Steps', 'rule_runway_evaluated', 'rule_runway_changed'];

const dir = mkdtempSync(join(tmpdir(), 'cb-runway-sweep-'));
try {
  const args = ['bin/compactbench.js', 'sweep', '--policy', 'hermes-prune-first', '--policy', 'hermes-runway', '--param', `runwayFraction=${RUNWAY_FRACTIONS.join(',')}`, '--out', join(dir, 'sweep'), '--no-raw', '--no-png', '--quiet'];
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`the sweep exited ${r.status}`);
  const manifest = JSON.parse(readFileSync(join(dir, 'sweep', 'manifest.json'), 'utf8')) as { policies: { id: string; label: string; params: Record<string, unknown> }[] };
  const rows = parse(readFileSync(join(dir, 'sweep', 'sessions.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    const p = manifest.policies.find((q) => q.label === row.policyLabel)!;
    const fraction = p.id === 'hermes-runway' ? String(p.params.runwayFraction) : '';
    lines.push([row.scenario, row.seed, p.id, fraction, row.costTotal, row.breaksPer100Steps, row.eventsPer100Steps, row['telemetry.rule_runway_evaluated'] ?? '', row['telemetry.rule_runway_changed'] ?? ''].join(','));
  }
  const text = `${lines.join('\n')}\n`;
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      process.stderr.write(`${OUT} differs from a fresh sweep; run \`tsx scripts/runway-sweep.ts\`\n`);
      process.exitCode = 1;
    } else process.stdout.write(`${OUT} matches a fresh sweep\n`);
  } else {
    writeFileSync(OUT, text);
    process.stdout.write(`wrote ${OUT} (${rows.length} sessions)\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
