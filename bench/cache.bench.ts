/**
 * Micro-benchmark: time of one `price()` step of the cache model at history lengths 1k, 10k and 100k
 * messages, append-only (each step appends an assistant tool call and its result, as an agent step does).
 * If the model is incremental, the time per step does not grow with the history. A second task per size
 * also replaces the task message (request index 1) every third step, as recent-tools-summary does when
 * it merges its running summary into it: that too must not grow with the history (request-path.ts).
 *
 * Run: npx tsx bench/cache.bench.ts
 * Token counts are primed (gpt-tokenizer is not what is measured). Each task starts from its base history
 * (built and priced once, untimed, in beforeAll); the history then grows by 2 messages per iteration
 * (built untimed in beforeEach), so a task's history ends ITERATIONS x 2 messages above its label.
 */
import seedrandom from 'seedrandom';
import { Bench } from 'tinybench';
import { createCacheModel, type CacheModel } from '../src/cache/model.js';
import { getProfile } from '../src/cache/profiles.js';
import { assistant, call, sys, toolResult, user, type Message } from '../src/core/messages.js';
import { createTokenCounter, type TokenCounter } from '../src/core/tokens.js';

const ITERATIONS = 2000;
const SIZES = [1_000, 10_000, 100_000];
const MODELS = ['claude-sonnet-4.5', 'gpt-4.1', 'gemini-2.5-flash'];

function makeMessage(i: number, tokens: TokenCounter): Message {
  const text = `output of step ${i}: ${'x'.repeat(i % 50)}`;
  tokens.prime(text, 40 + (i % 400));
  tokens.prime(`{"cmd":"ls ${i}"}`, 8);
  return i % 2 ? toolResult(`c${i - 1}`, text) : assistant(null, [call(`c${i}`, 'bash', { cmd: `ls ${i}` })]);
}

function baseHistory(n: number, tokens: TokenCounter): Message[] {
  tokens.prime('SYSTEM', 12_000);
  tokens.prime('task', 200);
  const h: Message[] = [sys('SYSTEM'), user('task')];
  for (let i = 2; i < n; i++) h.push(makeMessage(i, tokens));
  return h;
}

const bench = new Bench({ name: 'cache model price() per step', iterations: ITERATIONS, time: 0, warmupIterations: 200, warmupTime: 0 });

for (const id of MODELS) {
  for (const n of SIZES) for (const taskEdits of [false, true]) {
    const tokens = createTokenCounter();
    const base = baseHistory(n, tokens);
    let req: Message[] = [];
    let model: CacheModel;
    let k = 0;
    let next = n;
    let now = 0;
    let step = 0;
    bench.add(`${id} history ${n / 1000}k${taskEdits ? ', task edited every 3rd step' : ''}`, () => {
      model.price({ request: req, changedFrom: k, now, outputTokens: 100, editKind: k < 2 ? 'history' : 'none' });
    }, {
      beforeAll: () => {
        model = createCacheModel(getProfile(id)!, { tokens, rng: seedrandom.alea('bench') });
        req = [...base];
        next = n;
        now = 0;
        model.price({ request: req, changedFrom: 0, now, outputTokens: 100, editKind: 'none' });
      },
      // untimed: build the step's two new messages (an assistant tool call and its result)
      beforeEach: () => {
        k = req.length;
        if (taskEdits && ++step % 3 === 0) {
          const task = `task, with summary ${step}`;
          tokens.prime(task, 1_200);
          req[1] = user(task);
          k = 1;
        }
        req.push(makeMessage(next++, tokens), makeMessage(next++, tokens));
        now += 5;
      },
    });
  }
}

await bench.run();
console.log(bench.name);
console.table(bench.table());
