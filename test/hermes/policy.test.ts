/**
 * The Hermes ContextPolicy on a simulated agent loop: turn-start preflight on the rough estimate,
 * post-response compaction on real usage once tool results are in, anti-thrash and cooldown vetoes,
 * seed 004's extras and the seed 003 telemetry.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import type { Usage } from '../../src/core/usage.js';
import { hermesPolicy, hermesPruneFirstPolicy, hermesRunwayPolicy } from '../../src/policies/hermes/index.js';
import { resolveParams } from '../../src/policies/params.js';
import { isVeto, type ContextPolicy, type HookResult, type PolicyContext, type PolicyResult } from '../../src/policies/types.js';
import type { SummaryRequest, Summarizer } from '../../src/summarizer/types.js';

const WINDOW = 32_000; // Hermes threshold 27,200 (75% floor), tail budget 5,440

function recordingSummarizer(fail = false) {
  const requests: SummaryRequest[] = [];
  const s: Summarizer = {
    summarize(req) {
      requests.push(req);
      if (fail && (req.purpose ?? 'summary') === 'summary') return { ok: false, error: 'upstream 500', kind: 'provider' };
      return { ok: true, text: 'compact summary', inputTokens: 1, outputTokens: 1 };
    },
  };
  return { s, requests };
}

function ctxWith(summarizer: Summarizer, over: Partial<PolicyContext> = {}): PolicyContext {
  return {
    contextWindow: WINDOW, maxOutputTokens: 4096, step: 0, userTurn: 0, turnStart: true, now: 0,
    systemTokens: 500, systemPrompt: 's'.repeat(2000), tokens: createTokenCounter(), summarizer,
    rng: () => 0.5, model: 'm', ...over,
  };
}

let ids = 0;
/** One user turn: ask, a tool call with a ~1,500-char result, and a reply (~900 rough tokens). */
function turn(): Message[] {
  const id = `call_${++ids}`;
  return [
    { role: 'user', content: `ask ${id} ` + 'u'.repeat(300) },
    { role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'terminal', arguments: '{"command": "ls"}' } }] },
    { role: 'tool', tool_call_id: id, content: 'o'.repeat(1500) },
    { role: 'assistant', content: 'done ' + 'a'.repeat(1500) },
  ];
}
const history = (turns: number): Message[] => Array.from({ length: turns }, turn).flat();
const usage = (promptTokens: number): Usage => ({
  promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: promptTokens, outputTokens: 10, cost: null, breakCause: null,
});
const create = (params: Record<string, unknown> = {}): ContextPolicy => hermesPolicy.create(resolveParams(hermesPolicy, params));
const asResult = (r: HookResult): PolicyResult => {
  if (!r || isVeto(r)) throw new Error(`expected a compaction, got ${JSON.stringify(r)}`);
  return r;
};
const toolCalling: Message = { role: 'assistant', content: '', tool_calls: [{ id: 'x1', type: 'function', function: { name: 'terminal', arguments: '{}' } }] };

describe('hermes policy definition', () => {
  it('exposes upstream defaults and cites its source', () => {
    const d = Object.fromEntries(hermesPolicy.params.map((p) => [p.name, p.default]));
    expect(d).toMatchObject({ thresholdPercent: 0.5, protectFirstN: 3, protectLastN: 20, summaryTargetRatio: 0.2, tailMode: 'lean', antiThrash: 'verdict', memoryFlush: false, todoSnapshot: true, todoItems: 0 });
    expect(hermesPolicy.source).toContain('agent/context_compressor.py @ 0000416b');
    expect(hermesPolicy.source).toContain('PR #95571');
    expect(hermesPolicy.source).toContain('agent/model_metadata.py estimators @ 00067189');
    // the older upstreams stay reachable by name, each with the tail it had (legacy)
    for (const v of ['0000416b', '8fa8aabb']) {
      const def = hermesPolicy.versions![v]!.definition!;
      expect(def.source).toContain(`@ ${v}`);
      expect(def.params.find((p) => p.name === 'tailMode')!.default).toBe('legacy');
    }
    expect(hermesRunwayPolicy.params.find((p) => p.name === 'runwayFraction')!.default).toBe(0.15);
  });

  it('the seed-003 variants protect the last 4 messages, the default at their date (5c479eed), not 20', () => {
    for (const def of [hermesPruneFirstPolicy, hermesRunwayPolicy]) {
      expect(def.params.find((p) => p.name === 'protectLastN')!.default).toBe(4);
    }
    // created without resolved params (a direct create), the variant still reads 4: its prune phase
    // prunes everything but the last few messages and takes prune-only; with protectLastN=20 the prune
    // phase cannot reach enough outputs and the compressor summarises
    const h: Message[] = [{ role: 'user', content: 'go' }];
    for (let i = 0; i < 12; i++) {
      h.push({ role: 'assistant', content: '', tool_calls: [{ id: `v${i}`, type: 'function', function: { name: 'terminal', arguments: '{}' } }] });
      h.push({ role: 'tool', tool_call_id: `v${i}`, content: 'q'.repeat(12_000) });
    }
    const { s } = recordingSummarizer();
    const r = asResult(hermesPruneFirstPolicy.create({ pruneProtectTokens: 1 }).beforeStep!(h, ctxWith(s)));
    expect(r.kind).toBe('prune');
    expect(r.history[16]!.content).toBe('[Tool output pruned — was 12,000 chars]');
    const twenty = asResult(hermesPruneFirstPolicy.create({ pruneProtectTokens: 1, protectLastN: 20 }).beforeStep!(h, ctxWith(s)));
    expect(twenty.kind).toBe('summary');
  });
});

