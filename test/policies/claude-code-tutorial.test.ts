import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { claudeCodeTutorialPolicy, jsonTail } from '../../src/policies/claude-code/tutorial.js';
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
