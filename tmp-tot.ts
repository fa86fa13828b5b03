import { listScenarios, loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
const tokens = createTokenCounter();
for (const name of listScenarios()) {
  const s = loadScenario(name);
  for (const seed of [1, 2]) {
    const t0 = performance.now();
    const w = generateWorkload(s, seed, tokens);
    const ms = performance.now() - t0;
    let total = tokens.message(w.system); let peakSwitch = 0; let turns = 0, calls = 0, gaps5 = 0, time = 0;
    for (const st of w.steps) { time += st.gapBefore + st.latency; if (st.events) peakSwitch = total; for (const m of st.append) total += tokens.message(m); total += tokens.message(st.response); calls += st.response.tool_calls?.length ?? 0; if (st.append[0]?.role === 'user') turns++; if (st.gapBefore > 300) gaps5++; }
    console.log(name, seed, 'steps', w.steps.length, 'turns', turns, 'calls', calls, 'sys', tokens.message(w.system), 'total', total, 'atEvent', peakSwitch, 'hours', (time/3600).toFixed(1), 'ms', ms.toFixed(0));
  }
}
