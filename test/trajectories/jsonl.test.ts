/** Malformed trajectory files fail with file:line and what is wrong. */
import { describe, expect, it } from 'vitest';
import { formatJsonl, parseTrajectories, TrajectoryInputError } from '../../src/trajectories/jsonl.js';

const ok = JSON.stringify({ conversations: [{ from: 'human', value: 'hi' }] });
const fail = (text: string) => {
  try {
    parseTrajectories(text, 'in.jsonl');
  } catch (e) {
    expect(e).toBeInstanceOf(TrajectoryInputError);
    return (e as Error).message;
  }
  throw new Error('expected a TrajectoryInputError');
};

describe('parseTrajectories', () => {
  it('reads records with their line numbers, skipping blank lines and CRLF endings', () => {
    const r = parseTrajectories(`${ok}\r\n\n${ok}\n`, 'in.jsonl');
    expect(r.map((x) => x.line)).toEqual([1, 3]);
    expect(r[0]!.conversations).toEqual([{ from: 'human', value: 'hi' }]);
  });

  it('names the file and line of each kind of malformed input', () => {
    expect(fail(`${ok}\n\n{"conversations": [}`)).toMatch(/^in\.jsonl:3: not valid JSON/);
    expect(fail('[1,2]')).toBe('in.jsonl:1: expected a JSON object with "conversations", got an array');
    expect(fail('{"messages": []}')).toBe('in.jsonl:1: record has no "conversations" field (keys: messages)');
    expect(fail('{"conversations": {}}')).toMatch(/^in\.jsonl:1: "conversations" must be an array/);
    expect(fail(`${ok}\n{"conversations": [{"from": "gpt", "value": 3}]}`)).toBe('in.jsonl:2: conversations[0].value must be a string, got number');
    expect(fail('{"conversations": [{"value": "x"}]}')).toMatch(/^in\.jsonl:1: conversations\[0\]\.from must be a string/);
    expect(fail('\n \n')).toBe('in.jsonl: no trajectories (the file is empty or blank)');
  });

  it('writes one JSON object per line and reads it back', () => {
    const recs = [{ id: 'é', conversations: [{ from: 'human', value: 'ü' }] }];
    const text = formatJsonl(recs);
    expect(text).toBe('{"id":"é","conversations":[{"from":"human","value":"ü"}]}\n');
    expect(parseTrajectories(text, 'x').map((r) => r.record)).toEqual(recs);
  });
});
