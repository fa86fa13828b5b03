// temporary: profile one policy at one length (not committed)
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { createTokenCounter } from '../dist/core/tokens.js';
import { getPolicy, resolvePolicy } from '../dist/policies/registry.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { generateWorkload } from '../dist/workload/generator.js';
import { loadScenario } from '../dist/workload/scenario.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
const [id, stepsS, totalS] = process.argv.slice(2);
const steps = +stepsS!; const total = +(totalS ?? 60000);
const s0 = loadScenario('claude-code-200k');
const s = { ...s0, generator: { ...s0.generator, sessionSteps: { kind: 'constant' as const, value: steps } } };
const tokens = createTokenCounter();
const w = generateWorkload(s, 1, tokens);
const run = (pid: string) => runSession(makeSetup({ scenario: s.name, seed: 1, workload: w, policy: resolvePolicy(getPolicy(pid)), settings: scenarioSettings(s), tokens }));
run('none'); run(id!);
const out = process.argv[5];
const ses = new Session(); if (out) { ses.connect(); await ses.post('Profiler.enable'); await ses.post('Profiler.setSamplingInterval', { interval: 200 }); await ses.post('Profiler.start'); }
const c0 = process.cpuUsage();
let n = 0; while (n < total) { n += run(id!).steps.length; }
const c = process.cpuUsage(c0);
if (out) { const { profile } = await ses.post('Profiler.stop'); writeFileSync(out, JSON.stringify(profile)); }
console.log(`${id} ${steps}: ${(((c.user + c.system) / n)).toFixed(2)} µs/step over ${n} steps`);
