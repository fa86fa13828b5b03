import { describe, expect, it } from 'vitest';
import { contentText } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { tokenizerWork } from '../../src/workload/text/builder.js';
import type { Workload } from '../../src/workload/types.js';
import { short } from './helpers.js';

function generatedChars(w: Workload): number {
  let n = 0;
  for (const st of w.steps) {
    for (const m of [...st.append, st.response]) {
      n += contentText(m).length + (m.reasoning?.length ?? 0) + (m.reasoning_content?.length ?? 0);
      for (const c of m.tool_calls ?? []) n += c.function.arguments.length;
    }
  }
  return n;
}

describe('token counting cost', () => {
  it.each(['claude-code-200k', 'ops-1m', 'swe-bash-128k'])(
    '%s: a new seed tokenizes only a small share of the text it generates (pieces are reused)',
    (name) => {
      const s = short(name, 150);
      generateWorkload(s, 101, createTokenCounter()); // warms the piece table, as the first seed of a run does
      const before = tokenizerWork().chars;
      const w = generateWorkload(s, 102, createTokenCounter());
      const tokenized = tokenizerWork().chars - before;
      expect(tokenized / generatedChars(w)).toBeLessThan(0.3);
    },
  );
});
