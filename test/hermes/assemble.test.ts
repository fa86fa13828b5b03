/** Summary role choice, merge into the first tail message, and the system-message note. */
import { describe, expect, it } from 'vitest';
import { assembleHead, chooseSummaryRole, mergeIntoTail, summaryMessage } from '../../src/policies/hermes/assemble.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import { SUMMARY_END_MARKER, SYSTEM_COMPRESSION_NOTE } from '../../src/policies/hermes/summary-text.js';

const m = (role: string, content: unknown = 'x'): PyMsg => ({ role, content });

describe('chooseSummaryRole', () => {
  it('alternates with both neighbours when it can', () => {
    expect(chooseSummaryRole([m('user'), m('assistant'), m('user')], 1, 2)).toEqual({ role: 'assistant', merge: false });
    expect(chooseSummaryRole([m('user'), m('assistant'), m('x'), m('assistant')], 2, 3)).toEqual({ role: 'user', merge: false });
  });
  it('flips away from the tail when the head allows it', () => {
    // head ends with a tool result → user; tail starts with user → flip to assistant (head is tool)
    expect(chooseSummaryRole([m('user'), m('tool'), m('x'), m('user')], 2, 3)).toEqual({ role: 'assistant', merge: false });
  });
  it('merges into the tail when neither role fits (head assistant, tail user)', () => {
    expect(chooseSummaryRole([m('user'), m('assistant'), m('x'), m('user')], 2, 3)).toEqual({ role: 'user', merge: true });
  });
  it('with no head, the missing neighbour counts as user', () => {
    expect(chooseSummaryRole([m('x'), m('assistant'), m('user')], 0, 1)).toEqual({ role: 'assistant', merge: true });
  });
  it('forces user after a system-only head, merging rather than flipping', () => {
    expect(chooseSummaryRole([m('system'), m('x'), m('assistant')], 1, 2)).toEqual({ role: 'user', merge: false });
    expect(chooseSummaryRole([m('system'), m('x'), m('user')], 1, 2)).toEqual({ role: 'user', merge: true });
  });
  it('forces user when no user message survives in head or tail', () => {
    expect(chooseSummaryRole([m('assistant'), m('user'), m('tool'), m('assistant')], 1, 3)).toEqual({ role: 'user', merge: false });
  });
});

describe('assembly', () => {
  it('merges with the tail text first, delimited, and the end marker last', () => {
    const merged = mergeIntoTail({ role: 'user', content: 'next ask', _db_persisted: true }, 'SUM');
    expect(merged).toEqual({
      role: 'user',
      content: `[PRIOR CONTEXT — for reference only; not a new message]\nnext ask\n\n[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]\n\nSUM\n\n${SUMMARY_END_MARKER}`,
      _compressed_summary: true,
    });
  });
  it('merges into list content by adding text parts at both ends', () => {
    const merged = mergeIntoTail({ role: 'user', content: [{ type: 'text', text: 'a' }] }, 'SUM');
    expect(merged.content).toEqual([
      { type: 'text', text: '[PRIOR CONTEXT — for reference only; not a new message]\n' },
      { type: 'text', text: 'a' },
      { type: 'text', text: `\n\n[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]\n\nSUM\n\n${SUMMARY_END_MARKER}` },
    ]);
  });
  it('a standalone summary carries the end marker and the metadata key', () => {
    expect(summaryMessage('assistant', 'SUM')).toEqual({ role: 'assistant', content: `SUM\n\n${SUMMARY_END_MARKER}`, _compressed_summary: true });
  });
  it('appends the compaction note to the system message once', () => {
    const [sys] = assembleHead([m('system', 'You are Hermes.'), m('user')], 2);
    expect(sys!.content).toBe(`You are Hermes.\n\n${SYSTEM_COMPRESSION_NOTE}`);
    const [again] = assembleHead([sys!, m('user')], 1);
    expect(again!.content).toBe(sys!.content);
  });
});
