import { describe, expect, it } from 'vitest';
import { PromptGrowth } from '../../src/policies/cache-aligned/growth.js';

describe('cache-aligned prompt growth', () => {
  it('is the mean growth between requests with no rewrite between them', () => {
    const g = new PromptGrowth();
    expect(g.stepsUntil(1000, 100)).toBe(Infinity);
    g.observe(100); g.observe(200); g.observe(400); // +100, +200
    expect(g.perStep).toBe(150);
    g.rewritten();
    g.observe(50); // after a rewrite: not a step of growth
    expect(g.perStep).toBe(150);
    g.observe(80); // +30
    expect(g.perStep).toBe(110);
    expect(g.stepsUntil(1180, 80)).toBeCloseTo(10);
    expect(g.stepsUntil(10, 80)).toBe(0);
  });
});
