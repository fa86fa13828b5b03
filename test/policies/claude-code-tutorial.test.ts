import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { claudeCodeTutorialPolicy, jsonTail, tutorialEstimate, tutorialMicroCompact } from '../../src/policies/claude-code/tutorial.js';
import { toolSet } from '../../src/policies/shared/tool-calls.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, makeCtx, recordingSummarizer, text } from './helpers.js';

function results(specs: Array<[tool: string, chars: number]>): Message[] {
  const out: Message[] = [user('go')];
  specs.forEach(([tool, chars], i) => {
    out.push(assistant(null, [call(`c${i}`, tool, { i })]));
    out.push(toolResult(`c${i}`, 'x'.repeat(chars)));
  });
  return out;
}

describe('claude-code-tutorial (learn-claude-code s06)', () => {
  it('replaces results over 100 characters outside a hot tail of 3 with [Previous: used {tool_name}]', () => {
    const h = results([['bash', 500], ['bash', 100], ['grep', 101], ['read_file', 900], ['bash', 500], ['bash', 500], ['bash', 500]]);
    const r = create(claudeCodeTutorialPolicy).beforeStep!(h, makeCtx()) as PolicyResult;
    const out = r.history.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(out.slice(0, 4)).toEqual(['[Previous: used bash]', 'x'.repeat(100), '[Previous: used grep]', 'x'.repeat(900)]);
    expect(out.slice(4)).toEqual(['x'.repeat(500), 'x'.repeat(500), 'x'.repeat(500)]);
  });

  it('does nothing with 3 results or fewer', () => {
    const h = results([['bash', 500], ['bash', 500], ['bash', 500]]);
    expect(create(claudeCodeTutorialPolicy).beforeStep!(h, makeCtx())).toBeUndefined();
  });

  it('replaces everything with one summary message above 50,000 estimated tokens', () => {
    const h: Message[] = [user(text(30_000, 'a')), assistant('ok'), user(text(25_000, 'b'))];
    const summarizer = recordingSummarizer();
    const r = create(claudeCodeTutorialPolicy).beforeStep!(h, makeCtx({ summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.history).toHaveLength(1);
    expect(String(r.history[0]!.content)).toMatch(/^\[Conversation compressed\. Transcript: .+\]\n\n/);
    expect(summarizer.requests[0]!.budgetTokens).toBe(2_000);
    expect(create(claudeCodeTutorialPolicy).beforeStep!(h.slice(0, 2), makeCtx())).toBeUndefined();
  });
});

describe('claude-code-tutorial transcript tail', () => {
  it('jsonTail equals JSON.stringify(messages).slice(-chars) for every cut', () => {
    fc.assert(fc.property(
      fc.array(fc.oneof(fc.string().map((s) => user(s)), fc.string().map((s) => assistant(s, [call('c', 'bash', { s })])), fc.string().map((s) => toolResult('c', s))), { maxLength: 8 }),
      fc.integer({ min: -5, max: 400 }),
      (msgs, chars) => { expect(jsonTail(msgs, chars)).toBe(JSON.stringify(msgs).slice(-chars)); },
    ), { numRuns: Number(process.env.CB_PROP_RUNS ?? 300), seed: 6 });
  });
});

describe('claude-code-tutorial incremental scan', () => {
  /**
   * Drives the policy step by step the way the harness does (a hinted result adopted and appended to, or
   * copied as in checked runs) and compares every step with the whole-history reference.
   */
  const drive = (adopt: boolean, seed: number, threshold: number) => {
    const params = { threshold };
    const policy = create(claudeCodeTutorialPolicy, params);
    const preserve = toolSet('read_file');
    const rng = fc.sample(fc.array(fc.tuple(fc.constantFrom('bash', 'read_file', 'grep'), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 })), { minLength: 60, maxLength: 60 }), { numRuns: 1, seed })[0]!;
    let history: Message[] = [user('go')];
    const kinds: string[] = [];
    rng.forEach(([tool, chars, extra], s) => {
      const calls = Array.from({ length: extra + 1 }, (_, k) => call(`c${s}_${k}`, tool, { s, k }));
      history.push(assistant(s % 5 === 0 ? 'thinking' : null, calls));
      // a result may come without a call before it (its name then comes from the result itself)
      for (const c of calls) history.push(c.id.endsWith('_2') ? { ...toolResult(c.id, 'y'.repeat(chars)), name: 'read_file' } : toolResult(c.id, 'x'.repeat(chars)));
      if (s % 7 === 6) history.push(assistant('done'), user(`next ${s}`));
      const ref = tutorialMicroCompact(history, 3, 100, preserve);
      const r = policy.beforeStep!(history, makeCtx()) as PolicyResult | undefined;
      if (r) kinds.push(r.kind);
      if (r?.kind === 'summary') {
        expect(tutorialEstimate(ref ?? history)).toBeGreaterThan(threshold);
        history = [...r.history];
        return;
      }
      expect(r?.history.map((m) => m.content)).toEqual(ref?.map((m) => m.content));
      if (!r) return;
      const from = r.changedFrom!;
      expect(r.history.slice(0, from).every((m, i) => m === history[i])).toBe(true);
      expect(r.history[from]).not.toBe(history[from]);
      history = adopt ? r.history : [...r.history];
    });
    return kinds;
  };

  it('equals the whole-history micro_compact on every step (adopted or copied results, with and without summaries)', () => {
    for (const seed of [1, 2, 3]) {
      expect(drive(true, seed, 1e9).filter((k) => k === 'microcompact').length).toBeGreaterThan(10);
      drive(false, seed, 1e9);
      expect(drive(true, seed, 3_000)).toContain('summary');
    }
  });
});
