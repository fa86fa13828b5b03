import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { listScenarios } from '../../src/workload/scenario.js';
import { short } from './helpers.js';

describe('generateWorkload determinism', () => {
  it.each(listScenarios())('%s: same seed gives a deep-equal workload, even with a fresh token counter', (name) => {
    const s = short(name, 40);
    const a = generateWorkload(s, 11, createTokenCounter());
    const b = generateWorkload(s, 11, createTokenCounter());
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it.each(listScenarios())('%s: different seeds give different workloads', (name) => {
    const s = short(name, 40);
    const a = generateWorkload(s, 1, createTokenCounter());
    const b = generateWorkload(s, 2, createTokenCounter());
    expect(JSON.stringify(b.steps)).not.toBe(JSON.stringify(a.steps));
    expect(b.id).not.toBe(a.id);
  });

  it('does not depend on what was generated before (no hidden state between calls)', () => {
    const s = short('claude-code-200k', 40);
    const fresh = generateWorkload(s, 5, createTokenCounter());
    generateWorkload(short('ops-1m', 60), 3, createTokenCounter());
    expect(generateWorkload(s, 5, createTokenCounter())).toEqual(fresh);
  });
});
