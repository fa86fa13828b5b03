/** `complexity-trap-hybrid`: masking of all but M tool outputs, plus a summary every N turns keeping W. */
import { describe, expect, it } from 'vitest';
import { contentText } from '../../src/core/messages.js';
import { complexityTrapHybridPolicy } from '../../src/policies/complexity-trap/policy.js';
import type { PolicyResult, ViewResult } from '../../src/policies/types.js';
import { create, history, makeCtx, turn, usage } from './helpers.js';

describe('complexity-trap hybrid', () => {
  const h = history(turn({ resultTokens: 50, calls: 30 }, 'task'));
  it('masks all but the newest 10 tool outputs in the request', () => {
    const v = create(complexityTrapHybridPolicy).view!(h, makeCtx()) as ViewResult;
    const masked = v.messages.filter((m) => contentText(m).startsWith('Old environment output'));
    expect(masked.length).toBe(30 - 10); // observations: task + 30 results; obs[1 : 31 − 10]
  });
  it('summarizes after N = 43 turns, keeping the task and the newest W = 10 turns', () => {
    const p = create(complexityTrapHybridPolicy);
    const long = history(turn({ resultTokens: 20, calls: 50 }, 'task'));
    for (let i = 0; i < 42; i++) p.afterStep!(long, usage(1000), makeCtx());
    expect(p.beforeStep!(long, makeCtx())).toBeUndefined();
    p.afterStep!(long, usage(1000), makeCtx());
    const r = p.beforeStep!(long, makeCtx()) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.history[0]).toBe(long[0]);
    expect(r.history.slice(3).filter((m) => m.role === 'assistant').length).toBe(10);
    expect(r.history.at(-1)).toBe(long.at(-1));
  });
});
