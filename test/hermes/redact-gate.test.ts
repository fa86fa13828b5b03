import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { PREFIX_PATTERNS, PREFIX_RE, mayHavePrefixToken, redactSensitiveText } from '../../src/policies/hermes/redact.js';

/** each pattern's head, then enough token characters for any of them (AIza needs 30, xapp- a digit run) */
const TOKENS = PREFIX_PATTERNS.map((p) => /^[A-Za-z0-9_-]+/.exec(p)![0].replace(/^xox$/, 'xoxb-').replace(/^SG$/, 'SG.'))
  .map((h) => (h === 'xapp-' ? `${h}123-` : h) + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6');
const FILLER = [' the', ' task_runner', ' cross-site', '-', '_', ' sk', ' x', '\n', 'a', 'Z9', '=', ' AKIA', ' SG'];

describe('hermes redaction: the prefix-token gate', () => {
  it('passes every text the prefix pattern matches in, and redacts as without it', () => {
    const rng = seedrandom.alea('prefix-gate');
    let matched = 0;
    let skipped = 0;
    for (let k = 0; k < 3000; k++) {
      let t = '';
      for (let n = Math.floor(rng() * 30); n > 0; n--) t += FILLER[Math.floor(rng() * FILLER.length)];
      if (rng() < 0.3) t += ' ' + TOKENS[Math.floor(rng() * TOKENS.length)]!.slice(0, 8 + Math.floor(rng() * 30));
      if (rng() < 0.2) t += '-_'.repeat(40);
      PREFIX_RE.lastIndex = 0;
      const matches = PREFIX_RE.test(t);
      if (matches) {
        matched++;
        expect(mayHavePrefixToken(t), t).toBe(true);
      }
      if (!mayHavePrefixToken(t)) skipped++;
    }
    expect(matched).toBeGreaterThan(100);
    expect(skipped).toBeGreaterThan(100);
    expect(redactSensitiveText('use sk-A1b2C3d4E5f6G7h8I9j0 here')).not.toContain('A1b2C3d4E5f6G7h8I9j0');
  });
});