describe('hermes policy on the agent loop', () => {
  it('preflight compacts at turn start once the rough request estimate reaches the threshold', () => {
    const { s, requests } = recordingSummarizer();
    const p = create();
    expect(p.beforeStep!(history(10), ctxWith(s))).toBeUndefined(); // ~9K tokens: below 27,200
    const h = history(40);
    const r = asResult(p.beforeStep!(h, ctxWith(s)));
    expect(r.kind).toBe('summary');
    expect(r.history.length).toBeLessThan(h.length);
    expect(r.history.some((m) => m._compressed_summary)).toBe(true);
    expect(r.detail).toMatchObject({ trigger: 'preflight', passes: 1 });
    expect(requests).toHaveLength(1);
    // max(2000, min(20% of the turns' rough tokens, 5% of 32K = 1,600)): the 2,000 floor wins
    expect(requests[0]!.budgetTokens).toBe(2000);
    expect(p.telemetry!()).toMatchObject({ summary_count: 1, prune_only_count: 0, last_compression_mode: 'summary' });
  });

  it('compacts after a tool-calling step on the real prompt tokens, once the results are in history', () => {
    const { s } = recordingSummarizer();
    const p = create();
    const h = history(12); // rough estimate ~11K: the preflight does not fire
    expect(p.beforeStep!(h, ctxWith(s))).toBeUndefined();
    // the provider reports 28,000 real prompt tokens (≥ 27,200): upstream checks after tool execution
    expect(p.afterStep!([...h, toolCalling], usage(28_000), ctxWith(s, { turnStart: false }))).toBeUndefined();
    const next = [...h, toolCalling, { role: 'tool', tool_call_id: 'x1', content: 'ok' } as Message];
    const r = asResult(p.beforeStep!(next, ctxWith(s, { turnStart: false, step: 1 })));
    expect(r.detail).toMatchObject({ trigger: 'post-response' });
    expect(r.history.at(-1)).toEqual(next.at(-1)); // the tool result stays with its call
  });

  it('vetoes once two compactions in a row left the real prompt over the threshold', () => {
    const { s } = recordingSummarizer();
    const p = create();
    let h = history(12);
    const results: HookResult[] = [];
    const ask: Message = { role: 'user', content: 'go on' }; // a well-formed turn: no two assistants in a row
    for (let i = 0; i < 3; i++) {
      p.afterStep!([...h, ask, toolCalling], usage(30_000), ctxWith(s, { turnStart: false }));
      h = [...h, ask, toolCalling, { role: 'tool', tool_call_id: 'x1', content: 'ok' } as Message, ...history(3)];
      const r = p.beforeStep!(h, ctxWith(s, { turnStart: false }));
      results.push(r);
      if (r && !isVeto(r)) h = r.history;
    }
    expect(results.map((r) => (r && isVeto(r) ? r.veto : r ? 'compacted' : 'none'))).toEqual(['compacted', 'compacted', 'anti-thrash']);
  });

  it('reports a session stuck behind the anti-thrash block (as upstream: only a reading under the threshold clears it)', () => {
    const { s } = recordingSummarizer();
    const p = create();
    let h = history(12);
    const ask: Message = { role: 'user', content: 'go on' };
    expect(p.telemetry!()).toMatchObject({ stuck: 'no', stuck_since_step: -1, stuck_vetoes: 0 });
    for (let i = 0; i < 6; i++) {
      p.afterStep!([...h, ask, toolCalling], usage(30_000 + i * 1000), ctxWith(s, { turnStart: false, step: 2 * i }));
      h = [...h, ask, toolCalling, { role: 'tool', tool_call_id: 'x1', content: 'ok' } as Message, ...history(3)];
      const r = p.beforeStep!(h, ctxWith(s, { turnStart: false, step: 2 * i + 1 }));
      if (r && !isVeto(r)) h = r.history;
    }
    // compactions at steps 1 and 3 left real usage over; from step 5 every check is refused
    expect(p.telemetry!()).toMatchObject({ stuck: 'anti-thrash', stuck_since_step: 5 });
    expect(p.telemetry!().stuck_vetoes).toBeGreaterThanOrEqual(4);
    p.afterStep!(h, usage(1_000), ctxWith(s, { turnStart: false, step: 12 }));
    expect(p.telemetry!()).toMatchObject({ stuck: 'no', stuck_since_step: -1 });
  });

  it('a failed summary inserts the deterministic fallback and starts a cooldown on the simulated clock', () => {
    const { s } = recordingSummarizer(true);
    const p = create();
    const r = asResult(p.beforeStep!(history(40), ctxWith(s, { now: 100 })));
    expect(r.detail).toMatchObject({ fallback: true });
    expect(String(r.history.find((m) => m._compressed_summary)!.content)).toContain('deterministic fallback');
    // the next request fits (real usage 10K), then the conversation grows back over the threshold
    p.afterStep!(r.history, usage(10_000), ctxWith(s, { now: 110, turnStart: false }));
    const later = history(40);
    expect(p.beforeStep!(later, ctxWith(s, { now: 130, userTurn: 1 }))).toEqual({ veto: 'summary-failure-cooldown' });
    expect(isVeto(p.beforeStep!(later, ctxWith(s, { now: 161, userTurn: 2 })) as HookResult)).toBe(false);
    expect(p.telemetry!()).toMatchObject({ fallback_summary_count: 2 });
  });

  it('with abortOnSummaryFailure a failed summary keeps the history and is counted as a veto', () => {
    const { s } = recordingSummarizer(true);
    const p = create({ abortOnSummaryFailure: true });
    expect(p.beforeStep!(history(40), ctxWith(s))).toEqual({ veto: 'summary-aborted' });
  });

  it('the older rule (seed 002) blocks after two passes saving under 10%; the current one does not', () => {
    // Eight huge messages the tail floor must keep: each pass can only drop a few small messages.
    const bulky = (n: number) => Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'z'.repeat(30_000) }) as Message);
    const start = [...history(2), ...bulky(8)];
    const run = (antiThrash: string) => {
      const { s } = recordingSummarizer();
      const p = create({ antiThrash });
      const first = asResult(p.beforeStep!(start, ctxWith(s)));
      p.afterStep!(first.history, usage(20_000), ctxWith(s, { turnStart: false }));
      const second = p.beforeStep!([...first.history, ...bulky(2)], ctxWith(s, { userTurn: 1 }));
      return [first.detail!.passes, second && isVeto(second) ? second.veto : 'compacted'];
    };
    expect(run('savings10')).toEqual([2, 'anti-thrash']); // two <10% passes: two strikes
    expect(run('verdict')).toEqual([3, 'compacted']); // strikes only when real usage stays over
  });
});

