/**
 * `gemini-cli-real`'s hook, in process, against the `gemini-cli` port's on the same histories: the texts,
 * not only their token counts. Masked outputs name the saved file, whose real path is random; the adapter
 * rewrites it to the port's stand-in, so the two must agree character for character, and every message
 * neither changed must be the very object it was. Needs oracles/gemini-cli (see gemini-cli.test.ts).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../../src/core/messages.js';
import { createTokenCounter } from '../../../src/core/tokens.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../../../src/frameworks/async-policy.js';
import { createAsync } from '../../../src/frameworks/gemini-cli/policy.js';
import { geminiCliPolicy } from '../../../src/policies/gemini-cli/policy.js';
import { resolveParams } from '../../../src/policies/params.js';
import type { PolicyContext, PolicyResult } from '../../../src/policies/types.js';
import { createMockSummarizer } from '../../../src/summarizer/mock.js';

const INSTALLED = existsSync('oracles/gemini-cli/node_modules/@google/gemini-cli-core/package.json');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/gemini-cli is not installed: cd oracles/gemini-cli && npm ci --omit=optional');

const tokens = createTokenCounter();
let ids = 0;

/** A shell output of `lines` lines (its preview is head and tail lines) or a file of `chars` characters. */
const output = (tool: string, size: number, seed: number): string => (tool === 'run_shell_command'
  ? `Output: ${Array.from({ length: size / 40 }, (_, i) => `line ${i} of run ${seed} ${'x'.repeat(20)}`).join('\n')}\nExit Code: 0`
  : `file ${seed}: ${'abcdefghij'.repeat(size / 10)}`);

/** User turns of tool loops with outputs of 4k–60k characters; with `pending`, the last results are the request being sent. */
function conversation(turns: number, pending: boolean): Message[] {
  const out: Message[] = [];
  for (let t = 0; t < turns; t++) {
    out.push(user(`Task ${t}: make the tests pass.`));
    for (let s = 0; s < 6; s++) {
      const tool = s % 2 ? 'run_shell_command' : 'read_file';
      const id = `call_${ids++}`;
      out.push(assistant(s % 3 ? null : `Step ${s}.`, [call(id, tool, { path: `src/f${id}.ts` })]));
      out.push({ ...toolResult(id, output(tool, 4_000 + ((t * 7 + s * 13) % 15) * 4_000, ids)), name: tool });
    }
    if (!pending || t < turns - 1) out.push(assistant(`Done with task ${t}.`));
  }
  return out;
}

function context(lastPrompt: number, summarizer: PolicyContext['summarizer']): PolicyContext {
  return {
    contextWindow: 200_000, maxOutputTokens: 8_000, step: 5, userTurn: 0, turnStart: false, now: 0, systemTokens: 1_000,
    systemPrompt: 'system', tokens, summarizer, rng: () => 0.5, model: 'gemini-2.5-pro',
    lastUsage: { promptTokens: lastPrompt, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: lastPrompt, outputTokens: 0, cost: null, breakCause: null },
  };
}

async function both(history: Message[], lastPrompt: number): Promise<{ real: PolicyResult; port: PolicyResult; policy: AsyncContextPolicy }> {
  const policy = await createAsync({ packageDir: 'oracles/gemini-cli', services: 'both' });
  const mockA = createMockSummarizer({ seed: 'texts', tokens });
  const actx: AsyncPolicyContext = { ...context(lastPrompt, mockA), summarizer: { summarize: async (q) => mockA.summarize(q) } };
  const real = (await policy.beforeStep!(history, actx)) as PolicyResult;
  const port = geminiCliPolicy.create(resolveParams(geminiCliPolicy, {})).beforeStep!(history, context(lastPrompt, createMockSummarizer({ seed: 'texts', tokens }))) as PolicyResult;
  return { real, port, policy };
}

describe.skipIf(!INSTALLED)('gemini-cli-real and the port, text for text', () => {
  it('masking below the compression threshold: the same masked texts, stand-in path included, the rest the same objects', async () => {
    const history = conversation(4, true);
    const { real, port, policy } = await both(history, 20_000);
    expect(real.kind).toBe('mask');
    expect(Number(real.detail!.masked)).toBeGreaterThan(5);
    expect(real.history).toEqual(port.history);
    const masked = real.history.filter((m, i) => m !== history[i]);
    expect(masked.length).toBe(real.detail!.masked);
    expect(masked.every((m) => /Full output available at: \/home\/user\/\.gemini\/tmp\/project\/tool-outputs\/session-0{8}-0{4}-0{4}-0{4}-0{12}\/[a-z_]+_call_\d+_xxxxxx\.txt\n/.test(String(m.content)))).toBe(true);
    // the request being sent (the trailing results) is never masked
    expect(real.history.slice(-6)).toEqual(history.slice(-6));
    real.history.slice(-6).forEach((m, i) => expect(m).toBe(history[history.length - 6 + i]));
    expect(await policy.telemetry!()).toMatchObject({ 'geminiCli.maskRuns': 1, 'geminiCli.maskedOutputs': real.detail!.masked });
  });

  it('compression, then masking, over the threshold: the same snapshot, kept messages, cut outputs and request', async () => {
    const history = conversation(6, true);
    const { real, port, policy } = await both(history, 150_000);
    expect(real.kind).toBe('summary');
    expect(real.detail!.compressionStatus).toBe('COMPRESSED');
    expect(real.history).toEqual(port.history);
    expect(real.history.at(-1)).toBe(history.at(-1));
    expect(await policy.telemetry!()).toMatchObject({ 'geminiCli.compressed': 1 });
  });
});
