import { loadScenario } from './src/workload/scenario.js';
import { generateWorkload } from './src/workload/generator.js';
import { createTokenCounter } from './src/core/tokens.js';
const s = loadScenario(process.argv[2]);
generateWorkload(s, 1, createTokenCounter());
const cats = new Map<string, [number, number]>();
(globalThis as any).__miss = (p: string) => {
  const c = p.includes('\\n') ? 'escaped-multiline' : (p.match(/\n/g)?.length ?? 0) > 1 ? 'raw-multiline' : p.startsWith('→') ? 'arrow' : p.length > 60 ? 'long-single' : 'short';
  const v = cats.get(c) ?? [0, 0]; v[0]++; v[1] += p.length; cats.set(c, v);
  if (c === 'long-single' && Math.random() < 0.03) console.log(JSON.stringify(p.slice(0, 150)));
};
generateWorkload(s, 2, createTokenCounter());
console.log(cats);
