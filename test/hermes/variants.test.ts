/** The Hermes options as variants: proactive prune, background compression, Anthropic native compaction. */
import { describe, expect, it } from 'vitest';
import { getPolicy } from '../../src/policies/registry.js';
import { HermesCompressor } from '../../src/policies/hermes/compressor.js';
import { modelSupportsCompaction } from '../../src/policies/hermes/options/anthropic-native.js';
import { backgroundGates } from '../../src/policies/hermes/options/background.js';
import { ProactivePrune } from '../../src/policies/hermes/options/proactive-prune.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';

const noBackend = { summarize: () => ({ ok: false as const, error: 'unused', kind: 'provider' as const }) };

/** user, then `n` read_file calls each returning `chars` characters. */
function session(n: number, chars: number): PyMsg[] {
  const out: PyMsg[] = [{ role: 'user', content: 'read the logs' }];
  for (let i = 0; i < n; i++) {
    out.push({ role: 'assistant', content: '', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'read_file', arguments: `{"path": "l${i}.log"}` } }] });
    out.push({ role: 'tool', tool_call_id: `c${i}`, content: String.fromCharCode(97 + (i % 26)).repeat(chars) + i });
  }
  return out;
}

describe('proactive prune', () => {
  const c = new HermesCompressor({ context_length: 200_000, version: '0000416b' }, noBackend);
  const opts = { triggerTokens: 50_000, minResultChars: 8000, minReclaimTokens: 4096 };

  it('summarises outputs over 8,000 chars outside the last protect_last_n messages, when that reclaims 4,096+ tokens', () => {
    const h = session(30, 10_000);
    const before = JSON.stringify(h);
    const out = new ProactivePrune(opts).run(c, h, 80_000)!;
    expect(JSON.stringify(h)).toBe(before); // input untouched
    expect(out.pruned).toBe(20); // 61 messages, the last 20 protected: tool outputs at 2..40
    expect(out.reclaimed).toBeGreaterThanOrEqual(4096);
    expect(out.messages[2]!.content).toBe('[read_file] read l0.log from line 1 (10,001 chars)');
    expect(out.messages[60]).toBe(h[60]);
  });

  it('commits nothing below the trigger, under the reclaim gate, or for outputs under the size floor', () => {
    expect(new ProactivePrune(opts).run(c, session(30, 10_000), 49_999)).toBeUndefined();
    expect(new ProactivePrune(opts).run(c, session(11, 9_000), 80_000)).toBeUndefined(); // 23 messages: one output outside the tail, ≈ 2.2K tokens
    expect(new ProactivePrune(opts).run(c, session(30, 7_000), 80_000)).toBeUndefined();
  });
});

describe('background compression gates', () => {
  it('take 0.65 / 0.82 of the window, lowered to 0.80 / 0.96 of the synchronous trigger', () => {
    expect(backgroundGates(1_000_000, 500_000)).toEqual([400_000, 480_000]);
    expect(backgroundGates(200_000, 150_000)).toEqual([120_000, 144_000]);
    expect(backgroundGates(1_000_000, 900_000)).toEqual([650_000, 820_000]);
  });
});

describe('Anthropic native compaction', () => {
  it('applies to Claude models documented with on-demand compaction only', () => {
    expect(['claude-opus-4-6', 'claude-sonnet-4.7', 'claude-haiku-5-5', 'claude-mythos-preview'].map(modelSupportsCompaction)).toEqual([true, true, true, true]);
    expect(['claude-sonnet-4-5', 'claude-opus-4-20250514', 'claude-haiku-4-5', 'gpt-5.5'].map(modelSupportsCompaction)).toEqual([false, false, false, false]);
  });
});

describe('registered variants', () => {
  it.each([
    ['hermes-background', 'agent/async_context_compression.py @ 3772aacc'],
    ['hermes-anthropic-native', 'agent/anthropic_native_compaction.py @ 545d608b'],
    ['hermes-proactive-prune', 'prune_tool_results_only @ 0000416b'],
  ])('%s names its upstream file and commit', (id, src) => {
    const def = getPolicy(id);
    expect(def.source).toContain(src);
    expect(def.version).toBe(getPolicy('hermes').version);
  });
});