const todoCall = (todos: unknown, extra = ''): Message => ({
  role: 'assistant', content: '',
  tool_calls: [{ id: `t${++ids}`, type: 'function', function: { name: 'todo', arguments: JSON.stringify({ todos }) + extra } }],
});

describe('todo snapshot and memory flush', () => {
  it('after a compaction appends the active items of the task list the todo calls wrote (upstream, on by default)', () => {
    const { s } = recordingSummarizer();
    const p = create();
    const call = todoCall([
      { id: 'a', content: 'read the code', status: 'completed' },
      { id: 'b', content: 'fix the bug', status: 'in_progress' },
      { id: 'c', content: 'run tests', status: 'pending' },
    ]);
    const h = [...history(2), call];
    p.afterStep!(h, usage(1000), ctxWith(s, { turnStart: false }));
    const r = asResult(p.beforeStep!([...h, { role: 'tool', tool_call_id: call.tool_calls![0]!.id, content: '{"success": true}' }, ...history(40)], ctxWith(s, { userTurn: 1 })));
    expect(r.history.at(-1)).toEqual({
      role: 'user',
      content: '[Your active task list was preserved across context compression]\n- [>] b. fix the bug (in_progress)\n- [ ] c. run tests (pending)',
    });
  });

  it('a replacing write, a merge by id, and a list with nothing active', () => {
    const { s } = recordingSummarizer();
    const last = (p: ContextPolicy) => asResult(p.beforeStep!(history(40), ctxWith(s, { userTurn: 2 }))).history.at(-1)!.content;
    const p = create();
    p.afterStep!([todoCall([{ id: '1', content: 'x', status: 'pending' }, { id: '2', content: 'y', status: 'pending' }])], usage(1), ctxWith(s));
    p.afterStep!([{ ...todoCall([{ id: '2', status: 'in_progress' }, { id: '3', content: 'z' }]), }].map((m) => ({ ...m, tool_calls: m.tool_calls!.map((tc) => ({ ...tc, function: { ...tc.function, arguments: tc.function.arguments.replace(/}$/, ', "merge": true}') } })) })), usage(1), ctxWith(s));
    expect(last(p)).toBe('[Your active task list was preserved across context compression]\n- [ ] 1. x (pending)\n- [>] 2. y (in_progress)\n- [ ] 3. z (pending)');
    const q = create();
    q.afterStep!([todoCall([{ id: '1', content: 'x', status: 'completed' }])], usage(1), ctxWith(s));
    expect(last(q)).not.toContain('task list');
  });

  it('appends nothing when the session made no todo call; todoItems gives seed 004\'s synthetic list instead', () => {
    const { s } = recordingSummarizer();
    expect(asResult(create().beforeStep!(history(40), ctxWith(s))).history.at(-1)!.content).not.toContain('task list');
    expect(asResult(create({ todoSnapshot: false, todoItems: 2 }).beforeStep!(history(40), ctxWith(s))).history.at(-1)!.content).not.toContain('task list');
    expect(asResult(create({ todoItems: 2 }).beforeStep!(history(40), ctxWith(s))).history.at(-1)).toEqual({
      role: 'user',
      content: '[Your active task list was preserved across context compression]\n- [>] 1. Task 1 of user turn 1 (in_progress)\n- [ ] 2. Task 2 of user turn 1 (pending)',
    });
  });

  it('memoryFlush (flush_memories, removed upstream in ea01bdceb) is off by default and precedes the summary call when on', () => {
    const on = recordingSummarizer();
    asResult(create({ memoryFlush: true }).beforeStep!(history(40), ctxWith(on.s)));
    expect(on.requests.map((q) => q.purpose)).toEqual(['memory-flush', 'summary']);
    expect(on.requests[0]!.reusesMainCache).toBe(true);
    const off = recordingSummarizer();
    asResult(create().beforeStep!(history(40), ctxWith(off.s)));
    expect(off.requests.map((q) => q.purpose)).toEqual(['summary']);
  });
});

