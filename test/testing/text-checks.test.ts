import { describe, expect, it } from 'vitest';
import { assistant, toolResult, user, type Message } from '../../src/core/messages.js';
import { containsText, firstLostText, keepsMessageText, textParts } from '../../src/testing/checks/text.js';

const parts = (...texts: string[]): Message => ({ role: 'user', content: texts.map((text) => ({ type: 'text' as const, text })) });

describe('text preservation', () => {
  it('reads text parts of strings and part arrays, skipping empty ones', () => {
    expect(textParts(user('hi'))).toEqual(['hi']);
    expect(textParts(assistant(''))).toEqual([]);
    expect(textParts(parts('a', '', 'b'))).toEqual(['a', 'b']);
  });
  it('counts a message as kept when a same-role message contains all its text', () => {
    expect(containsText(user('[summary]\n\nFix it'), user('Fix it'))).toBe(true);
    expect(containsText(assistant('Fix it'), user('Fix it'))).toBe(false);
    expect(containsText(user('Fix'), parts('Fix', 'the log'))).toBe(false);
    expect(keepsMessageText([assistant('x'), user('pre Fix it')], user('Fix it'))).toBe(true);
  });
  it('finds the first user or assistant text lost, in order', () => {
    const before = [user('one'), assistant('two'), toolResult('c', 'big output'), user('three')];
    expect(firstLostText(before, [user('one'), assistant('two'), toolResult('c', '[cleared]'), user('three')], ['user', 'assistant'])).toBe(-1);
    expect(firstLostText(before, [user('one'), user('three')], ['user', 'assistant'])).toBe(1);
    expect(firstLostText(before, [user('three'), user('one')], ['user'])).toBe(3);
    expect(firstLostText(before, [user('one\nthree')], ['user'])).toBe(-1); // merged into one kept message
  });
});
