import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { createTokenCounter, IMAGE_TOKENS, joinedCount, MESSAGE_OVERHEAD_TOKENS, messageWithCount, splitsBetween } from '../../src/core/tokens.js';
import { call, memoOf, type Message } from '../../src/core/messages.js';

describe('token counter', () => {
  it('counts exactly like gpt-tokenizer (o200k)', () => {
    const t = createTokenCounter();
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => {
      expect(t.count(s)).toBe(countTokens(s));
    }), { numRuns: 200 });
  });

  it('counts content, calls, reasoning and images of a message', () => {
    const t = createTokenCounter();
    const msg: Message = {
      role: 'assistant', content: 'Let me look.', reasoning: 'I should list files',
      tool_calls: [call('c1', 'bash', { command: 'ls -la' })],
    };
    const expected = MESSAGE_OVERHEAD_TOKENS + countTokens('Let me look.') + countTokens('I should list files') +
      countTokens('bash') + countTokens('{"command":"ls -la"}') + 3;
    expect(t.message(msg)).toBe(expected);
    const img: Message = { role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url: 'data:x' } }] };
    expect(t.message(img)).toBe(MESSAGE_OVERHEAD_TOKENS + countTokens('see') + IMAGE_TOKENS);
  });

  it('rough estimate is ceil(chars/4)', () => {
    const t = createTokenCounter();
    expect(t.rough('')).toBe(0);
    expect(t.rough('abcde')).toBe(2);
  });

  it('uses primed counts (the generator registers known counts)', () => {
    const t = createTokenCounter();
    t.prime('hello world', 42);
    expect(t.count('hello world')).toBe(42);
  });
});

describe('joinedCount', () => {
  it('equals the count of the joined text, whatever the parts (the shortcut only where the split cannot cross)', () => {
    const part = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ']\n', '\n', '/', '\r\n', ' ', 'Summary: the of', "'s", '123', 'é', '<|a', ']', '.\n\n'),
      fc.array(fc.constantFrom('a', 'Z', ' ', '\n', ']', '/', '.', '7', "'", '\t', 'ü', '中'), { maxLength: 30 }).map((cs) => cs.join('')),
    );
    // every ASCII punctuation character before the line break (`]\n`, `:\n`, ...), or none
    const ending = fc.option(fc.integer({ min: 33, max: 126 }).map((c) => String.fromCharCode(c)).filter((c) => !/[A-Za-z0-9]/.test(c)));
    fc.assert(fc.property(part, part, ending, (a, b, punct) => {
      const x = punct === null ? a : `${a}${punct}\n`;
      const counter = createTokenCounter();
      expect(joinedCount(counter, x, b)).toBe(countTokens(x + b));
      expect(counter.count(x + b)).toBe(countTokens(x + b)); // what it recorded
      if (splitsBetween(x, b)) expect(countTokens(x) + countTokens(b)).toBe(countTokens(x + b));
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 2000), seed: 15 });
  });

  it('splits after a punctuation character and a line break, before anything but a line break or a slash', () => {
    expect(splitsBetween('Summary follows:\n', 'Summary: the of')).toBe(true);
    expect(splitsBetween('[task]\n', 'x')).toBe(true);
    expect(splitsBetween('steps:\n', '\nmore')).toBe(false);
    expect(splitsBetween('steps:\n', '/path')).toBe(false);
    expect(splitsBetween('steps\n', 'more')).toBe(false); // a letter before the line break
    expect(splitsBetween('steps:', 'more')).toBe(false);
    expect(splitsBetween('<|x:\n', 'more')).toBe(false);
    expect(splitsBetween(':\n', '')).toBe(false);
  });
});

describe('messageWithCount', () => {
  it('is a frozen message whose recorded count is what a counter finds for an equal message', () => {
    const content = 'A prefix line:\nSummary: the of and';
    const m = messageWithCount('user', content, countTokens(content));
    expect(Object.isFrozen(m)).toBe(true);
    expect(m).toEqual({ role: 'user', content });
    expect(memoOf(m)?.tokens).toBe(createTokenCounter().message({ role: 'user', content }));
    expect(createTokenCounter().message(m)).toBe(MESSAGE_OVERHEAD_TOKENS + countTokens(content));
  });
});
