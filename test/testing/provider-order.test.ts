import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import { alternationViolations, anthropicOrderViolations, openaiOrderViolations } from '../../src/testing/checks/provider-order.js';

const c1 = call('c1', 'bash', {});
const c2 = call('c2', 'bash', {});
const valid: Message[] = [
  sys('s'), user('u1'), assistant('a', [c1, c2]), toolResult('c1', 'r1'), toolResult('c2', 'r2'),
  assistant('done'), user('u2'),
];
const rules = (v: { rule: string }[]) => v.map((x) => x.rule);

describe('OpenAI message order', () => {
  it('accepts calls answered right after them', () => {
    expect(openaiOrderViolations(valid)).toEqual([]);
  });
  it('rejects a tool message that does not follow the calls', () => {
    const req = [sys('s'), user('u1'), assistant('a', [c1]), user('interjection'), toolResult('c1', 'r1')];
    expect(rules(openaiOrderViolations(req))).toEqual(['calls-answered', 'tool-follows-calls']);
  });
  it('rejects a result for a call of an earlier assistant message', () => {
    const req = [sys('s'), user('u'), assistant('a', [c1]), toolResult('c1', 'r'), assistant('b', [c2]), toolResult('c1', 'again'), toolResult('c2', 'r')];
    expect(rules(openaiOrderViolations(req))).toEqual(['tool-follows-calls']);
  });
  it('rejects a request that ends with unanswered calls', () => {
    expect(rules(openaiOrderViolations([sys('s'), user('u'), assistant('a', [c1])]))).toEqual(['calls-answered']);
  });
  it('rejects an assistant message with neither content nor calls', () => {
    expect(rules(openaiOrderViolations([sys('s'), user('u'), assistant(null), user('v')]))).toEqual(['assistant-content']);
  });
  it('does not care about alternation', () => {
    expect(openaiOrderViolations([sys('s'), user('u'), user('v'), assistant('a'), assistant('b')])).toEqual([]);
  });
});

describe('Anthropic turn order', () => {
  it('accepts alternating turns with results first and text after them', () => {
    expect(anthropicOrderViolations(valid)).toEqual([]);
    const textAfterResults = [sys('s'), user('u'), assistant('a', [c1]), toolResult('c1', 'r'), user('and also')];
    expect(anthropicOrderViolations(textAfterResults)).toEqual([]);
  });
  it('hoists system messages wherever they are', () => {
    expect(anthropicOrderViolations([sys('s'), user('u'), sys('reminder'), assistant('a')])).toEqual([]);
  });
  it('requires the first turn to be a user turn', () => {
    expect(rules(anthropicOrderViolations([sys('s'), assistant('summary'), user('u')]))).toEqual(['first-user']);
  });
  it('treats consecutive same-side messages as one turn, as adapters send them', () => {
    expect(anthropicOrderViolations([sys('s'), user('summary'), user('u')])).toEqual([]);
    expect(anthropicOrderViolations([sys('s'), user('u'), assistant('a', [c1]), assistant('more'), toolResult('c1', 'r')])).toEqual([]);
  });
  it('rejects tool results after user text in the same turn', () => {
    const req = [sys('s'), user('u'), assistant('a', [c1]), user('text first'), toolResult('c1', 'r')];
    expect(rules(anthropicOrderViolations(req))).toContain('results-first');
  });
  it('requires each tool_use to be answered in the next turn', () => {
    const req = [sys('s'), user('u'), assistant('a', [c1, c2]), toolResult('c1', 'r')];
    expect(rules(anthropicOrderViolations(req))).toEqual(['use-answered']);
  });
  it('rejects a result whose tool_use is not in the turn just before it', () => {
    const req = [sys('s'), user('[summary]'), assistant('ok'), toolResult('c1', 'r')];
    expect(rules(anthropicOrderViolations(req))).toEqual(['result-after-use']);
  });
  it('rejects empty user and assistant messages, except a final assistant prefill', () => {
    expect(rules(anthropicOrderViolations([sys('s'), user('u'), assistant(''), user('v')]))).toEqual(['non-empty']);
    expect(rules(anthropicOrderViolations([sys('s'), user(' '), assistant('a')]))).toEqual(['non-empty']);
    expect(anthropicOrderViolations([sys('s'), user('u'), assistant('a', [c1]), toolResult('c1', ''), assistant('')])).toEqual([]);
  });
});

describe('strict alternation', () => {
  it('accepts tool results followed by user text as one user turn', () => {
    expect(alternationViolations(valid)).toEqual([]);
    expect(alternationViolations([sys('s'), user('u'), assistant('a', [c1]), toolResult('c1', 'r'), user('and also'), assistant('b')])).toEqual([]);
  });
  it('rejects two user or two assistant messages in a row', () => {
    expect(alternationViolations([sys('s'), user('summary'), user('u')]).map((v) => v.index)).toEqual([2]);
    expect(alternationViolations([sys('s'), user('u'), assistant('a'), sys('note'), assistant('b')]).map((v) => v.index)).toEqual([4]);
  });
});
