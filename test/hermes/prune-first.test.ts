/**
 * Seed 003's tests (TestPruneToolOutputs, TestPruneAcceptancePolicy) translated for both prune-first
 * variants: naive (prune-only when under the threshold) and runway (prune-only only with runway).
 * Windows are 128K with threshold_percent 0.5, which current Hermes raises to 75%: threshold 96,000.
 */
import { describe, expect, it } from 'vitest';
import { compactOnce } from '../../src/policies/hermes/agent-path.js';
import { HermesCompressor } from '../../src/policies/hermes/compressor.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import {
  adaptivePruneProtect,
  pruneTargetTokens,
  pruneToolOutputs,
  type PruneAcceptance,
  type PruneFirstOptions,
} from '../../src/policies/hermes/prune-first.js';
import type { SummaryBackend } from '../../src/policies/hermes/summary-call.js';

const PROTECT = adaptivePruneProtect(128_000); // 40,000 tokens

function setup(acceptance: PruneAcceptance, protectFirstN = 2, protectLastN = 1) {
  let calls = 0;
  const backend: SummaryBackend = {
    summarize: () => {
      calls++;
      return { ok: true, text: '[CONTEXT SUMMARY]: compacted' };
    },
  };
  const c = new HermesCompressor({ context_length: 128_000, threshold_percent: 0.5, protect_first_n: protectFirstN, protect_last_n: protectLastN }, backend);
  const opts: PruneFirstOptions = { contextLength: 128_000, thresholdTokens: c.thresholdTokens, protectFirstN, protectLastN, acceptance };
  return { c, opts, calls: () => calls };
}

const convo = (older: string, newer: string, olderTool = 'terminal', tail: PyMsg[] = []): PyMsg[] => [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'task' },
  { role: 'assistant', content: 'older' },
  { role: 'tool', content: older, name: olderTool },
  { role: 'assistant', content: 'newer' },
  { role: 'tool', content: newer, name: 'terminal' },
  { role: 'assistant', content: 'tail' },
  ...tail,
];
// Enough later turns that current Hermes' compress() has a middle to summarise (it needs > head + 4).
const LATER: PyMsg[] = [
  { role: 'user', content: 'next' },
  { role: 'assistant', content: 'ok' },
  { role: 'user', content: 'and then' },
];

describe.each(['naive', 'runway'] as const)('%s prune-first', (acceptance) => {
  it('has the thresholds the translated numbers assume', () => {
    const { c, opts } = setup(acceptance);
    expect(c.thresholdTokens).toBe(96_000);
    expect(pruneTargetTokens(opts)).toBe(acceptance === 'naive' ? 95_999 : 96_000 - 14_400);
  });

  it('replaces old middle tool outputs and keeps the newest within the protection window', () => {
    const { opts } = setup(acceptance);
    const big = 'x'.repeat(PROTECT * 4);
    const out = pruneToolOutputs(convo(big, big), opts);
    expect(out.charsSaved).toBeGreaterThan(0);
    expect(out.messages[3]!.content).toBe('[Tool output pruned — was 160,000 chars]');
    expect(out.messages[5]!.content).toBe(big);
  });

  it('never prunes protected tools', () => {
    const { opts } = setup(acceptance, 2, 2);
    const big = 'x'.repeat(PROTECT * 8);
    const out = pruneToolOutputs(convo(big, big, 'read_file'), opts);
    expect(out.messages.find((m) => m.name === 'read_file')!.content).toBe(big);
  });

  it('never touches the protected tail', () => {
    const { opts } = setup(acceptance, 2, 3);
    const huge = 'x'.repeat(PROTECT * 8);
    const out = pruneToolOutputs(convo(huge, huge), opts);
    expect(out.messages[5]!.content).toBe(huge);
    expect(out.messages[6]!.content).toBe('tail');
  });

  it('prune-only skips the summary call when it buys runway', () => {
    const { c, opts, calls } = setup(acceptance);
    const huge = 'x'.repeat(180_000);
    const out = compactOnce(c, convo(huge, huge), 200_000, { systemTokens: 0, pruneFirst: opts });
    expect(calls()).toBe(0);
    expect(out.changed && out.mode).toBe('prune');
    if (!out.changed) return;
    expect(String(out.messages[3]!.content)).toMatch(/^\[Tool output pruned/);
    expect(out.messages[5]!.content).toBe(huge);
    expect(c.compressionCount).toBe(1);
  });

  it('a prune that stays over the threshold falls back to the summary', () => {
    const { c, opts, calls } = setup(acceptance);
    // The newest output (100K tokens) is inside the protection window, so pruning the older one still
    // leaves ~100K ≥ 96K: the summary runs.
    const out = compactOnce(c, convo('o'.repeat(200_000), 'n'.repeat(400_000), 'terminal', LATER), 160_000, { systemTokens: 0, pruneFirst: opts });
    expect(calls()).toBe(1);
    expect(out.changed && out.mode).toBe('summary');
    if (out.changed) expect(out.messages.some((m) => m._compressed_summary === true)).toBe(true);
  });
});

describe('runway versus naive acceptance', () => {
  it('a prune landing just under the threshold is prune-only for naive but summarised for runway', () => {
    // After the prune ~85K tokens remain: under 96,000 (naive accepts) but over 81,600 (runway refuses).
    const msgs = convo('o'.repeat(200_000), 'n'.repeat(340_000), 'terminal', LATER);
    const naive = setup('naive');
    const runway = setup('runway');
    const a = compactOnce(naive.c, msgs, 130_000, { systemTokens: 0, pruneFirst: naive.opts });
    const b = compactOnce(runway.c, msgs, 130_000, { systemTokens: 0, pruneFirst: runway.opts });
    expect([a.changed && a.mode, naive.calls()]).toEqual(['prune', 0]);
    expect([b.changed && b.mode, runway.calls()]).toEqual(['summary', 1]);
  });
});