describe('micro-compaction', () => {
  it('absorbs the oldest exchange of the compressible window into one assistant marker, then supersedes it', async () => {
    const { MicroCompaction } = await import('../../src/policies/hermes/options/micro-compaction.js');
    const c = new HermesCompressor({ context_length: 32_000, protect_first_n: 0, protect_last_n: 3, version: '0000416b' }, noBackend);
    const calls: number[] = [];
    const summarizer = {
      summarize: (req: { messages: readonly unknown[] }) => {
        calls.push(req.messages.length);
        return { ok: true as const, text: `rolling after ${calls.length}`, inputTokens: 0, outputTokens: 0 };
      },
    };
    // user, assistant(call) + tool, user, assistant(call) + tool, ... (each output ~2.5K tokens)
    const h: PyMsg[] = [];
    for (let t = 0; t < 6; t++) {
      h.push({ role: 'user', content: `task ${t}` });
      h.push({ role: 'assistant', content: '', tool_calls: [{ id: `c${t}`, type: 'function', function: { name: 'terminal', arguments: '{}' } }] });
      h.push({ role: 'tool', tool_call_id: `c${t}`, content: 'x'.repeat(10_000) });
    }
    const m = new MicroCompaction();
    const first = m.run(c, h, summarizer)!;
    expect(first.outcome).toBe('absorbed');
    expect(calls).toEqual([2]); // the first exchange: assistant + its tool result
    expect(first.messages).toHaveLength(h.length - 1);
    expect(first.messages[1]).toMatchObject({ role: 'assistant', _compressed_summary: true, _compressed_summary_has_user_turn: false });
    expect(first.messages[2]).toBe(h[3]); // the user turn stays
    const second = m.run(c, first.messages, summarizer)!;
    expect(calls).toEqual([2, 2]);
    // the older marker is dropped (the summary is cumulative) and the two user turns it separated are joined
    expect(second.messages.filter((x) => x._compressed_summary)).toHaveLength(1);
    expect(second.messages[0]).toMatchObject({ role: 'user', content: 'task 0\n\ntask 1' });
    expect(String(second.messages[1]!.content)).toContain('rolling after 2');
  });
});

describe('Anthropic native compaction: the seed', () => {
  it('summarises the last answered request from its cache while the history still starts with it, once', async () => {
    const { CompactionSeed } = await import('../../src/policies/hermes/options/anthropic-native.js');
    const seen: Array<{ n: number; cached: boolean }> = [];
    const summarizer = {
      summarize: (req: { messages: readonly unknown[]; reusesMainCache?: boolean }) => {
        seen.push({ n: req.messages.length, cached: !!req.reusesMainCache });
        return { ok: true as const, text: 'native', inputTokens: 0, outputTokens: 0 };
      },
    };
    const aux = { summarize: () => ({ ok: true as const, text: 'aux' }) };
    const h = session(5, 100);
    const reply: PyMsg = { role: 'assistant', content: 'done' };
    const seed = new CompactionSeed();
    const backend = seed.backend(aux, () => summarizer);
    const req = { turns: h.slice(1, 5), budgetTokens: 2000 };
    seed.record([...h, reply], h.length, 'claude-sonnet-4-6');
    seed.arm([...h, reply, { role: 'user', content: 'next' }]);
    expect(backend.summarize(req)).toEqual({ ok: true, text: 'native' });
    expect(seen).toEqual([{ n: h.length, cached: true }]);
    seed.arm([...h, reply]);
    expect(backend.summarize(req)).toEqual({ ok: true, text: 'aux' }); // one use per answered request
    seed.record(h, h.length, 'claude-sonnet-4-6');
    seed.arm([{ role: 'user', content: 'rewritten' }, ...h.slice(1)]);
    expect(backend.summarize(req)).toEqual({ ok: true, text: 'aux' }); // the history no longer starts with it
    seed.record(h, h.length, 'claude-sonnet-4-5');
    seed.arm(h);
    expect(backend.summarize(req)).toEqual({ ok: true, text: 'aux' }); // no on-demand compaction on 4.5
  });
});
