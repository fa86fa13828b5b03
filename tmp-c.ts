import { loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
const tokens = createTokenCounter();
const w = generateWorkload(loadScenario('claude-code-200k'), 1, tokens);
let k = 0;
for (const st of w.steps) for (const m of st.append) if (m.role === 'tool' && (m.name === 'Edit' || m.name==='Write') && k++ < 8) console.log(tokens.count(m.content as string), m.content);
