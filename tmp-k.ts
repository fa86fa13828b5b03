import { readdirSync } from 'node:fs';
import { createTokenCounter } from './src/core/tokens.js';
import { calibrate, calibrationTable } from './src/workload/calibrate.js';
import { loadScenario } from './src/workload/scenario.js';
import { readTraces } from './src/workload/trace-read.js';
const dir = '/work/shared/traces/openai/';
const tr = (p: string) => readTraces(readdirSync(dir).filter((f) => f.startsWith(p) && f.endsWith('.jsonl')).map((f) => dir + f));
const [s, p, n] = process.argv.slice(2);
console.log(calibrationTable(calibrate(loadScenario(s), tr(p), createTokenCounter(), Number(n))));
