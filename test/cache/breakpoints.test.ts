/** Breakpoint presets (where the agent puts its cache_control marks) and the content-block count. */
import { describe, expect, it } from 'vitest';
import { breakpointIndices } from '../../src/cache/breakpoints.js';
import { contentBlocks } from '../../src/cache/blocks.js';
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import { driver, m } from './helpers.js';

const convo: Message[] = [
  sys('S'), user('u0'), assistant(null, [call('a', 'bash', {})]), toolResult('a', 'r'),
  assistant('thinking aloud', [call('b', 'bash', {})]), toolResult('b', 'r'), assistant('done'), user('u1'),
];

describe('breakpoint presets', () => {
  it('auto (Claude Code): the system prompt and the last message', () => {
    expect(breakpointIndices('auto', convo)).toEqual([0, 7]);
    expect(breakpointIndices('auto', [sys('S')])).toEqual([0]);
  });
  it('system_and_3 (Hermes): the system prompt and the last 3 non-system messages', () => {
    expect(breakpointIndices('system_and_3', convo)).toEqual([0, 5, 6, 7]);
    expect(breakpointIndices('system_and_3', [sys('S'), user('u'), sys('note'), assistant('a')])).toEqual([0, 1, 3]);
  });
  it('system_and_3 without a system prompt marks the last 4 messages', () => {
    expect(breakpointIndices('system_and_3', convo.slice(1))).toEqual([3, 4, 5, 6]);
  });
  it('swe-agent: the last 2 user/tool messages, not the system prompt', () => {
    expect(breakpointIndices('swe-agent', convo)).toEqual([5, 7]);
    expect(breakpointIndices('swe-agent', convo.slice(0, 7))).toEqual([3, 5]);
  });
  it('none: no marks, so an Anthropic model never caches', () => {
    expect(breakpointIndices('none', convo)).toEqual([]);
    const d = driver('claude-sonnet-4.5', { breakpoints: 'none' });
    const req = [m('system', 5000), m('user', 10)];
    d.send(req, 0);
    expect(d.send([...req, m('assistant', 10)], 1)).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 5020, breakCause: null });
  });
  it('the marks decide what is written: swe-agent leaves the trailing assistant message uncached', () => {
    const d = driver('claude-sonnet-4.5', { breakpoints: 'swe-agent' });
    const u = d.send([m('system', 2000), m('user', 100), m('assistant', 50)], 0);
    expect(u).toMatchObject({ cacheWriteTokens: 2100, uncachedTokens: 50 });
  });
});

describe('content blocks per message', () => {
  it('assistant: text + reasoning + one per tool call, at least 1', () => {
    expect(contentBlocks(assistant('hi'))).toBe(1);
    expect(contentBlocks(assistant(null))).toBe(1);
    expect(contentBlocks(assistant('', [call('a', 'x', {}), call('b', 'x', {})]))).toBe(2);
    expect(contentBlocks({ ...assistant('hi', [call('a', 'x', {})]), reasoning: 'hmm' })).toBe(3);
    expect(contentBlocks({ ...assistant(null), reasoning_details: [{ type: 'x' }] })).toBe(1);
  });
  it('tool result 1; user the number of parts or 1', () => {
    expect(contentBlocks(toolResult('a', 'x'))).toBe(1);
    expect(contentBlocks(user('x'))).toBe(1);
    expect(contentBlocks({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'u' } }] })).toBe(2);
  });
});
