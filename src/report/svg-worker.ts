/** Worker thread of svg-pool.ts: renders each chart it is sent and replies with its SVG (and PNG). */
import { parentPort } from 'node:worker_threads';
import { renderChart, type RenderJob, type WorkerReply } from './svg-pool.js';

const port = parentPort;
if (!port) throw new Error('svg-worker must run in a worker thread');
// load the renderer now: the pool starts its workers before the first chart is ready (svg-pool.ts)
void Promise.all([import('vega'), import('vega-lite')]);
// one chart at a time, in the order sent (the pool sends the next before this one is done): vega numbers
// its SVG ids with counters that each render resets (render.ts), so two renders must never interleave
let previous: Promise<void> = Promise.resolve();
port.on('message', (job: RenderJob) => {
  previous = previous.then(() => renderChart(job.spec, job.png)).then(
    (r) => port.postMessage({ index: job.index, svg: r.svg, ...(r.png ? { png: new Uint8Array(r.png) } : {}) } satisfies WorkerReply),
    (e: unknown) => port.postMessage({ index: job.index, error: String(e) } satisfies WorkerReply),
  );
});
