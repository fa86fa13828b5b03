/** One-line tool summaries of the prune pass, with Python's number and value formatting. */
import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/policies/hermes/pystr.js';
import { summarizeToolResult } from '../../src/policies/hermes/tool-summary.js';

describe('thousands separators', () => {
  it('formats like f"{n:,}"', () => {
    expect([0, 999, 1000, 1234567, -45000].map(thousands)).toEqual(['0', '999', '1,000', '1,234,567', '-45,000']);
  });
});

describe('summarizeToolResult', () => {
  const big = 'x'.repeat(1234);
  it('terminal: command, exit code and line count', () => {
    const out = '{"output": "a\\nb", "exit_code": 2}\nmore\nlines';
    expect(summarizeToolResult('terminal', '{"command": "npm test"}', out)).toBe('[terminal] ran `npm test` -> exit 2, 3 lines output');
    expect(summarizeToolResult('terminal', `{"command": "${'c'.repeat(90)}"}`, '   ')).toBe(
      `[terminal] ran \`${'c'.repeat(77)}...\` -> exit ?, 0 lines output`,
    );
  });
  it('prints non-string argument values as Python would', () => {
    expect(summarizeToolResult('read_file', '{"path": "a.py", "offset": 1.0}', big)).toBe('[read_file] read a.py from line 1.0 (1,234 chars)');
    expect(summarizeToolResult('memory', '{"action": true, "target": null}', big)).toBe('[memory] True on None');
  });
  it('generic tools list the first two arguments, cut to 40 chars', () => {
    expect(summarizeToolResult('custom', `{"a": "${'y'.repeat(50)}", "b": [1, "z"], "c": 3}`, big)).toBe(
      `[custom] a=${'y'.repeat(40)} b=[1, 'z'] (1,234 chars result)`,
    );
  });
  it('a Python TypeError inside a branch falls back to the guarded line', () => {
    expect(summarizeToolResult('web_extract', '{"urls": [1, 2]}', big)).toBe('[web_extract] (1,234 chars result)');
    expect(summarizeToolResult('web_extract', '{"urls": ["u1", "u2"]}', big)).toBe('[web_extract] u1 (+1 more) (1,234 chars)');
  });
  it('unparseable arguments mean no arguments', () => {
    expect(summarizeToolResult('search_files', 'not json', '{"total_count": 12}')).toBe("[search_files] content search for '?' in . -> 12 matches");
  });
});
