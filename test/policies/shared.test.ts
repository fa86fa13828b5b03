import { describe, expect, it } from 'vitest';
import { assistant, call, freezeMessage, memoOf, toolResult, user } from '../../src/core/messages.js';
import { roughJson, roughMessage } from '../../src/policies/shared/rough.js';
import { indexCalls, parseArgs, toolNameOf, toolSet } from '../../src/policies/shared/tool-calls.js';
import { replaceContents } from '../../src/policies/shared/tool-results.js';
import { userIndices } from '../../src/policies/shared/turns.js';

const h = [user('hi'), assistant(null, [call('a', 'Read', { file_path: '/x' })]), toolResult('a', 'body'), toolResult('zz', 'orphan', 'Grep')];

describe('shared policy helpers', () => {
  it('finds the call behind a result, falling back to the result name', () => {
    const calls = indexCalls(h);
    expect(calls.get('a')).toMatchObject({ name: 'Read', assistantIndex: 1 });
    expect(toolNameOf(h[2]!, calls)).toBe('Read');
    expect(toolNameOf(h[3]!, calls)).toBe('Grep');
    expect(parseArgs(calls.get('a')!.arguments)).toEqual({ file_path: '/x' });
    expect(parseArgs('not json')).toBeUndefined();
  });

  it('matches tool names case-insensitively, with * for all', () => {
    expect(toolSet('Read, Bash').has('bash')).toBe(true);
    expect(toolSet('Read').has('Write')).toBe(false);
    expect(toolSet('*').has('anything')).toBe(true);
    expect(toolSet('').has('Read')).toBe(false);
  });

  it('replaces contents without touching other messages', () => {
    const out = replaceContents(h, new Map([[2, 'gone']]));
    expect(out[2]).toEqual({ ...h[2], content: 'gone' });
    expect(out.filter((m, i) => i !== 2).every((m, i) => m === h.filter((_, j) => j !== 2)[i])).toBe(true);
  });

  it('estimates chars/4 the way agents do', () => {
    expect(roughMessage(user('12345678'))).toBe(2);
    // string, null and parts content alike: text, call names and arguments, reasoning, images at their price
    const withCalls = { ...assistant('abc', [call('c1', 'Bash', { command: 'ls' })]), reasoning: 'rr', reasoning_content: 'q' };
    expect(roughMessage(withCalls)).toBe(Math.ceil((3 + 4 + '{"command":"ls"}'.length + 2 + 1) / 4));
    expect(roughMessage(assistant(null, [call('c2', 'Read', 'x')]))).toBe(Math.ceil(5 / 4));
    const parts = { role: 'user' as const, content: [{ type: 'text' as const, text: 'ab' }, { type: 'image_url' as const, image_url: { url: 'u' } }, { type: 'text' as const, text: 'cd' }] };
    expect(roughMessage(parts)).toBe(Math.ceil('ab\ncd'.length / 4) + 1600);
    // a frozen message keeps it in its memo slot: the same figure
    const frozen = freezeMessage({ ...withCalls });
    expect(roughMessage(frozen)).toBe(roughMessage(withCalls));
    expect(memoOf(frozen)?.rough).toBe(roughMessage(withCalls));
    expect(roughJson(h)).toBe(Math.ceil(JSON.stringify(h).length / 4));
    expect(userIndices([...h, user('again')])).toEqual([0, 4]);
  });
});
