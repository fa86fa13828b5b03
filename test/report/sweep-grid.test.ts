import { describe, expect, it } from 'vitest';
import { parseSweepParam, sweepPolicySpecs } from '../../src/report/sweep-grid.js';

describe('sweep grid', () => {
  it('parses name=v1,v2 and rejects malformed or repeated values', () => {
    expect(parseSweepParam('triggerFraction=0.6, 0.7,0.8')).toEqual({ name: 'triggerFraction', values: ['0.6', '0.7', '0.8'] });
    expect(() => parseSweepParam('triggerFraction')).toThrow(/--param: got "triggerFraction", expected name=v1,v2/);
    expect(() => parseSweepParam('=1,2')).toThrow(/expected name=v1,v2/);
    expect(() => parseSweepParam('x=1,1')).toThrow(/listed twice/);
  });

  it('expands several --param into their product, first parameter slowest, keeping fixed parameters', () => {
    const specs = sweepPolicySpecs(['threshold-summary:summaryTokens=500'], [parseSweepParam('triggerFraction=0.6,0.8'), parseSweepParam('tailFraction=0.1,0.2,0.3')]);
    expect(specs).toEqual([
      'threshold-summary:summaryTokens=500,triggerFraction=0.6,tailFraction=0.1',
      'threshold-summary:summaryTokens=500,triggerFraction=0.6,tailFraction=0.2',
      'threshold-summary:summaryTokens=500,triggerFraction=0.6,tailFraction=0.3',
      'threshold-summary:summaryTokens=500,triggerFraction=0.8,tailFraction=0.1',
      'threshold-summary:summaryTokens=500,triggerFraction=0.8,tailFraction=0.2',
      'threshold-summary:summaryTokens=500,triggerFraction=0.8,tailFraction=0.3',
    ]);
  });

  it('applies a parameter only to the policies that declare it (others run once, as a reference)', () => {
    expect(sweepPolicySpecs(['none', 'threshold-summary'], [parseSweepParam('triggerFraction=0.5,0.9')])).toEqual([
      'none', 'threshold-summary:triggerFraction=0.5', 'threshold-summary:triggerFraction=0.9',
    ]);
  });

  it('rejects a parameter no policy declares, a repeated --param, and a parameter both fixed and swept', () => {
    expect(() => sweepPolicySpecs(['threshold-summary'], [parseSweepParam('runway=1,2')])).toThrow(/--param runway: no --policy declares it; their parameters: summaryTokens, tailFraction, triggerFraction/);
    expect(() => sweepPolicySpecs(['threshold-summary'], [parseSweepParam('tailFraction=0.1'), parseSweepParam('tailFraction=0.2')])).toThrow(/given twice/);
    expect(() => sweepPolicySpecs(['threshold-summary:tailFraction=0.1'], [parseSweepParam('tailFraction=0.2,0.3')])).toThrow(/both fixed here and swept/);
  });
});
