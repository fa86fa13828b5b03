// The batch driver of the end-to-end CLI fuzz suite: one Node process runs many command lines through
// the built CLI (dist/cli/main.js, what bin/compactbench.js runs), each as a fresh instance of the
// entry module (a distinct import URL re-runs its top level: a new commander program, a fresh
// process.exitCode), with stdout and stderr captured per case. Starting Node once per case would
// cost most of the suite's time; the cases that must be separate processes (policy modules that may
// end the process, hangs) are spawned one by one by the test instead.
//
// usage: node driver.mjs CASES.json RESULTS.jsonl FIRST
// Writes one JSON line per case to RESULTS (synchronously, so the parent sees progress even when a
// case then hangs: it kills this process after a silence and restarts the batch after that case).
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [casesFile, resultsFile, firstArg] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const main = pathToFileURL(resolve('dist/cli/main.js')).href;
const argv0 = [process.argv[0], resolve('bin/compactbench.js')];

// every case adds its own stdout 'error' listener (main.js's EPIPE handler)
process.stdout.setMaxListeners(0);
process.setMaxListeners(0);

const realOut = process.stdout.write.bind(process.stdout);
const realErr = process.stderr.write.bind(process.stderr);
const text = (chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));

for (let i = Number(firstArg ?? 0); i < cases.length; i++) {
  const c = cases[i];
  let stdout = '';
  let stderr = '';
  process.stdout.write = (chunk, ...rest) => {
    stdout += text(chunk);
    const cb = rest.find((r) => typeof r === 'function');
    if (cb) cb();
    return true;
  };
  process.stderr.write = (chunk, ...rest) => {
    stderr += text(chunk);
    const cb = rest.find((r) => typeof r === 'function');
    if (cb) cb();
    return true;
  };
  process.exitCode = undefined;
  process.argv = [...argv0, ...c.args];
  const t0 = performance.now();
  let thrown;
  try {
    await import(`${main}?case=${i}`);
  } catch (e) {
    thrown = e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
  // the CLI's own top level catches everything; a throw out of it is what Node would print and exit 1 on
  if (thrown !== undefined) stderr += `\n[uncaught] ${thrown}`;
  const code = thrown !== undefined ? 1 : (process.exitCode ?? 0);
  process.stdout.write = realOut;
  process.stderr.write = realErr;
  process.exitCode = undefined;
  appendFileSync(resultsFile, `${JSON.stringify({ i, code: Number(code), stdout, stderr, ms: Math.round(performance.now() - t0) })}\n`);
}
