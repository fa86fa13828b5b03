import { describe, expect, it } from 'vitest';
import { TOKEN_SCALES, toProvider } from '../../src/cache/token-scale.js';
import { nonePolicy } from '../../src/policies/none.js';
import { thresholdSummaryPolicy } from '../../src/policies/threshold-summary.js';
import { runFixture } from './fixtures.js';

describe('step loop with the none policy', () => {
  const run = runFixture(nonePolicy);

  it('makes one request per script step and never compacts', () => {
    expect(run.steps).toHaveLength(12);
    expect(run.events).toHaveLength(0);
    expect(run.violations).toHaveLength(0);
    expect(run.failure).toBeNull();
    expect(run.userTurns).toBe(3);
  });

  it('grows the prompt by what was appended and reads the previous prompt from cache', () => {
    const [a, b] = run.steps;
    expect(a!.breakCause).toBe('cold-start');
    expect(b!.promptTokens).toBeGreaterThan(a!.promptTokens);
    expect(b!.cacheReadTokens).toBe(a!.promptTokens);
    expect(b!.breakCause).toBeNull();
    for (const s of run.steps) expect(s.cacheReadTokens + s.cacheWriteTokens + s.uncachedTokens).toBe(s.promptTokens);
  });

  it('prices every step and the total is the sum of its classes', () => {
    for (const s of run.steps) {
      expect(s.costTotal).not.toBeNull();
      const parts = s.costUncached! + s.costCacheWrite! + s.costCacheRead! + s.costOutput! + s.auxCost!;
      expect(s.costTotal!).toBeCloseTo(parts, 12);
    }
  });

  it('expires the 5-minute cache after a long pause', () => {
    const paused = runFixture(nonePolicy, { thinkTime: 400 });
    const turnStarts = paused.steps.filter((s, i) => i > 0 && s.userTurn !== paused.steps[i - 1]!.userTurn);
    expect(turnStarts.length).toBe(2);
    for (const s of turnStarts) expect(s.breakCause).toBe('ttl-expiry');
  });

  it('records a model switch as its own break cause', () => {
    const switched = runFixture(nonePolicy, { events: { 5: [{ type: 'model-switch', model: 'claude-haiku-4.5', contextWindow: 200_000 }] } });
    expect(switched.steps[5]!.breakCause).toBe('model-switch');
    expect(switched.steps[5]!.model).toBe('claude-haiku-4.5');
  });

  it('flags overflow steps when the window is exceeded', () => {
    const small = runFixture(nonePolicy, { contextWindow: 9_000, resultChars: 2_000 });
    expect(small.steps.some((s) => s.overflow)).toBe(true);
    expect(small.steps[0]!.overflow).toBe(false);
  });
});

describe('step loop with a summarizing policy', () => {
  const run = runFixture(thresholdSummaryPolicy, { resultChars: 3_000, turns: 4 }, { triggerFraction: 0.06, tailFraction: 0.02 });

  it('records compaction events with the harness-computed earliest changed index', () => {
    expect(run.events.length).toBeGreaterThan(0);
    const e = run.events[0]!;
    expect(e.kind).toBe('summary');
    expect(e.phase).toBe('after');
    expect(e.earliestChangedIndex).toBe(1); // the first history message (after the system prompt) was replaced
    expect(e.reclaimedTokens).toBeGreaterThan(0);
    expect(e.auxCalls).toBe(1);
    expect(run.violations).toHaveLength(0);
  });

  it('breaks the cache on the next request with cause compaction and charges the summary', () => {
    const e = run.events[0]!;
    const next = run.steps[e.step]!;
    expect(next.breakCause).toBe('compaction');
    expect(next.events).toBe('summary');
    const charged = run.steps[e.step - 1]!;
    expect(charged.auxCalls).toBe(1);
    // the summarizer writes 2,000 o200k tokens; the aux model (Anthropic) bills them in its own count
    expect(charged.auxOutputTokens).toBe(toProvider(2000, TOKEN_SCALES.anthropic.scale));
    expect(charged.auxCost!).toBeGreaterThan(0);
  });
});
