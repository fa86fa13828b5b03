/**
 * The pieces behind well-formed-text, thinking-kept, overflow-flagged and the determinism harness, each
 * on hand-made input: lone surrogates anywhere in a message, each provider's thinking rule, deep
 * freezing, the fake clock, and model switches in rendered cases.
 */
import { describe, expect, it } from 'vitest';
import { assistant, call, deepFreezeMessage, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { nonePolicy } from '../../src/policies/none.js';
import { thresholdSummaryPolicy } from '../../src/policies/threshold-summary.js';
import { providerOf, THINKING_RULES, thinkingViolations } from '../../src/testing/checks/thinking.js';
import { illFormedText } from '../../src/testing/checks/unicode.js';
import { drive } from '../../src/testing/drive.js';
import { BASE_CLOCK_MS, withEnvironment } from '../../src/testing/environment.js';
import { overflowFlagged } from '../../src/testing/invariants/index.js';
import { renderCase } from '../../src/testing/render.js';
import { fixedCase } from './helpers.js';

describe('illFormedText', () => {
  it('finds a lone surrogate in content, parts, tool arguments and nested reasoning, not in a proper pair', () => {
    expect(illFormedText(user('ok 🙂 fine'))).toBeNull();
    expect(illFormedText(user('cut \ud83d'))).toMatchObject({ field: 'content', index: 4 });
    expect(illFormedText({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: '\ude42b' }] })?.field).toBe('content[1].text');
    expect(illFormedText(assistant(null, [call('c1', 'Edit', '{"content":"x\ud83d"}')]))?.field).toBe('tool_calls[0].function.arguments');
    expect(illFormedText({ role: 'assistant', content: 'x', reasoning_details: [{ type: 'reasoning.text', text: 'y\ud83d' }] })?.field).toBe('reasoning_details[0].text');
  });
});

describe('thinking rules', () => {
  const a1: Message = { ...assistant(null, [call('c1', 'bash', '{}')]), reasoning_content: 'plan 1' };
  const a2: Message = { ...assistant(null, [call('c2', 'bash', '{}')]), reasoning_content: 'plan 2' };
  const strip = (m: Message): Message => { const { reasoning_content: _r, ...rest } = m; return rest; };
  const produced = (model: string) => new Map([['c1', { message: a1, model }], ['c2', { message: a2, model }]]);
  const loop = (x1: Message, x2: Message): Message[] => [user('go'), x1, toolResult('c1', 'ok'), x2, toolResult('c2', 'ok')];

  it('Anthropic needs the thinking of the turn whose results are sent, not earlier ones', () => {
    expect(providerOf('claude-sonnet-4.5')).toBe('anthropic');
    expect(thinkingViolations(loop(strip(a1), a2), 'anthropic', produced('claude-sonnet-4.5'))).toEqual([]);
    expect(thinkingViolations(loop(a1, strip(a2)), 'anthropic', produced('claude-sonnet-4.5')).map((v) => v.index)).toEqual([3]);
    // a changed block is rejected too
    expect(thinkingViolations(loop(a1, { ...a2, reasoning_content: 'edited' }), 'anthropic', produced('claude-sonnet-4.5'))).toHaveLength(1);
    // a request that ends with user text answers no tool use
    expect(thinkingViolations([...loop(a1, strip(a2)), assistant('done'), user('next')], 'anthropic', produced('claude-sonnet-4.5'))).toEqual([]);
  });

  it('DeepSeek needs every tool-calling message its model produced; OpenAI needs none', () => {
    expect(providerOf('deepseek-v3.2')).toBe('deepseek');
    expect(thinkingViolations(loop(strip(a1), a2), 'deepseek', produced('deepseek-v3.2')).map((v) => v.index)).toEqual([1]);
    expect(thinkingViolations(loop(strip(a1), strip(a2)), 'openai', produced('gpt-4.1'))).toEqual([]);
    expect(THINKING_RULES.openai.scope).toBe('none');
    // reasoning another provider produced (before a model switch) is not judged
    expect(thinkingViolations(loop(strip(a1), a2), 'deepseek', produced('claude-sonnet-4.5'))).toEqual([]);
  });
});

describe('checked runs', () => {
  it('freeze nested objects: image_url and a call\'s function', () => {
    const m = deepFreezeMessage({ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:', detail: 'high' } }] } as Message);
    const part = (m.content as { image_url: { detail?: string } }[])[0]!;
    expect(Object.isFrozen(part.image_url)).toBe(true);
    expect(() => { part.image_url.detail = 'low'; }).toThrow(TypeError);
  });

  it('see a fixed fake clock and a seeded Math.random, and restore the real ones', () => {
    const seen = withEnvironment({ clockMs: BASE_CLOCK_MS, randomSeed: 's' }, () => [Date.now(), new Date().getTime(), Math.random()]);
    const again = withEnvironment({ clockMs: BASE_CLOCK_MS, randomSeed: 's' }, () => [Date.now(), new Date().getTime(), Math.random()]);
    expect(seen).toEqual(again);
    expect(seen[0]).toBe(BASE_CLOCK_MS);
    expect(new Date(2020, 0, 1).getFullYear()).toBe(2020);
    expect(Date.now()).toBeGreaterThan(BASE_CLOCK_MS + 1);
  });
});

describe('model switches', () => {
  const switched = (contextWindow: number) => {
    const c = fixedCase();
    return { ...c, context: { ...c.context, contextWindow: 64_000, modelSwitch: { turn: 1, model: 'gpt-4.1', contextWindow } } };
  };

  it('render as an event before the turn\'s first step, only to a smaller window', () => {
    const events = (cw: number) => renderCase(switched(cw), createTokenCounter()).workload.steps.flatMap((s, i) => (s.events ?? []).map((e) => ({ i, e })));
    expect(events(32_000)).toEqual([{ i: 4, e: { type: 'model-switch', model: 'gpt-4.1', contextWindow: 32_000, maxOutputTokens: 4096 } }]);
    expect(events(128_000)).toEqual([]);
  });

  it('overflow-flagged exempts a policy that never compacts, and judges one that does', () => {
    expect(overflowFlagged.check(drive({ def: nonePolicy }, switched(32_000)))).toBeNull();
    const obs = drive({ def: thresholdSummaryPolicy }, switched(32_000));
    expect(obs.requests.some((r) => r.contextWindow === 32_000)).toBe(true);
    expect(overflowFlagged.check(obs)).toBeNull(); // its preflight compacts (or flags) before the first request on the smaller window
  });
});
