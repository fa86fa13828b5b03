/**
 * Done-when of validate-cache on Codex rollouts (issue 16): over the shared rollouts the modelled cache
 * reads total within 2% of the recorded ones, at least 90% of calls agree within 5% of their prompt, and
 * every disagreement has a cause. Plus the mechanics of the OpenAI expected-value prefix cache.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { summaryJson, validateFile, type FileCheck } from '../../src/validate/index.js';
import { OpenAiPrefixCache } from '../../src/validate/openai-prefix.js';
import { TRACES } from '../import/reference.js';

describe('validate-cache on the shared Codex rollouts', () => {
  it('meets the agreement targets and labels every disagreement', async () => {
    const tokens = createTokenCounter();
    const dir = path.join(TRACES, 'codex');
    const files = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort();
    const checks: FileCheck[] = [];
    for (const f of files) checks.push(await validateFile(path.join(dir, f), { tokens }));
    const { total } = summaryJson(checks);
    expect(total.calls).toBe(321);
    expect(Math.abs(total.modelled.cacheRead - total.recorded.cacheRead) / total.recorded.cacheRead).toBeLessThan(0.02);
    expect(total.agreeing / total.calls).toBeGreaterThanOrEqual(0.9);
    expect(total.disagreements.every((d) => d.cause !== 'unexplained')).toBe(true);
    // every session's first call reads the shared instructions, and the model starts from them
    for (const c of checks) expect(c.calls[0]!.recorded.cacheRead).toBe(c.warmedTokens);
    expect(checks.every((c) => c.profile === 'gpt-5.3-codex')).toBe(true);
  });

  it('the expected-value hit probability is a real knob: 1 reads more than 0.9', async () => {
    const tokens = createTokenCounter();
    const file = path.join(TRACES, 'codex', readdirSync(path.join(TRACES, 'codex')).filter((n) => n.endsWith('.jsonl')).sort()[0]!);
    const full = await validateFile(file, { tokens, mechanics: { hitProbability: 1 } });
    const lower = await validateFile(file, { tokens, mechanics: { hitProbability: 0.9 } });
    expect(full.modelled.cacheRead).toBeGreaterThan(lower.modelled.cacheRead);
  });
});

describe('OpenAI expected-value prefix cache', () => {
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
  it('reads the longest live prefix in 128-token steps, never the last message', () => {
    const c = new OpenAiPrefixCache();
    expect(c.send(keys(2), [1000, 500], 0).read).toBe(0);
    expect(c.send(keys(3), [1000, 500, 700], 10).read).toBe(1408); // 1,500 floored to 128s
    expect(c.send(keys(1), [900], 20).read).toBe(0); // below 1,024
  });
  it('forgets a prefix idle longer than the bound, but keeps the shared one warm', () => {
    const c = new OpenAiPrefixCache({ maxIdleSeconds: 3600, sharedTokens: 1100 });
    c.send(keys(2), [2000, 500], 0);
    expect(c.send(keys(3), [2000, 500, 10], 3000).read).toBe(2432);
    expect(c.send(keys(4), [2000, 500, 10, 10], 3000 + 3601).read).toBe(1024);
  });
  it('prices a best-effort miss as an expected value', () => {
    const c = new OpenAiPrefixCache({ hitProbability: 0.5, sharedTokens: 1024 });
    c.send(keys(2), [4096, 10], 0);
    const r = c.send(keys(3), [4096, 10, 10], 5);
    expect([r.full, r.shared, r.read]).toEqual([4096, 1024, 2560]);
  });
});
