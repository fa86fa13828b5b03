/** `swe-agent` (LastNObservations) and `mini-swe-agent` (observation template), from their sources. */
import { describe, expect, it } from 'vitest';
import { contentText, type Message } from '../../src/core/messages.js';
import { miniSweAgentPolicy, renderObservation } from '../../src/policies/mini-swe-agent/policy.js';
import { elidedText, omitIndices, pyLineCount, sweAgentPolicy } from '../../src/policies/swe-agent/policy.js';
import type { ViewResult } from '../../src/policies/types.js';
import { create, history, makeCtx, turn } from './helpers.js';

describe('swe-agent LastNObservations', () => {
  const h = history(turn({ resultTokens: 20, calls: 8 }, 'issue')); // user + 8 (call, result) + answer
  const tools = h.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);

  it('elides all but the last n observations, never the first (the instance prompt)', () => {
    // observations: the user message + 8 results = 9; elide obs[1 : 9 − 5] = the first 3 results
    expect(omitIndices(h, 5, 1)).toEqual(tools.slice(0, 3));
    const v = create(sweAgentPolicy).view!(h, makeCtx()) as ViewResult;
    expect(v.messages.filter((m) => contentText(m).startsWith('Old environment output')).length).toBe(3);
    expect(v.messages[0]).toBe(h[0]);
    expect(v.messages.slice(tools[3]!)).toEqual(h.slice(tools[3]!));
  });

  it('with polling p, the cut moves only every p observations', () => {
    // 9 observations, p = 4: floor(9/4)·4 − 5 = 3 → obs[1:3]; at 11 observations: floor(11/4)·4 − 5 = 3 still
    expect(omitIndices(h, 5, 4)).toEqual(tools.slice(0, 2));
    const longer = history(turn({ resultTokens: 20, calls: 10 }, 'issue'));
    expect(omitIndices(longer, 5, 4).length).toBe(2);
  });

  it('the placeholder counts lines like Python splitlines, and masked copies are stable across steps', () => {
    expect(pyLineCount('a\nb\n')).toBe(2);
    expect(pyLineCount('a\r\nb')).toBe(2);
    expect(pyLineCount('')).toBe(0);
    expect(elidedText({ role: 'tool', content: 'x\ny\nz', tool_call_id: 'c' })).toBe('Old environment output: (3 lines omitted)');
    const p = create(sweAgentPolicy);
    const a = (p.view!(h, makeCtx()) as ViewResult).messages;
    const b = (p.view!(h, makeCtx()) as ViewResult).messages;
    expect(a[tools[0]!]).toBe(b[tools[0]!]);
  });

  it('shows the history itself while nothing is old enough', () => {
    const short = history(turn({ resultTokens: 20, calls: 3 }, 'x'));
    expect(create(sweAgentPolicy).view!(short, makeCtx())).toBe(short);
  });
});

describe('mini-swe-agent observation template', () => {
  it('keeps outputs under 10,000 characters whole', () => {
    const s = 'x'.repeat(9_999);
    expect(renderObservation(s, { limitChars: 10_000, headChars: 5_000, tailChars: 5_000 })).toBe(s);
  });
  it('renders longer ones as warning, first 5,000, elided count (length − 10,000) and last 5,000', () => {
    const s = `${'h'.repeat(5_000)}${'m'.repeat(2_345)}${'t'.repeat(5_000)}`;
    const r = renderObservation(s, { limitChars: 10_000, headChars: 5_000, tailChars: 5_000 });
    expect(r).toContain(`<output_head>\n${'h'.repeat(5_000)}\n</output_head>`);
    expect(r).toContain('<elided_chars>\n2345 characters elided\n</elided_chars>');
    expect(r).toContain(`<output_tail>\n${'t'.repeat(5_000)}\n</output_tail>`);
    expect(r).not.toContain('mmm');
    expect(renderObservation('y'.repeat(10_000), { limitChars: 10_000, headChars: 5_000, tailChars: 5_000 })).toContain('0 characters elided');
  });
  it('trims tool messages at insertion only; other roles pass through', () => {
    const p = create(miniSweAgentPolicy);
    const big: Message = { role: 'tool', content: 'z'.repeat(20_000), tool_call_id: 'c1' };
    const out = p.onAppend!(big, makeCtx());
    expect(out.tool_call_id).toBe('c1');
    expect(contentText(out).length).toBeLessThan(11_000);
    const u: Message = { role: 'user', content: 'z'.repeat(20_000) };
    expect(p.onAppend!(u, makeCtx())).toBe(u);
    expect(p.beforeStep).toBeUndefined();
    expect(p.afterStep).toBeUndefined();
  });
});
