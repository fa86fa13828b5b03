import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { claudeCodePolicy } from '../../src/policies/claude-code/policy.js';
import { resolveParams } from '../../src/policies/params.js';
import { getPolicy } from '../../src/policies/registry.js';
import { CLEARED } from '../../src/policies/claude-code/config.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, makeCtx, text } from './helpers.js';

/** A session whose Bash results total `bashTokens` (chars/4) over `n` results, padded by MCP results. */
function session(n: number, eachBash: number, mcpTokens: number, sizes?: number[]): Message[] {
  const out: Message[] = [user('Fix the build.')];
  for (let i = 0; i < n; i++) {
    out.push(assistant(null, [call(`b${i}`, 'Bash', { command: `make ${i}` })]));
    out.push(toolResult(`b${i}`, text(sizes?.[i] ?? eachBash, `b${i}`)));
  }
  for (let i = 0; mcpTokens > 0; i++, mcpTokens -= 10_000) {
    out.push(assistant(null, [call(`m${i}`, 'mcp__db__query', { q: i })]));
    out.push(toolResult(`m${i}`, text(Math.min(10_000, mcpTokens), `m${i}`)));
  }
  return out;
}

// 200k window, 32k max output: effective 180k, auto-compact 167k, warning threshold 147k.
const ctx = () => makeCtx();
/** Generation 1 is one parameter away (off by default since the 2.1.x build removed it). */
const GEN1 = { microcompact: true };

describe('claude-code generation-1 microcompact', () => {
  it('does nothing while compactable results are below 40k tokens, even above the warning threshold', () => {
    const h = session(10, 3_500, 115_000); // 35k compactable, ~151k context
    expect(create(claudeCodePolicy, GEN1).beforeStep!(h, ctx())).toBeUndefined();
  });

  it('clears all but the last 3 compactable results above 40k', () => {
    const h = session(10, 4_500, 110_000); // 45k compactable, ~156k context
    const r = create(claudeCodePolicy, GEN1).beforeStep!(h, ctx()) as PolicyResult;
    expect(r.kind).toBe('microcompact');
    const bash = r.history.filter((m) => m.role === 'tool' && m.tool_call_id!.startsWith('b'));
    expect(bash.slice(0, 7).every((m) => m.content === CLEARED)).toBe(true);
    expect(bash.slice(7).every((m) => m.content !== CLEARED)).toBe(true);
    const mcp = r.history.filter((m) => m.role === 'tool' && m.tool_call_id!.startsWith('m'));
    expect(mcp.every((m, i) => m === h.find((x) => x.tool_call_id === `m${i}`))).toBe(true);
    expect(r.history.filter((m) => m.role === 'assistant')).toEqual(h.filter((m) => m.role === 'assistant'));
  });

  it('does nothing below the warning threshold', () => {
    const h = session(10, 4_500, 0); // 45k compactable but only ~46k context
    expect(create(claudeCodePolicy, GEN1).beforeStep!(h, ctx())).toBeUndefined();
  });

  it('does nothing when clearing would save less than 20k', () => {
    // 50k compactable, but the 3 kept results hold 42k: clearing the other 4 saves only 8k
    const h = session(7, 0, 110_000, [2_000, 2_000, 2_000, 2_000, 14_000, 14_000, 14_000]);
    expect(create(claudeCodePolicy, GEN1).beforeStep!(h, ctx())).toBeUndefined();
  });

  it('is off by default, as in the 2.1.x external build, and on at claude-code@v2.1.6x', () => {
    const h = session(10, 4_500, 110_000);
    expect(create(claudeCodePolicy).beforeStep!(h, ctx())).toBeUndefined();
    const old = getPolicy('claude-code@v2.1.6x');
    expect((old.create(resolveParams(old, {})).beforeStep!(h, ctx()) as PolicyResult).kind).toBe('microcompact');
  });

  it('is off when the layer is switched off', () => {
    const h = session(10, 4_500, 110_000);
    expect(create(claudeCodePolicy, { ...GEN1, microcompact: false }).beforeStep!(h, ctx())).toBeUndefined();
  });
});
