/** insertion-trim alone and composed with a base policy (threshold-summary stands in for hermes). */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import type { Message } from '../../src/core/messages.js';
import { nonePolicy } from '../../src/policies/none.js';
import {
  INSERTION_TRIM_DEFAULTS, insertionTrimMarker, insertionTrimPolicy, trimToolMessage, withInsertionTrim,
} from '../../src/policies/insertion-trim.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import { thresholdSummaryPolicy } from '../../src/policies/threshold-summary.js';
import type { PolicyContext, PolicyDefinition } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';

const cfg = { ...INSERTION_TRIM_DEFAULTS };
const big = 'x'.repeat(4000) + 'M'.repeat(10_000) + 'y'.repeat(1000);

describe('trimToolMessage (defaults of Hermes PR #85479)', () => {
  it('keeps 4096 head and 1024 tail characters of an output above 8192, with a marker', () => {
    const r = trimToolMessage({ role: 'tool', tool_call_id: 'c1', name: 'terminal', content: big }, cfg);
    const text = r.message.content as string;
    expect(r.omittedChars).toBe(big.length - 4096 - 1024);
    expect(text).toBe(big.slice(0, 4096) + insertionTrimMarker(big.length - 5120) + big.slice(-1024));
    expect(text).toContain('[... 9,880 characters of tool output trimmed before entering history ...]');
    expect(r.message).toMatchObject({ role: 'tool', tool_call_id: 'c1', name: 'terminal' });
  });

  it('leaves outputs at or below the threshold, and other roles, as the same object', () => {
    const short: Message = { role: 'tool', tool_call_id: 'c', content: 'z'.repeat(8192) };
    expect(trimToolMessage(short, cfg).message).toBe(short);
    const pasted: Message = { role: 'user', content: big };
    expect(trimToolMessage(pasted, cfg).message).toBe(pasted);
  });

  it('trims the text parts of a multimodal result and keeps its images', () => {
    const m: Message = { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: big }, { type: 'image_url', image_url: { url: 'data:x' } }] };
    const out = trimToolMessage(m, cfg).message.content as Exclude<Message['content'], string | null>;
    expect(out[1]).toBe((m.content as typeof out)[1]);
    expect(out[0]!.type === 'text' && out[0]!.text.length).toBeLessThan(big.length);
  });
});

describe('insertion-trim alone (base none)', () => {
  const opts = { turns: 3, resultChars: 12_000 };
  const trimmed = runFixture(insertionTrimPolicy, opts);
  const plain = runFixture(nonePolicy, opts);

  it('trims every oversized output as it is appended, with no compaction event', () => {
    expect(trimmed.events).toEqual([]);
    // the fixture's result is 'line t.s ' repeated 1,200 times: 10,800 characters
    expect(trimmed.telemetry).toMatchObject({ insertionTrims: 9, trimMessages: 9, trimEnabled: true, trimCharsRemoved: 9 * (10_800 - 5120) });
    expect(trimmed.telemetry.insertionTrimmedTokens as number).toBeGreaterThan(0);
  });

  it('sends smaller prompts than none and never breaks the cache after the first request', () => {
    const last = trimmed.steps.length - 1;
    expect(trimmed.steps[last]!.promptTokens).toBeLessThan(plain.steps[last]!.promptTokens);
    expect(trimmed.steps.slice(1).every((s) => s.breakCause === null)).toBe(true);
  });

  it('leaves outputs below its threshold alone', () => {
    const r = runFixture(insertionTrimPolicy, { turns: 2, resultChars: 9_000 }); // 8,100 characters
    expect(r.telemetry.trimMessages).toBe(0);
  });

  it('disables itself when head + tail cannot fit under the threshold (PR #85479)', () => {
    const r = runFixture(insertionTrimPolicy, opts, { trimThresholdChars: 5000, trimHeadChars: 4096, trimTailChars: 1024 });
    expect(r.telemetry).toMatchObject({ trimMessages: 0, trimEnabled: false });
  });
});

describe('withInsertionTrim(base)', () => {
  const composed = withInsertionTrim(thresholdSummaryPolicy);

  it('is named after the base and takes the base parameters plus the trim parameters', () => {
    expect(composed.id).toBe('threshold-summary+insertion-trim');
    expect(composed.params.map((p) => p.name)).toEqual(['triggerFraction', 'tailFraction', 'summaryTokens', 'trimThresholdChars', 'trimHeadChars', 'trimTailChars']);
    expect(withInsertionTrim(thresholdSummaryPolicy, '+trim').id).toBe('threshold-summary+trim');
  });

  it('delegates the base hooks with the base parameters and trims on append', () => {
    const params = { triggerFraction: 0.06, tailFraction: 0.02 };
    const opts = { turns: 8, resultChars: 12_000 };
    const base = runFixture(thresholdSummaryPolicy, opts, params);
    const both = runFixture(composed, opts, params);
    expect(base.events.length).toBeGreaterThan(0);
    expect(both.events.length).toBeGreaterThan(0);
    expect(both.events.every((e) => e.kind === 'summary' && e.phase === 'after')).toBe(true);
    expect(both.telemetry.trimMessages).toBe(24);
    // seed 003 §7A: outputs trimmed at insertion leave the context to grow slower, so the same
    // trigger fires less often on the same workload
    expect(both.events.length).toBeLessThan(base.events.length);
    expect(both.violations).toEqual([]);
  });

  it('defines only the hooks the base defines', () => {
    const p = composed.create(resolvePolicy(composed).params);
    const base = thresholdSummaryPolicy.create(resolvePolicy(thresholdSummaryPolicy).params);
    expect(typeof p.afterStep).toBe('function');
    expect(typeof p.beforeStep).toBe(typeof base.beforeStep); // threshold-summary's preflight
    expect(p.view).toBeUndefined();
    expect(p.onCommand).toBeUndefined();
    expect(p.onOverflow).toBeUndefined();
  });

  it("passes the trimmed message on to the base's own onAppend and merges its telemetry", () => {
    const seen: Message[] = [];
    const base: PolicyDefinition = {
      id: 'spy', description: 'spy', source: 'test', params: [],
      create: (params) => ({ id: 'spy', params, onAppend: (m) => { seen.push(m); return m; }, telemetry: () => ({ spyCalls: seen.length }) }),
    };
    const def = withInsertionTrim(base);
    const p = def.create(resolvePolicy(def).params);
    const out = p.onAppend!({ role: 'tool', tool_call_id: 'c', content: big }, {} as PolicyContext);
    expect(seen[0]).toBe(out);
    expect((out.content as string).length).toBeLessThan(big.length);
    expect(p.telemetry!()).toMatchObject({ spyCalls: 1, trimMessages: 1 });
  });

  it('refuses a base whose parameter names clash with the trim', () => {
    const clash: PolicyDefinition = { ...nonePolicy, id: 'clash', params: [{ name: 'trimHeadChars', type: 'integer', default: 1, description: '' }] };
    expect(() => withInsertionTrim(clash)).toThrow(/trimHeadChars/);
  });

  it('counts trimmed tokens with the exact tokenizer in the harness', () => {
    const tokens = createTokenCounter();
    const m: Message = { role: 'tool', tool_call_id: 'c', content: big };
    expect(tokens.message(trimToolMessage(m, cfg).message)).toBeLessThan(tokens.message(m));
  });
});
