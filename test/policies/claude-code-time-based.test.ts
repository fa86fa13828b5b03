import { describe, expect, it } from 'vitest';
import { claudeCodePolicy } from '../../src/policies/claude-code/policy.js';
import { resolveParams } from '../../src/policies/params.js';
import { getPolicy } from '../../src/policies/registry.js';
import { CLEARED } from '../../src/policies/claude-code/config.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, toolMessages, turn, usage } from './helpers.js';

/** 8 small Read results, then the assistant's answer at t = 1000 s; the next request comes after `minutes`. */
function afterPause(minutes: number, params: Record<string, unknown> = {}) {
  const p = create(claudeCodePolicy, { timeBasedMicrocompact: true, ...params });
  const h = history(turn({ tool: 'Read', resultTokens: 200, calls: 8 }));
  p.afterStep!(h, usage(5_000), makeCtx({ now: 1_000 }));
  return { h, r: p.beforeStep!(h, makeCtx({ now: 1_000 + minutes * 60 })) };
}

describe('claude-code time-based microcompact', () => {
  it('fires after a 61-minute pause and keeps the 5 newest compactable results', () => {
    const { h, r } = afterPause(61);
    const res = r as PolicyResult;
    expect(res.kind).toBe('time-microcompact');
    const results = toolMessages(res.history);
    expect(results.slice(0, 3).every((m) => m.content === CLEARED)).toBe(true);
    expect(results.slice(3)).toEqual(toolMessages(h).slice(3));
  });

  it('does not fire after a 59-minute pause', () => {
    expect(afterPause(59).r).toBeUndefined();
  });

  it('is off by default (timeBasedMCConfig.ts enabled: false) and on in claude-code@50049c61', () => {
    const p = create(claudeCodePolicy);
    const h = history(turn({ tool: 'Read', resultTokens: 200, calls: 8 }));
    p.afterStep!(h, usage(5_000), makeCtx({ now: 1_000 }));
    expect(p.beforeStep!(h, makeCtx({ now: 1_000 + 61 * 60 }))).toBeUndefined();
    const old = getPolicy('claude-code@50049c61');
    const q = old.create(resolveParams(old, {}));
    q.afterStep!(h, usage(5_000), makeCtx({ now: 1_000 }));
    expect((q.beforeStep!(h, makeCtx({ now: 1_000 + 61 * 60 })) as PolicyResult).kind).toBe('time-microcompact');
  });

  it('honours its own gap and keep parameters, and can be switched off', () => {
    const r = afterPause(31, { timeGapMinutes: 30, timeKeepRecent: 2 }).r as PolicyResult;
    expect(toolMessages(r.history).filter((m) => m.content === CLEARED)).toHaveLength(6);
    expect(afterPause(61, { timeBasedMicrocompact: false }).r).toBeUndefined();
  });
});