describe('prune-first policies', () => {
  it('count prune-only compactions in their telemetry', () => {
    const { s, requests } = recordingSummarizer();
    for (const def of [hermesPruneFirstPolicy, hermesRunwayPolicy]) {
      requests.length = 0;
      const p = def.create(resolveParams(def, { protectLastN: 4 }));
      // 30 old tool outputs of 4,000 chars: pruning all but the newest ~10K tokens lands far below the threshold.
      const h = Array.from({ length: 30 }, (_, i) => [
        { role: 'assistant', content: '', tool_calls: [{ id: `p${i}`, type: 'function', function: { name: 'terminal', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: `p${i}`, content: 'q'.repeat(4000) },
      ] as Message[]).flat();
      const r = asResult(p.beforeStep!([{ role: 'user', content: 'go' }, ...h], ctxWith(s)));
      expect(r.kind).toBe('prune');
      expect(requests).toHaveLength(0);
      expect(p.telemetry!()).toMatchObject({ prune_only_count: 1, summary_count: 0, last_compression_mode: 'prune' });
    }
  });
});

describe('purity', () => {
  it('never mutates the (frozen) history it is given', async () => {
    const { freezeMessage } = await import('../../src/core/messages.js');
    const { s } = recordingSummarizer();
    for (const def of [hermesPolicy, hermesPruneFirstPolicy, hermesRunwayPolicy]) {
      const h = Object.freeze(history(40).map((m) => freezeMessage(m)));
      const before = JSON.stringify(h);
      const p = def.create(resolveParams(def, { todoSnapshot: true }));
      expect(() => p.beforeStep!(h, ctxWith(s))).not.toThrow();
      expect(JSON.stringify(h)).toBe(before);
    }
  });
});

describe('model switch', () => {
  it('re-derives the thresholds for the new window (update_model)', () => {
    const { s } = recordingSummarizer();
    const p = create();
    expect(p.beforeStep!(history(10), ctxWith(s))).toBeUndefined();
    // 1M window: 50% is kept, threshold 500,000 — the same ~36K history no longer triggers
    expect(p.beforeStep!(history(40), ctxWith(s, { contextWindow: 1_000_000, model: 'big', userTurn: 1 }))).toBeUndefined();
    // back on the 32K model it does
    expect(isVeto(p.beforeStep!(history(40), ctxWith(s, { userTurn: 2 })) as HookResult)).toBe(false);
  });
});
