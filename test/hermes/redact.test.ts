/** Secret redaction (agent/redact.py defaults), against outputs printed by upstream's Python code. */
import { describe, expect, it } from 'vitest';
import { redactSensitiveText } from '../../src/policies/hermes/redact.js';

describe('redactSensitiveText', () => {
  it.each([
    ['key sk-abcdefghijklmnop1234 here', 'key sk-abc...1234 here'],
    // the ENV mask (21 chars → head/tail) is masked again by the line-anchored config rule
    ['OPENAI_API_KEY=supersecretvalue12345', 'OPENAI_API_KEY=***'],
    ['{"token": "abcdefghijklmnopqrstuvwxyz"}', '{"token": "abcdef...wxyz"}'],
    ['password: hunter2\nok', 'password: ***\nok'],
    ['Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123', 'Authorization: Bearer abcdef...0123'],
    ['db postgres://user:pw@host/db', 'db postgres://user:***@host/db'],
    ['call +14155552671 now', 'call +141****2671 now'],
    ['plain text without secrets', 'plain text without secrets'],
  ])('%j', (input, expected) => {
    expect(redactSensitiveText(input)).toBe(expected);
  });
});
