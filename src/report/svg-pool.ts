/**
 * Rendering a report's charts (SVG, and PNG when asked) while this thread does the rest of the report:
 * a pool of helper workers takes charts one at a time from a queue, largest first, from the moment a
 * chart's data is known (the charts drawn from the runs alone are queued before the runs are
 * summarized); when this thread is done with its own work it draws from the small end of the queue.
 * Rendering is deterministic per spec (render.ts resets vega's id counters before each chart), so which
 * thread draws a chart does not change a byte.
 *
 * Workers run only from the compiled package (dist/), where they load plain JavaScript; from the
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

interface Queued extends RenderJob {
  weight: number;
  done: (r: RenderedChart) => void;
}

/** A pool of chart workers (none when running from source or asked for none) and the charts queued for them. */
export class ChartPool {
  readonly #queue: Queued[] = [];
  readonly #idle: ((job: Queued) => void)[] = [];
  #next = 0;
  #running = 0;
  #allDone: (() => void) | undefined;

  /** Starts `helpers` workers now: they load vega while the first charts are being prepared. */
  constructor(helpers: number) {
    const n = FROM_SOURCE ? 0 : helpers;
    for (let k = 0; k < n; k++) this.#helper();
  }

  /** Queues a chart; larger `weight` (e.g. the size of its data) is drawn first, so the helpers end together. */
  render(spec: VlSpec, png: boolean, weight: number): Promise<RenderedChart> {
    return new Promise((done) => {
      const job: Queued = { index: this.#next++, spec, png, weight, done };
      const helper = this.#idle.shift();
      if (helper) return helper(job);
      let at = this.#queue.length;
      while (at > 0 && this.#queue[at - 1]!.weight < weight) at--;
      this.#queue.splice(at, 0, job);
    });
  }

  /**
   * Waits for every queued chart. This thread helps: it draws from the small end of the queue while the
   * helpers take from the large end, then waits for them and draws whatever one gave back (everything,
   * without helpers).
   */
  async drain(): Promise<void> {
    for (let job = this.#queue.pop(); job; job = this.#queue.pop()) job.done(await renderChart(job.spec, job.png));
    // helpers waiting for work and none left: they stop
    for (const h of this.#idle.splice(0)) h(undefined as never);
    if (this.#running > 0) await new Promise<void>((r) => (this.#allDone = r));
    for (let job = this.#queue.shift(); job; job = this.#queue.shift()) job.done(await renderChart(job.spec, job.png));
  }

  #helper(): void {
    const worker = new Worker(WORKER_FILE);
    this.#running++;
    let inflight: Queued | undefined;
    let live = true;
    const end = (): void => {
      if (!live) return;
      live = false;
      // a chart it did not finish goes back to the queue, for this thread
      if (inflight) this.#queue.unshift(inflight);
      inflight = undefined;
      void worker.terminate();
      if (--this.#running === 0) this.#allDone?.();
    };
    const take = (job: Queued | undefined): void => {
      inflight = job;
      if (job) worker.postMessage({ index: job.index, spec: job.spec, png: job.png } satisfies RenderJob);
      else end();
    };
    const feed = (): void => {
      const job = this.#queue.shift();
      if (job) take(job);
      else if (this.#allDone === undefined) {
        // nothing queued yet: wait for the next chart, unreferenced so an idle pool never holds the process
        worker.unref();
        this.#idle.push((j) => {
          worker.ref();
          take(j);
        });
      } else end();
    };
    worker.on('message', (m: WorkerReply) => {
      if (m.error !== undefined || m.svg === undefined || !inflight) return end();
      inflight.done({ svg: m.svg, ...(m.png ? { png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) } : {}) });
      inflight = undefined;
      feed();
    });
    worker.on('error', end);
    worker.on('exit', end);
    feed();
  }
}
