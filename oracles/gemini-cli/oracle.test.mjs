/**
 * The published Gemini CLI as an oracle for compactbench's `gemini-cli` port: `@google/gemini-cli-core`
 * (pinned in package.json) runs offline with stubbed config, chat and model (./stubs.mjs), and its
 * compression split point, tool-output truncation, summarizer input and tool-output masking are compared
 * with the port (the built dist/ of this checkout) on seeded generated conversations (./conversations.mjs),
 * ASCII and not. Each function prints "agree n of N"; the port claims exact agreement, so each test fails on
 * any disagreement. The truncation of the previous port (`gemini-cli@5411f113`, chars/4) is measured too, to
 * show what the update changed. Run: `npm ci && npm test` in this folder, after the project's `npm ci`.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { ChatCompressionService, findCompressSplitPoint } from '@google/gemini-cli-core/dist/src/context/chatCompressionService.js';
import { ToolOutputMaskingService } from '@google/gemini-cli-core/dist/src/context/toolOutputMaskingService.js';
import { splitPoint, truncateToBudget } from '../../dist/policies/gemini-cli/compress.js';
import { contentJsonChars } from '../../dist/policies/gemini-cli/content-json.js';
import { messageTextTokens } from '../../dist/policies/gemini-cli/estimate.js';
import { maskToolOutputs, pendingFrom, PROJECT_TEMP_DIR, sanitize } from '../../dist/policies/gemini-cli/mask.js';
import { geminiCliPolicy } from '../../dist/policies/gemini-cli/policy.js';
import { resolveParams } from '../../dist/policies/params.js';
import { getPolicy } from '../../dist/policies/registry.js';
import { roughText } from '../../dist/policies/shared/rough.js';
import { createTokenCounter } from '../../dist/core/tokens.js';
import { createMockSummarizer } from '../../dist/summarizer/mock.js';
import { conversation, messageIndex, toGemini } from './conversations.mjs';
import { FIXED_RANDOM, stubChat, stubConfig } from './stubs.mjs';

// the services log their decisions through console.debug
console.debug = () => {};
const N = Number(process.env.ORACLE_N ?? 100);
const figures = [];
const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  console.log('\ngemini-cli oracle (@google/gemini-cli-core 0.61.0), agreement with the port:');
  for (const f of figures) console.log(`  ${f.fn} (${f.text}): ${f.agree} of ${f.n}`);
});

const KINDS = [{ text: 'ASCII', nonAscii: false }, { text: 'non-ASCII', nonAscii: true }];
const record = (fn, text, agree, n) => figures.push({ fn, text, agree, n });
const config = (opts) => {
  const c = stubConfig(opts);
  dirs.push(c.dir);
  return c;
};

/** Tool outputs of Content[] by call id, with the saved file's path (random upstream) left out. */
function outputs(contents) {
  const out = new Map();
  for (const c of contents) {
    for (const p of c.parts ?? []) {
      if (!p.functionResponse) continue;
      out.set(p.functionResponse.id, String(p.functionResponse.response.output)
        .replace(/For full output see: [^\n]*\n/, 'For full output see: F\n')
        .replace(/Full output available at: [^\n]*\n/, 'Full output available at: F\n'));
    }
  }
  return out;
}

/** The port's names for saved outputs, numbered per session as upstream's `getNextCompressionTruncationId`. */
function savedFile() {
  let n = 0;
  return (m) => `${PROJECT_TEMP_DIR}/tool-outputs/${sanitize(m.name ?? 'unknown_tool').toLowerCase()}_${++n}.txt`;
}

const sameOutputs = (a, b) => {
  const x = outputs(a);
  const y = outputs(b);
  return x.size === y.size && [...x].every(([id, v]) => y.get(id) === v);
};

