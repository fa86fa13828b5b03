/**
 * Rendering a report's charts (SVG, and PNG when asked) while this thread writes the other outputs: a
 * worker thread takes charts one at a time from a queue, and when this thread is done with its own
 * files it renders what is left itself. Rendering is deterministic per spec (render.ts resets vega's id
 * counters before each chart), so which thread draws a chart does not change a byte.
 *
 * The worker runs only from the compiled package (dist/), where it loads plain JavaScript; from the
 * TypeScript sources (tsx, vitest) every chart is rendered here, since a worker would recompile them.
 */
import { Worker } from 'node:worker_threads';
import { renderSvg, svgToPng, type VlSpec } from './render.js';

export interface RenderedChart {
  svg: string;
  png?: Buffer;
}

/** A chart rendered by the worker: the PNG arrives as bytes and becomes a Buffer here. */
export interface WorkerReply {
  index: number;
  svg?: string;
  png?: Uint8Array;
  error?: string;
}

export interface RenderJob {
  index: number;
  spec: VlSpec;
  png: boolean;
}

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL('./svg-worker.js', import.meta.url);

export async function renderChart(spec: VlSpec, png: boolean): Promise<RenderedChart> {
  const svg = await renderSvg(spec);
  return png ? { svg, png: svgToPng(svg) } : { svg };
}

export interface ChartRendering {
  /** renders what the worker has not taken, waits for the worker, and returns every chart in order */
  finish(): Promise<RenderedChart[]>;
}

/** A chart worker started ahead of its charts (`warmChartWorker`), not yet given any. */
let warm: Worker | undefined;

/**
 * Starts the chart worker before the charts are ready, so that it loads vega and vega-lite (~0.5 s) while
 * this thread still summarizes the runs. It does not keep the process alive until `startRendering`
 * takes it.
 */
export function warmChartWorker(): void {
  if (FROM_SOURCE || warm) return;
  const w = new Worker(WORKER_FILE);
  w.unref();
  const forget = (): void => {
    if (warm === w) warm = undefined;
  };
  w.on('error', forget);
  w.on('exit', forget);
  warm = w;
}

function takeWorker(): Worker {
  const w = warm ?? new Worker(WORKER_FILE);
  warm = undefined;
  w.ref();
  return w;
}

/**
 * Starts rendering `specs`: on a worker when `helper` (and running compiled), else all in `finish`.
 * `weights` (e.g. the size of each chart's data) order the work largest first, so the two threads end
 * together rather than one finishing the largest chart alone.
 */
export function startRendering(specs: readonly VlSpec[], png: boolean, helper: boolean, weights?: readonly number[]): ChartRendering {
  const out: (RenderedChart | undefined)[] = specs.map(() => undefined);
  const queue: RenderJob[] = specs.map((spec, index) => ({ index, spec, png }));
  if (weights) queue.sort((a, b) => weights[b.index]! - weights[a.index]! || a.index - b.index);
  let worker: Worker | undefined;
  let inflight: RenderJob | undefined;
  let idle: (() => void) | undefined;
  const settle = (): void => {
    inflight = undefined;
    const wake = idle;
    idle = undefined;
    wake?.();
  };
  const stop = (): void => {
    if (inflight) queue.unshift(inflight);
    void worker?.terminate();
    worker = undefined;
    settle();
  };
  const feed = (): void => {
    inflight = queue.shift();
    if (inflight && worker) worker.postMessage(inflight);
    else if (worker) {
      void worker.terminate();
      worker = undefined;
      settle();
    }
  };
  if (helper && !FROM_SOURCE && specs.length > 1) {
    worker = takeWorker();
    worker.on('message', (m: WorkerReply) => {
      if (m.error !== undefined || m.svg === undefined) return stop(); // this thread renders it instead
      out[m.index] = { svg: m.svg, ...(m.png ? { png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) } : {}) };
      feed();
    });
    worker.on('error', stop);
    worker.on('exit', () => {
      if (worker) stop();
    });
    feed();
  }
  return {
    async finish() {
      for (let job = queue.shift(); job; job = queue.shift()) out[job.index] = await renderChart(job.spec, job.png);
      if (worker && inflight) await new Promise<void>((r) => (idle = r));
      // a job the worker gave back (it failed or died) was put back in the queue
      for (let job = queue.shift(); job; job = queue.shift()) out[job.index] = await renderChart(job.spec, job.png);
      return out.map((r) => r!);
    },
  };
}
