import { countTokens } from 'gpt-tokenizer';
import { listScenarios, loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
let bad = 0, n = 0;
for (const name of listScenarios()) {
  const tokens = createTokenCounter();
  const w = generateWorkload(loadScenario(name), 7, tokens);
  const check = (t: string | null | undefined, where: string) => { if (!t) return; n++; const a = tokens.count(t), b = countTokens(t); if (a !== b) { bad++; if (bad < 6) console.log(name, where, a, b, JSON.stringify(t.slice(0, 200))); } };
  check(w.system.content as string, 'system');
  for (const st of w.steps) for (const m of [...st.append, st.response]) { check(m.content as string, m.role); check(m.reasoning, 'r'); check(m.reasoning_content, 'rc'); for (const c of m.tool_calls ?? []) { check(c.function.arguments, 'args'); JSON.parse(c.function.arguments); } }
}
console.log('checked', n, 'bad', bad);