describe('gemini-cli port against @google/gemini-cli-core', () => {
  it('findCompressSplitPoint', () => {
    for (const k of KINDS) {
      let agree = 0;
      let agreeOld = 0;
      const n = N * 15;
      for (let seed = 1; seed <= n; seed++) {
        const msgs = conversation(seed, { nonAscii: k.nonAscii, maxChars: 3_000 });
        const { contents, starts } = toGemini(msgs);
        const upstream = messageIndex(starts, findCompressSplitPoint(contents, 0.7), msgs.length);
        if (upstream === splitPoint(msgs, 0.7, contentJsonChars)) agree++;
        if (upstream === splitPoint(msgs, 0.7)) agreeOld++;
      }
      record('findCompressSplitPoint', k.text, agree, n);
      record('findCompressSplitPoint, previous port (message JSON)', k.text, agreeOld, n);
      assert.equal(agree, n);
    }
  });

  it('truncateHistoryToBudget (through compress after a failed summary)', async () => {
    for (const k of KINDS) {
      let agree = 0;
      let agreeOld = 0;
      for (let seed = 1; seed <= N; seed++) {
        const msgs = conversation(10_000 + seed, { nonAscii: k.nonAscii, turns: 5, steps: 8, maxChars: 120_000 });
        const { contents } = toGemini(msgs);
        const { config: cfg } = config();
        const r = await new ChatCompressionService().compress(stubChat(contents, 10_000_000), 'oracle', false, 'gemini-2.5-pro', cfg, true);
        const upstream = r.newHistory ?? contents;
        if (sameOutputs(upstream, toGemini(truncateToBudget(msgs, 50_000, 40_000, { count: messageTextTokens, file: savedFile() })).contents)) agree++;
        if (sameOutputs(upstream, toGemini(truncateToBudget(msgs, 50_000, 40_000, { count: (m) => roughText(m.content) })).contents)) agreeOld++;
      }
      record('truncation', k.text, agree, N);
      record('truncation, previous port (chars/4)', k.text, agreeOld, N);
      assert.equal(agree, N);
    }
  });

  it('compress: the split, the kept messages and the summarizer input', async () => {
    const tokens = createTokenCounter();
    /** the port's compression (masking off) of `msgs`: what it keeps and what its summarizer is given */
    function port(def, msgs, lastPrompt) {
      const requests = [];
      const inner = createMockSummarizer({ seed: 'oracle', tokens });
      const policy = def.create(resolveParams(def, { maskToolOutputs: false }));
      const r = policy.beforeStep(msgs, {
        contextWindow: 256_000, maxOutputTokens: 8_000, step: 0, userTurn: 0, turnStart: false, now: 0, systemTokens: 0,
        systemPrompt: '', tokens, summarizer: { summarize: (q) => (requests.push(q), inner.summarize(q)) }, rng: () => 0.5, model: 'gemma-4-31b-it',
        lastUsage: { promptTokens: lastPrompt, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 0, outputTokens: 0, cost: null, breakCause: null },
      });
      // the request being sent (the trailing tool results) is not in Gemini CLI's history and stays as it is
      const sent = msgs.length - pendingFrom(msgs);
      return { kept: r && 'history' in r ? toGemini(r.history.slice(2, r.history.length - sent)).contents : null, input: toGemini(requests[0]?.messages ?? []).contents };
    }
    const agrees = (upstream, mine) => (upstream.kept === null ? mine.kept === null
      : mine.kept !== null && upstream.kept.length === mine.kept.length && sameOutputs(upstream.kept, mine.kept))
      && upstream.input.length === mine.input.length && sameOutputs(upstream.input, mine.input);
    for (const k of KINDS) {
      let agree = 0;
      let agreeOld = 0;
      let truncatedInput = 0;
      let compressed = 0;
      const n = Math.ceil(N / 2);
      for (let seed = 1; seed <= n; seed++) {
        const msgs = conversation(20_000 + seed, { nonAscii: k.nonAscii, turns: 6, steps: 10, maxChars: 120_000 });
        // Gemini CLI's history at the request: without the tool results being sent (the port leaves them out too)
        const { contents } = toGemini(msgs.slice(0, pendingFrom(msgs)));
        // a last prompt between the compression threshold and the limit, close enough to the limit that the
        // cut is capped by the room left (getTruncateToolOutputThreshold)
        const lastPrompt = 256_000 - 1_000 - Math.floor(seed * 997 % 20_000);
        const { config: cfg, calls } = config({ truncateChars: Math.min(40_000, 4 * (256_000 - lastPrompt)) });
        const r = await new ChatCompressionService().compress(stubChat(contents, lastPrompt), 'oracle', false, 'gemma-4-31b-it', cfg, false);
        const input = calls[0]?.contents.slice(0, -1) ?? [];
        if (input.some((c, i) => c !== contents[i])) truncatedInput++;
        if (r.newHistory) compressed++;
        const upstream = { kept: r.newHistory ? r.newHistory.slice(2) : null, input };
        if (agrees(upstream, port(geminiCliPolicy, msgs, lastPrompt))) agree++;
        if (agrees(upstream, port(getPolicy('gemini-cli@5411f113'), msgs, lastPrompt))) agreeOld++;
      }
      record(`compress (split, kept, summarizer input; compressed ${compressed}, truncated summarizer input ${truncatedInput})`, k.text, agree, n);
      record('compress, previous port (gemini-cli@5411f113)', k.text, agreeOld, n);
      assert.equal(agree, n);
    }
  });

  it('ToolOutputMaskingService.mask', async () => {
    const cfg = { protectTokens: 50_000, minPrunableTokens: 30_000, protectLatestTurn: true };
    for (const k of KINDS) {
      let agree = 0;
      let acted = 0;
      for (let seed = 1; seed <= N; seed++) {
        const msgs = conversation(30_000 + seed, { nonAscii: k.nonAscii, turns: 5, steps: 8, maxChars: 60_000 });
        const { contents } = toGemini(msgs);
        const { config: c } = config();
        const random = Math.random;
        Math.random = () => FIXED_RANDOM;
        const upstream = await new ToolOutputMaskingService().mask(contents, c).finally(() => { Math.random = random; });
        const port = maskToolOutputs(msgs, msgs.length, cfg);
        if (upstream.maskedCount > 0) acted++;
        const same = (port?.masked ?? 0) === upstream.maskedCount && sameOutputs(upstream.newHistory, toGemini(port?.history ?? msgs).contents);
        if (same) agree++;
      }
      record(`masking (acted on ${acted})`, k.text, agree, N);
      assert.equal(agree, N);
    }
  });
});
