/**
 * Needs derived from the shared real Claude Code sessions: the edit needs, checkable by hand (open the
 * transcript at the step, find the Edit's old_string and the Read it quotes), and properties every
 * derived need has.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentText } from '../../../src/core/messages.js';
import { createTokenCounter } from '../../../src/core/tokens.js';
import { importTrace, traceToWorkload } from '../../../src/workload/import/index.js';
import type { Workload } from '../../../src/workload/types.js';
import { requireShared, SHARED_DIR } from '../../shared-data.js';

const DIR = 'traces/claude-code';
const have = requireShared(DIR, 'needs derived from real Claude Code sessions');

async function load(name: string): Promise<Workload> {
  const tr = await importTrace(join(SHARED_DIR, DIR, `${name}.jsonl`));
  return traceToWorkload(tr, { contextWindow: 200_000, maxOutputTokens: 32_000, model: 'claude-sonnet-4.5', tokens: createTokenCounter() });
}

/** [step, step of the source, file edited, the old_string's first line (first 50 characters)] */
type Row = [number, number, string, string];
const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

// Edits found, of the Edit/MultiEdit calls made: 34 of 35, 18 of 22, 47 of 50 (the rest quote text that
// no earlier tool result shows, e.g. a file the agent wrote itself in that step's batch).
const SESSIONS: Record<string, { edits: number; calls: number; first: Row[] }> = {
  '258c7280-ae70-4798-800f-63464d01a85d': {
    edits: 34, calls: 35,
    first: [
      [6, 3, 'annotation.ex', 'defmodule Spotter.Transcripts.Annotation do'],
      [6, 3, 'message.ex', 'relationships do'],
      [6, 3, 'transcripts.ex', 'resources do'],
      [15, 15, 'transcript_renderer.ex', 'messages'],
      [15, 3, 'session_live.ex', '|> Enum.map(fn msg ->'],
      [16, 3, 'app.js', 'const csrfToken = document.querySelector("meta[nam'],
    ],
  },
  '8463c716-a2ea-4c14-9efa-87158ebd9f20': {
    edits: 18, calls: 22,
    first: [
      [14, 14, 'transcript_renderer.ex', 'defp classify_text_lines(lines, base_kind) do'],
      [16, 16, 'transcript_renderer_test.exs', 'defp load_fixture(name) do'],
      [17, 16, 'transcript_renderer_test.exs', 'result = TranscriptRenderer.render(messages)'],
      [36, 34, 'root.html.heex', '<link rel="stylesheet" href="/assets/xterm.css" />'],
      [37, 34, 'session_live.ex', 'defp load_transcript(session_id) do'],
      [38, 34, 'session_live.ex', 'show_debug: false'],
    ],
  },
  'fa812bfe-b295-4cca-9c2f-fdf01028cb46': {
    edits: 47, calls: 50,
    first: [
      [9, 5, 'router.ex', 'post("/hooks/session-start", SessionHookController'],
      [9, 5, 'application.ex', 'Spotter.Services.SessionRegistry,'],
      [9, 5, 'hooks.json', '"PreToolUse": ['],
      [11, 5, 'hooks_controller.ex', 'alias Spotter.Transcripts.Commit'],
      [12, 5, 'hooks_controller.ex', 'with :ok <- validate_hashes(hashes),'],
      [12, 5, 'hooks_controller.ex', 'with {:ok, session} <- find_session(session_id),'],
    ],
  },
};

describe.runIf(have)('needs of the real Claude Code sessions', () => {
  for (const [name, want] of Object.entries(SESSIONS)) {
    it(`${name.slice(0, 8)}: the edit needs, each quoting an earlier tool result`, async () => {
      const w = await load(name);
      const calls = w.steps.flatMap((s) => s.response.tool_calls ?? []).filter((c) => /^(Edit|MultiEdit)$/.test(c.function.name));
      expect(calls).toHaveLength(want.calls);
      const edits = w.needs!.filter((n) => n.kind === 'edit');
      expect(edits).toHaveLength(want.edits);
      expect(edits.slice(0, want.first.length).map((n): Row => [n.step, n.sourceStep, base(n.ident), n.probe.slice(0, 50)])).toEqual(want.first);
      for (const n of w.needs!) {
        // the source is a message appended at sourceStep, at or before the step, and holds the span
        expect(n.sourceStep).toBeLessThanOrEqual(n.step);
        const src = w.steps[n.sourceStep]!.append.find((m, k) => m.tool_call_id === n.source || `append:${n.sourceStep}:${k}` === n.source);
        expect(src, `${n.kind} ${n.source}`).toBeDefined();
        expect(contentText(src!)).toContain(n.probe);
        if (n.kind === 'edit') expect(src!.role).toBe('tool');
      }
    });
  }

  it('derives the same needs on every import (deterministic)', async () => {
    const a = await load('8463c716-a2ea-4c14-9efa-87158ebd9f20');
    const b = await load('8463c716-a2ea-4c14-9efa-87158ebd9f20');
    expect(a.needs).toEqual(b.needs);
    expect(new Set(a.needs!.map((n) => n.kind))).toEqual(new Set(['edit', 'reference', 'instruction']));
  });
});
