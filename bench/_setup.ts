import { createTokenCounter } from '../dist/core/tokens.js';
import { getPolicy, resolvePolicy } from '../dist/policies/registry.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { generateWorkload } from '../dist/workload/generator.js';
import { loadScenario } from '../dist/workload/scenario.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
const id = process.argv[2]!; const steps = +process.argv[3]!;
const s0 = loadScenario('claude-code-200k');
const s = { ...s0, generator: { ...s0.generator, sessionSteps: { kind: 'constant' as const, value: steps } } };
const tokens = createTokenCounter();
const w = generateWorkload(s, 1, tokens);
if (process.argv[4]) { const s10 = { ...s0, generator: { ...s0.generator, sessionSteps: { kind: 'constant' as const, value: 10000 } } }; const t10 = createTokenCounter(); const w10 = generateWorkload(s10, 1, t10); for (let i = 0; i < 2; i++) runSession(makeSetup({ scenario: s.name, seed: 1, workload: w10, policy: resolvePolicy(getPolicy(id)), settings: scenarioSettings(s10), tokens: t10 })); }
const cpu = () => { const c = process.cpuUsage(); return c.user + c.system; };
let tSetup = 0, tRun = 0, tFirst = 0; const N = 30;
for (let i = 0; i < N + 3; i++) {
  const a = cpu();
  const setup = makeSetup({ scenario: s.name, seed: 1, workload: w, policy: resolvePolicy(getPolicy(id)), settings: scenarioSettings(s), tokens });
  const orig = setup.createPolicy; let first = 0;
  setup.createPolicy = () => { const p = orig(); const bs = p.beforeStep?.bind(p); (p as any).beforeStep = (h: any, c: any) => { if (!first) first = cpu(); return bs ? bs(h, c) : undefined; }; return p; };
  const b = cpu();
  runSession(setup);
  const c = cpu();
  if (i >= 3) { tSetup += b - a; tRun += c - b; tFirst += first - b; }
}
console.log(`${id} ${steps}: setup ${(tSetup / N / 1000).toFixed(2)} ms, to first beforeStep ${(tFirst / N / 1000).toFixed(2)} ms, session ${(tRun / N / 1000).toFixed(2)} ms`);
