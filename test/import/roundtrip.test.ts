/**
 * Property: a random well-formed conversation, rendered in a source format by that format's own rules,
 * imports back to exactly the messages it stands for — nothing dropped, nothing reordered, pairs kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { importTrace } from '../../src/workload/import/index.js';
import { tmpFile } from './fixtures.js';
import { conversation, messagesOf, writeClaudeCode, writeOpenAi, writeShareGpt } from './gen.js';

const runs = Number(process.env.CB_PROP_RUNS ?? 25);
const timeout = Math.max(5000, runs * 40);

describe('import round trips (fast-check)', () => {
  it('OpenAI JSONL', { timeout }, async () => {
    await fc.assert(fc.asyncProperty(conversation, async (c) => {
      const msgs = messagesOf(c, 'id_');
      const t = await importTrace(tmpFile('c.jsonl', writeOpenAi(msgs)));
      expect(t.meta.format).toBe('openai');
      expect(t.messages).toEqual(msgs);
    }), { numRuns: runs });
  });

  it('Claude Code JSONL (per-block lines merged back)', { timeout }, async () => {
    await fc.assert(fc.asyncProperty(conversation, async (c) => {
      const expected = messagesOf({ ...c, system: '' }, 'toolu_');
      const t = await importTrace(tmpFile('c.jsonl', writeClaudeCode(c)));
      expect(t.meta.format).toBe('claude-code');
      expect(t.messages).toEqual(expected);
      expect(t.meta.calls.map((k) => k.msgIndex)).toEqual(expected.flatMap((m, i) => (m.role === 'assistant' ? [i] : [])));
    }), { numRuns: runs });
  });

  it('ShareGPT (Hermes trajectory)', { timeout }, async () => {
    await fc.assert(fc.asyncProperty(conversation, async (c) => {
      const expected = messagesOf(c, 'call_h').map((m): Message => (m.role === 'assistant' ? { ...m, content: String(m.content).trim() } : m));
      const t = await importTrace(tmpFile('c.jsonl', writeShareGpt(c)));
      expect(t.meta.format).toBe('sharegpt');
      expect(t.messages).toEqual(expected);
      expect(t.meta.model).toBe('hermes-test');
    }), { numRuns: runs });
  });
});
