/**
 * The one-off isolated worker (isolated-worker.ts): reads a policy module's metadata (`probe`) or runs
 * the `check` command on a module, with the guards of isolation.ts installed before the module's code
 * runs, so `process.exit` at its top level or in a hook throws instead of ending anything.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { describeThrown, importDefinition } from '../testing/module-import.js';
import { installWorkerGuards } from './isolation.js';
import type { IsolatedMessage } from './isolated-worker.js';
import { metaOf } from './module-policies.js';

type Job = { kind: 'probe'; file: string; cwd: string } | { kind: 'check'; flags: unknown };

async function answer(job: Job): Promise<unknown> {
  if (job.kind === 'probe') {
    const abs = path.resolve(job.cwd, job.file);
    return metaOf((await importDefinition(abs, job.file)).def, abs);
  }
  const { runCheck } = await import('../cli/commands/check.js');
  let out = '';
  let err = '';
  const code = await runCheck(job.flags as Parameters<typeof runCheck>[0], (s) => (out += s), (s) => (err += s), { inProcess: true });
  return { code, out, err };
}

export async function isolatedMain(): Promise<void> {
  const port = parentPort!;
  const send = (m: IsolatedMessage): void => port.postMessage(m);
  installWorkerGuards(() => send({ type: 'beat' }));
  send({ type: 'beat' });
  let m: IsolatedMessage;
  try {
    m = { type: 'result', value: await answer(workerData as Job) };
  } catch (e) {
    m = { type: 'error', message: describeThrown(e), ...(e instanceof Error && e.name === 'PolicyLoadError' ? { name: e.name } : {}) };
  }
  // the module's console output reaches the parent before the answer (the parent stops the worker on it)
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((r) => s.write('', () => r(undefined)))));
  try {
    send(m);
  } catch (e) {
    send({ type: 'error', message: `the answer cannot cross a thread: ${describeThrown(e)}` });
  }
}

await isolatedMain();
