import { describe, expect, it } from 'vitest';
import { eventsCsv, stepsCsv } from '../../src/report/csv.js';
import { formatRawRows, keptRawRows } from '../../src/report/raw-rows.js';
import { runDigester } from '../../src/report/run-digest.js';
import { toRows } from '../../src/metrics/aggregate.js';
import { cacheShareChart } from '../../src/report/charts/cache-share.js';
import { runContext } from '../../src/report/charts/index.js';
import { tableCsv } from '../../src/report/table.js';
import { cellTasks, largestFirst, runPlanCells } from '../../src/sim/parallel.js';
import { planCells } from '../../src/sim/run.js';
import { fixturePlan, fixtureSource } from './fixture-plan.js';

describe('worker threads', () => {
  it('give byte-identical records to an in-process run, in cell order, for any subset of cells', async () => {
    const plan = fixturePlan();
    const all = planCells(plan).map((_, i) => i);
    const serial = await runPlanCells(fixtureSource(), plan, all, { workers: 1 });
    let ticks = 0;
    const parallel = await runPlanCells(fixtureSource(), plan, all, { workers: 2, onProgress: () => ticks++ });
    expect(ticks).toBe(all.length);
    // the records a worker sent (packed into columns, rebuilt when read) serialize as the in-process ones
    expect(JSON.stringify(parallel)).toBe(JSON.stringify(serial));
    expect(stepsCsv(parallel)).toBe(stepsCsv(serial));
    expect(eventsCsv(parallel)).toBe(eventsCsv(serial));
    const subset = [1, 4, 5, 6, 11, 17];
    const some = await runPlanCells(fixtureSource(), plan, subset, { workers: 2 });
    expect(some.map((r) => `${r.key.scenario}/${r.key.seed}/${r.key.policyLabel}`)).toEqual(subset.map((i) => `${serial[i]!.key.scenario}/${serial[i]!.key.seed}/${serial[i]!.key.policyLabel}`));
    expect(stepsCsv(some)).toBe(stepsCsv(subset.map((i) => serial[i]!)));
  });

  it('format the CSV rows of each run on the thread that ran it when asked, the same as formatted afterwards', async () => {
    const plan = fixturePlan();
    const all = planCells(plan).map((_, i) => i);
    const serial = await runPlanCells(fixtureSource(), plan, all, { workers: 1 });
    expect(serial.every((r) => keptRawRows(r) === undefined)).toBe(true);
    const parallel = await runPlanCells(fixtureSource(), plan, all, { workers: 2, digest: runDigester({ rawRows: true }) });
    for (const r of parallel) expect(keptRawRows(r)).toEqual(formatRawRows(r));
    expect(toRows(parallel).map((r) => r.metrics)).toEqual(toRows(serial).map((r) => r.metrics));
    // the cache-share chart pooled from the runs' kept buckets equals the one added up step by step
    const ctx = runContext(serial, serial[0]!.key.policyLabel);
    expect(tableCsv(cacheShareChart(parallel, ctx).table)).toBe(tableCsv(cacheShareChart(serial, ctx).table));
    expect(parallel.some((r) => keptRawRows(r)!.events !== '')).toBe(true);
    expect(stepsCsv(parallel)).toBe(stepsCsv(serial));
    expect(eventsCsv(parallel)).toBe(eventsCsv(serial));
  });

  it('report a worker that cannot rebuild the plan as an error', async () => {
    const plan = fixturePlan();
    const bad = { ...fixtureSource(), exportName: 'noSuchFactory' };
    await expect(runPlanCells(bad, plan, [0, 1, 2, 3], { workers: 2 })).rejects.toThrow(/no exported function noSuchFactory/);
  });

  it('group tasks by (scenario, seed) so a worker generates each workload once per task', () => {
    const cells = planCells(fixturePlan());
    const tasks = cellTasks(cells, cells.map((_, i) => i), 2);
    expect(tasks.flat()).toEqual(cells.map((_, i) => i));
    for (const t of tasks) expect(new Set(t.map((i) => `${cells[i]!.scenario.name}/${cells[i]!.seed}`)).size).toBe(1);
  });

  it('start the longest tasks first, keeping the order of equal ones', () => {
    const cells = planCells(fixturePlan());
    const tasks = cellTasks(cells, cells.map((_, i) => i), 2);
    const steps = (t: number[]): number => t.reduce((s, i) => s + (cells[i]!.scenario.expectedSteps ?? 300), 0);
    const ordered = largestFirst(cells, tasks);
    expect([...ordered].sort((a, b) => a[0]! - b[0]!)).toEqual(tasks);
    for (let k = 1; k < ordered.length; k++) {
      expect(steps(ordered[k - 1]!)).toBeGreaterThanOrEqual(steps(ordered[k]!));
      if (steps(ordered[k - 1]!) === steps(ordered[k]!)) expect(ordered[k - 1]![0]!).toBeLessThan(ordered[k]![0]!);
    }
  });

  it('run with three threads (this one and two workers) as in-process', async () => {
    const plan = fixturePlan();
    const all = planCells(plan).map((_, i) => i);
    const serial = await runPlanCells(fixtureSource(), plan, all, { workers: 1 });
    const three = await runPlanCells(fixtureSource(), plan, all, { workers: 3 });
    expect(stepsCsv(three)).toBe(stepsCsv(serial));
  });
});
