import { listScenarios, loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
import { tokenizerWork } from './src/workload/text/builder.js';
import { contentText } from './src/core/messages.js';
for (const name of listScenarios()) {
  const s = loadScenario(name);
  generateWorkload(s, 1, createTokenCounter());
  const before = tokenizerWork().chars;
  const t = performance.now();
  const w = generateWorkload(s, 2, createTokenCounter());
  const ms = performance.now() - t;
  let chars = 0;
  for (const st of w.steps) for (const m of [...st.append, st.response]) { chars += contentText(m).length + (m.reasoning?.length ?? 0); for (const c of m.tool_calls ?? []) chars += c.function.arguments.length; }
  console.log(name, 'tokenized', tokenizerWork().chars - before, 'of', chars, ((tokenizerWork().chars - before) / chars).toFixed(3), ms.toFixed(0), 'ms');
}
