import { readTraces } from './src/workload/trace-read.js';
import { statsOf } from './src/workload/trace-stats.js';
import { fitTools } from './src/workload/calibrate.js';
import { createTokenCounter } from './src/core/tokens.js';
import { readdirSync } from 'node:fs';
const dir = '/work/shared/traces/openai/';
const files = readdirSync(dir).filter(f => f.startsWith(process.argv[2]) && f.endsWith('.jsonl')).map(f => dir + f);
const f = fitTools(statsOf(readTraces(files), createTokenCounter()));
for (const [k, v] of Object.entries(f.tools)) if (v.n >= 20) console.log(k, '\n  res', JSON.stringify((v.resultTokens as any).points), '\n  arg', JSON.stringify((v.argTokens as any).points));
