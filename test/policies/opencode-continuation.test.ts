/**
 * What follows the summary after an opencode/Kilo compaction (src/policies/opencode/continuation.ts):
 * regression tests for two port bugs the property kit found (last-user-kept, strict-alternation):
 * - a provider overflow replays the current user message (upstream processCompaction with overflow: true)
 *   instead of summarizing it away behind "Continue…";
 * - a threshold compaction seen at a turn's first step keeps the new prompt after the summary instead of
 *   appending "Continue…" after it (two user messages in a row).
 */
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { CONTINUE_TEXT, MARKER_TEXT } from '../../src/policies/opencode/config.js';
import { OVERFLOW_NOTICE } from '../../src/policies/opencode/continuation.js';
import { kilocodePolicy } from '../../src/policies/opencode/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, text, turn, usage } from './helpers.js';
import { getPolicy } from '../../src/policies/registry.js';

/** The previous port's defaults (prune on, 2 turns / 8k, no reserve without an input limit): these cases test that behaviour. */
const OPENCODE_001 = getPolicy('opencode@001aa6cc');

const older = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'), turn({ resultTokens: 3_000, calls: 8 }, 'b'));
const prompt = user('Now fix the parser, please.');
/** the current turn, mid-way: its prompt and two steps whose results are large */
const inFlight: Message[] = [
  prompt,
  assistant(null, [call('cur_1', 'Bash', { command: 'npm test' })]), toolResult('cur_1', text(4_000, 'cur_1')),
  assistant(null, [call('cur_2', 'Bash', { command: 'npm test' })]), toolResult('cur_2', text(4_000, 'cur_2')),
];

describe('opencode: a provider overflow replays the current user message', () => {
  it('summarizes what came before it, drops the failed turn\'s steps and ends with the prompt, without "Continue…"', () => {
    const summarizer = recordingSummarizer();
    for (const def of [OPENCODE_001, kilocodePolicy]) {
      const r = create(def).onOverflow!([...older, ...inFlight], makeCtx({ summarizer, contextWindow: 32_000, maxOutputTokens: 8_000 })) as PolicyResult;
      expect(r.kind).toBe('summary');
      expect(r.detail?.continuation).toBe('replay');
      expect(r.history[0]).toEqual({ role: 'user', content: MARKER_TEXT });
      expect(r.history.at(-1)).toBe(prompt);
      expect(r.history.some((m) => m.content === CONTINUE_TEXT)).toBe(false);
      expect(r.history.some((m) => m.role === 'tool' && m.tool_call_id?.startsWith('cur_'))).toBe(false);
    }
    for (const req of summarizer.requests) expect(req.messages).not.toContain(prompt);
  });

  it('replaces the replayed message\'s images with a placeholder', () => {
    const withImage: Message = { role: 'user', content: [{ type: 'text', text: 'What is wrong here?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] };
    const r = create(OPENCODE_001).onOverflow!([...older, withImage, ...inFlight.slice(1)], makeCtx()) as PolicyResult;
    expect(r.history.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'What is wrong here?' }, { type: 'text', text: '[Attached image/png: file]' }] });
  });

  it('does not replay when no earlier user message exists: everything is compacted and the overflow notice precedes "Continue…"', () => {
    const r = create(OPENCODE_001, { tailTurns: 0 }).onOverflow!([...older.slice(0, 17)], makeCtx()) as PolicyResult;
    expect(r.detail?.continuation).toBe('continue');
    expect(r.history.at(-1)).toEqual({ role: 'user', content: OVERFLOW_NOTICE + CONTINUE_TEXT });
  });
});

describe('opencode: a threshold compaction at a turn\'s first step', () => {
  const next = user('Next task: update the docs.');

  it('compacts the history before the new prompt and ends with the prompt, not "Continue…"', () => {
    const summarizer = recordingSummarizer();
    const h = [...older, ...turn({ resultTokens: 200, calls: 2 }, 'c'), next];
    const r = create(OPENCODE_001).beforeStep!(h, makeCtx({ turnStart: true, lastUsage: usage(180_000, 0), summarizer })) as PolicyResult;
    expect(r.detail?.continuation).toBe('next-prompt');
    expect(r.history.at(-1)).toBe(next);
    expect(r.history.filter((m) => m === next)).toHaveLength(1);
    expect(r.history.at(-2)!.role).not.toBe('user'); // it was: ..., the new prompt, "Continue..."
    expect(r.history.some((m) => m.content === CONTINUE_TEXT)).toBe(false);
    expect(summarizer.requests[0]!.messages).not.toContain(next);
  });

  it('mid-turn it still injects "Continue…" after the tail', () => {
    const h = [...older, ...inFlight];
    const r = create(OPENCODE_001).beforeStep!(h, makeCtx({ lastUsage: usage(180_000, 0) })) as PolicyResult;
    expect(r.detail?.continuation).toBe('continue');
    expect(r.history.at(-1)).toEqual({ role: 'user', content: CONTINUE_TEXT });
  });
});
