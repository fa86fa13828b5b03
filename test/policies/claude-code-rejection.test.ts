import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { claudeCodePolicy } from '../../src/policies/claude-code/policy.js';
import { CLEARED } from '../../src/policies/claude-code/config.js';
import { resolveParams } from '../../src/policies/params.js';
import { getPolicy } from '../../src/policies/registry.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, toolMessages, turn } from './helpers.js';

/** Two turns of 8 Read results each, every assistant message with thinking; the second turn is in progress. */
function withThinking(): Message[] {
  const think = (m: Message): Message => (m.role === 'assistant' ? { ...m, reasoning: `thinking about ${m.tool_calls?.[0]?.id ?? 'answer'}` } : m);
  const done = turn({ tool: 'Read', resultTokens: 300, calls: 8 }, 'first').map(think);
  const open = turn({ tool: 'Read', resultTokens: 300, calls: 8 }, 'second').map(think).slice(0, -1);
  return [...done, ...open];
}

describe('claude-code rejection path (2.1.112 handleHintReject)', () => {
  it('clears earlier thinking and all but the 5 newest compactable results, keeps the turn in progress', () => {
    const h = history(withThinking());
    const r = create(claudeCodePolicy).onOverflow!(h, makeCtx()) as PolicyResult;
    expect(r.kind).toBe('rejection-clear');
    const results = toolMessages(r.history);
    expect(results.filter((m) => m.content === CLEARED)).toHaveLength(11);
    expect(results.slice(-5)).toEqual(toolMessages(h).slice(-5));
    const secondStart = h.findIndex((m) => m.role === 'user' && String(m.content).includes('second'));
    r.history.forEach((m, i) => {
      if (m.role !== 'assistant') return;
      if (i < secondStart) expect(m.reasoning).toBeUndefined();
      else expect(m.reasoning).toBe(h[i]!.reasoning);
    });
    expect(r.detail).toMatchObject({ cleared: 11, thinkingCleared: 9 });
  });

  it('runs before any compaction: a second rejection with nothing left to clear compacts only with reactiveCompact', () => {
    const h = history(withThinking());
    const p = create(claudeCodePolicy, { reactiveCompact: true });
    const first = p.onOverflow!(h, makeCtx()) as PolicyResult;
    expect(first.kind).toBe('rejection-clear');
    expect((p.onOverflow!(first.history, makeCtx()) as PolicyResult).kind).toBe('summary');
    // without reactive compaction (its default: ant-only upstream) the still-rejected request goes out as it is
    expect(create(claudeCodePolicy).onOverflow!(first.history, makeCtx())).toBeUndefined();
  });

  it('honours rejectionKeepRecent and is off in claude-code@f90eee85d and the older versions', () => {
    const h = history(withThinking());
    const r = create(claudeCodePolicy, { rejectionKeepRecent: 2 }).onOverflow!(h, makeCtx()) as PolicyResult;
    expect(toolMessages(r.history).filter((m) => m.content === CLEARED)).toHaveLength(14);
    for (const v of ['claude-code@f90eee85d', 'claude-code@v2.1.6x', 'claude-code@50049c61']) {
      const def = getPolicy(v);
      expect(def.create(resolveParams(def, {})).onOverflow!(h, makeCtx())).toBeUndefined();
    }
    expect(claudeCodePolicy.version).toBe('2.1.112');
  });
});
