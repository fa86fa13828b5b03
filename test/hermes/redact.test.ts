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
    // the patterns behind the port's own gates (prefix heads without "_"/"-", secret headers, Telegram
    // tokens with non-ASCII digits, a Kelvin-sign name under case folding), and prose none of them matches
    ["token AIzaSyA1234567890abcdefghijklmnopqrstuv end", "token AIzaSy...stuv end"],
    ["fernet gAAAAABkabcdefghijklmnopqrstuvwxyz end", "fernet gAAAAA...wxyz end"],
    ["aws AKIAABCDEFGHIJKLMNOP end", "aws AKIAAB...MNOP end"],
    ["slack xoxb-1234567890-abcdefghij end", "slack xoxb-1...ghij end"],
    ["sendgrid SG.abcdefghijklmnop end", "sendgrid SG.abc...mnop end"],
    ["bot bot123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ1234567890ab end", "bot bot123456789:*** end"],
    ["chat 12345678:ABCdefGhIJKlmNoPQRsTUVwxyZ1234567890ab", "chat 12345678:***"],
    ["x-api-key: abcdefghijklmnopqrstuvwxyz", "x-api-key: ***"],
    ["APIKEY: abcdefghijklmnopqrstuvwxyz0123", "APIKEY: ***"],
    ["apikey: short", "apikey: ***"],
    ["my_api_key: abcdefghijklmnopqrstuvwxyz\nnext", "my_api_key: abcdef...wxyz\nnext"],
    ["SECRET: hunter2hunter2hunter2", "SECRET: hunter...ter2"],
    ["Summary: the of and to in is that for it as with was on be by this are from", "Summary: the of and to in is that for it as with was on be by this are from"],
    ["\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669:ABCdefGhIJKlmNoPQRsTUVwxyZ1234567890ab", "\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669:***"],
    ["api\u212aey: abcdefghijklmnopqrstuvwxyz", "api\u212aey: ***"],
    ["see <think>x</think> done", "see <think>x</think> done"],
    ["pa\u017f\u017fword: hunter2hunter2hunter2", "pa\u017f\u017fword: hunter...ter2"],
    // dotted config assignments (the gate on the run before each "=")
    ["use db.password=hunter2hunter2hunter2 now", "use db.password=hunter...ter2 now"],
    ["set my.api key=abcdefghijklmnopqrstu", "set my.api key=abcdef...rstu"],
    ["a.\u017fecret=abcdefghijklmnopqrstuvwxyz", "a.\u017fecret=abcdef...wxyz"],
    ["config.AUTH.x=\"zzzzzzzzzzzzzzzzzzzz\"", "config.AUTH.x=\"zzzzzz...zzzz\""],
    ["app.api_\u212aey=abcdefghijklmnopqrstuvwxyz&x", "app.api_\u212aey=abcdef...wxyz&x"],
    ["path/to/file.txt=1 and token.value=abcdefghijklmnopqrstuvwxyz", "path/to/file.txt=1 and token.value=abcdef...wxyz"],
    ["my \u017fecret: abcdefghijklmnopqrstuvwxyz", "my \u017fecret: abcdefghijklmnopqrstuvwxyz"],
  ])('%j', (input, expected) => {
    expect(redactSensitiveText(input)).toBe(expected);
  });
});
