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
/** charts a helper holds at once: the one it draws and the next */
const HELPER_DEPTH = 2;
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
    for (let job = this.#queue.pop(); job; job = this.#queue.pop()) {
      job.done(await renderChart(job.spec, job.png));
      // a turn of the event loop between charts: rendering awaits only promises, so without it a helper's
      // finished chart (a message) waited for this whole loop, and the helper with it, unfed
      await new Promise<void>((r) => setImmediate(r));
    }
    // helpers waiting for work and none left: they stop
    for (const h of this.#idle.splice(0)) h(undefined as never);
    if (this.#running > 0) await new Promise<void>((r) => (this.#allDone = r));
    for (let job = this.#queue.shift(); job; job = this.#queue.shift()) job.done(await renderChart(job.spec, job.png));
  }

  #helper(): void {
    const worker = new Worker(WORKER_FILE);
    this.#running++;
    // charts sent and not yet returned, in order (the worker renders them one after the other): it holds
    // its next chart while it draws one, so it never waits for this thread, busy with its own work, to
    // answer before it can go on
    const inflight: Queued[] = [];
    let waiting = false;
    let live = true;
    const end = (): void => {
      if (!live) return;
      live = false;
      // charts it did not finish go back to the queue, for this thread
      this.#queue.unshift(...inflight.splice(0));
      void worker.terminate();
      if (--this.#running === 0) this.#allDone?.();
    };
    const send = (job: Queued): void => {
      inflight.push(job);
      worker.postMessage({ index: job.index, spec: job.spec, png: job.png } satisfies RenderJob);
    };
    const feed = (): void => {
      while (inflight.length < HELPER_DEPTH) {
        const job = this.#queue.shift();
        if (!job) break;
        send(job);
      }
      if (inflight.length === 0 && this.#allDone !== undefined) return end();
      if (inflight.length === HELPER_DEPTH || waiting || this.#allDone !== undefined) return;
      // room for a chart and none queued: take the next one queued; an idle pool never holds the process
      waiting = true;
      if (inflight.length === 0) worker.unref();
      this.#idle.push((j) => {
        waiting = false;
        worker.ref();
        if (j) {
          send(j);
          feed();
        } else if (inflight.length === 0) end();
      });
    };
    worker.on('message', (m: WorkerReply) => {
      const job = inflight.shift();
      if (m.error !== undefined || m.svg === undefined || !job || job.index !== m.index) {
        if (job) inflight.unshift(job);
        return end();
      }
      job.done({ svg: m.svg, ...(m.png ? { png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) } : {}) });
      feed();
    });
    worker.on('error', end);
    worker.on('exit', end);
    feed();
  }
}
