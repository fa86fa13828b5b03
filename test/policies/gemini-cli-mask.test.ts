/** `gemini-cli` 0.61.0: tool-output masking, its incremental trigger, and Gemini CLI's token estimate. */
import { describe, expect, it } from 'vitest';
import { assistant, call, contentText, toolResult, user, type Message } from '../../src/core/messages.js';
import { geminiTextTokens, responseTokens } from '../../src/policies/gemini-cli/estimate.js';
import { MASK_TAG, maskToolOutputs, pendingFrom, type MaskConfig } from '../../src/policies/gemini-cli/mask.js';
import { MaskTrigger } from '../../src/policies/gemini-cli/mask-trigger.js';
import { geminiCliPolicy } from '../../src/policies/gemini-cli/policy.js';
import { getPolicy } from '../../src/policies/registry.js';
import { resolveParams } from '../../src/policies/params.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { makeCtx, usage } from './helpers.js';

const CFG: MaskConfig = { protectTokens: 50_000, minPrunableTokens: 30_000, protectLatestTurn: true };

/** One step: an assistant call and its result of `chars` characters (named `name`). */
function step(i: number, chars: number, name = 'read_file'): Message[] {
  const id = `c${i}`;
  return [assistant(null, [call(id, name, { path: `f${i}` })]), { ...toolResult(id, `${i}:`.padEnd(chars, 'x')), name }];
}

const masked = (h: readonly Message[]): number => h.filter((m) => m.role === 'tool' && contentText(m).startsWith(`<${MASK_TAG}>`)).length;

describe('Gemini CLI token estimate (estimateTokenCountSync)', () => {
  it('counts 0.25 per ASCII and 1.5 per non-ASCII character, floored; length / 4 past 100,000 characters', () => {
    expect(geminiTextTokens('abcd'.repeat(10))).toBe(10);
    expect(geminiTextTokens('日本語のテキスト')).toBe(12);
    expect(geminiTextTokens('ab日')).toBe(2);
    expect(geminiTextTokens('日'.repeat(100_001))).toBe(25_000);
  });

  it('counts a function response as (name + JSON of { output }) / 4, with no non-ASCII weighting', () => {
    expect(responseTokens('read_file', '日本')).toBe(Math.floor((9 + JSON.stringify({ output: '日本' }).length) / 4));
  });
});

describe('gemini-cli tool-output masking', () => {
  const user0 = user('start');
  // 10 results of ~10,003 tokens each: the newest 4 stay within the 50k protection, the 5th newest crosses it
  const h: Message[] = [user0, ...Array.from({ length: 10 }, (_, i) => step(i, 40_000)).flat(), assistant('next')];

  it('masks the result that crosses the newest 50,000 tool tokens and every older one', () => {
    const m = maskToolOutputs(h, h.length, CFG)!;
    expect(m.masked).toBe(6);
    const tools = m.history.filter((x) => x.role === 'tool');
    expect(tools.slice(0, 6).every((x) => contentText(x).startsWith(`<${MASK_TAG}>`))).toBe(true);
    expect(tools.slice(6)).toEqual(h.filter((x) => x.role === 'tool').slice(6));
    expect(contentText(tools[0]!)).toContain('... [TRUNCATED] ...');
    expect(m.savedTokens).toBeGreaterThan(55_000);
  });

  it('does nothing below 30,000 prunable tokens, and never re-masks a masked result', () => {
    expect(maskToolOutputs(h.slice(0, 15), 15, CFG)).toBeUndefined();
    const once = maskToolOutputs(h, h.length, CFG)!.history;
    expect(maskToolOutputs(once, once.length, CFG)).toBeUndefined();
  });

  it('skips exempt tools and the newest message (the latest turn)', () => {
    const exempt = [user0, ...Array.from({ length: 10 }, (_, i) => step(i, 40_000, 'ask_user')).flat()];
    expect(maskToolOutputs(exempt, exempt.length, CFG)).toBeUndefined();
    const endsOnResults = h.slice(0, -1);
    const open = maskToolOutputs(endsOnResults, endsOnResults.length, CFG)!;
    const closed = maskToolOutputs(endsOnResults, endsOnResults.length, { ...CFG, protectLatestTurn: false })!;
    expect(masked(open.history)).toBe(5);
    expect(masked(closed.history)).toBe(6);
  });

  it('the incremental trigger returns what the full scan returns, step by step, with small and large outputs', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 6; run++) {
      const trig = new MaskTrigger(CFG);
      let hist: Message[] = [user('go')];
      let fired = 0;
      for (let i = 0; i < 160; i++) {
        hist = [...hist, ...step(i, rnd() < 0.3 ? 60 + Math.floor(rnd() * 200) : Math.floor(rnd() * 30_000))];
        if (rnd() < 0.1) hist = [...hist, assistant('done'), user(`more ${i}`)];
        const full = maskToolOutputs(hist, pendingFrom(hist), CFG);
        const inc = trig.check(hist);
        expect(inc?.history).toEqual(full?.history);
        if (inc) {
          fired++;
          trig.reset();
          hist = inc.history;
        }
      }
      expect(fired).toBeGreaterThan(0);
    }
  });
});

describe('gemini-cli policy with masking', () => {
  const h: Message[] = [user('start'), ...Array.from({ length: 10 }, (_, i) => step(i, 40_000)).flat(), assistant('next'), user('go on')];
  const ctx = makeCtx({ contextWindow: 1_048_576, lastUsage: usage(120_000) });

  it('masks before a request below the compression threshold; gemini-cli@5411f113 does not', () => {
    const r = geminiCliPolicy.create(resolveParams(geminiCliPolicy, {})).beforeStep!(h, ctx) as PolicyResult;
    expect(r.kind).toBe('mask');
    expect(r.detail).toMatchObject({ masked: 6 });
    const old = getPolicy('gemini-cli@5411f113');
    expect(old.create(resolveParams(old, {})).beforeStep!(h, ctx)).toBeUndefined();
    expect(geminiCliPolicy.create(resolveParams(geminiCliPolicy, { maskToolOutputs: false })).beforeStep!(h, ctx)).toBeUndefined();
  });
});
