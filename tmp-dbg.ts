import { loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
import { contentText } from './src/core/messages.js';
const s = loadScenario('claude-code-200k');
const tokens = createTokenCounter();
const gaps: number[] = []; let zero = 0, tot = 0; const texts: number[] = [];
const reps = new Map<string, number>();
for (let seed = 1; seed <= 10; seed++) {
  const w = generateWorkload(s, seed, tokens);
  const seen = new Set<string>();
  w.steps.forEach((st, i) => { if (i > 0 && st.append[0]?.role === 'user') gaps.push(Math.round(st.gapBefore));
    const t = contentText(st.response); tot++; if (!t) zero++; else texts.push(tokens.count(t));
    for (const c of st.response.tool_calls ?? []) { const k = c.function.name + c.function.arguments; if (seen.has(k)) reps.set(k.slice(0, 90), (reps.get(k.slice(0,90)) ?? 0) + 1); seen.add(k); }
  });
}
gaps.sort((a, b) => a - b);
console.log(gaps.length, gaps.filter(g => g > 300).length, gaps.slice(-30));
console.log('zero', zero, tot, texts.sort((a,b)=>a-b)[Math.floor(texts.length/2)]);
console.log([...reps.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25));
