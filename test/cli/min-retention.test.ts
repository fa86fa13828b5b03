import { describe, expect, it } from 'vitest';
import { parseMinRetention } from '../../src/cli/run-plan.js';

describe('--min-retention', () => {
  it('takes a share from 0 to 1, and refuses anything else with what is allowed', () => {
    expect(parseMinRetention(undefined)).toBeUndefined();
    expect(parseMinRetention('0.85')).toBe(0.85);
    expect(parseMinRetention('0')).toBe(0);
    expect(parseMinRetention('1')).toBe(1);
    for (const bad of ['', ' ', '1.2', '-0.1', 'ninety', 'NaN']) expect(() => parseMinRetention(bad), bad).toThrow(/--min-retention: got .*, expected a number from 0 to 1/);
  });
});
