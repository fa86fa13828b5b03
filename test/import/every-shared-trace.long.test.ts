/**
 * Issue 31, done when: every file in shared/traces imports (each Claude Code, Codex and Gemini CLI
 * session, the OpenHands and SWE-agent files and the OpenAI-format conversions), and validate-cache runs
 * on each session that recorded usage. The counts of recorded model calls are PROVENANCE.md's.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { hasRecordedUsage, validateImported } from '../../src/validate/index.js';
import { importSessions, type Session } from '../../src/workload/import/collect.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const ROOT = join(SHARED_DIR, 'traces');
const have = requireShared('traces/claude-code-entire-cli', 'every shared trace imports');

function walk(d: string): string[] {
  return readdirSync(d).sort().flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** model calls recorded per file (main session and its inline subagents together), from PROVENANCE.md */
const PROVENANCE_CALLS: Record<string, number> = {
  'claude-code-entire-cli/7d66f047ac98-0.full.jsonl': 122,
  'claude-code-entire-cli/e577a6f39913-0.full.jsonl': 69,
  'claude-code-entire-cli/649d11045222-0.full.jsonl': 61 + 19,
  'claude-code-entire-cli/5c5cb639eac4-0.full.jsonl': 204 + 82,
  'claude-code-entire-cli/b96b93f2526f-2.full.jsonl': 42 + 26,
  'claude-code-happy-cli/400429ba-c1e1-4ef5-a7ec-fe40608df53b.jsonl': 406,
  'claude-code-viewer-fixtures/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl': 170,
  'claude-code-viewer-fixtures/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl': 20,
  'ai-sessions/codex-pomodor-timer.jsonl': 21,
  'ai-sessions/gemini-cli-pomodoro-timer.json': 14,
  'agtrace/codex_session.jsonl': 7,
  'agtrace/gemini_session.json': 7,
  'codex-agentv/3c162d1d8ad4-1.full.jsonl': 132,
  'codex-agentv/0034f597b72d-1.full.jsonl': 180,
  'codex-agentv/888ba8f699fb-1.full.jsonl': 140,
};

describe.runIf(have)('every file in shared/traces', () => {
  const files = have ? walk(ROOT).filter((f) => /\.(jsonl|json|traj)$/.test(f) && !f.endsWith('.meta.json')) : [];
  const imported = new Map<string, Session[]>();

  it('imports, in its own format', async () => {
    for (const f of files) imported.set(relative(ROOT, f), await importSessions([f]));
    expect(imported.size).toBe(files.length);
    expect(files.length).toBeGreaterThanOrEqual(80);
    const formats = new Set([...imported.values()].flatMap((ss) => ss.map((s) => s.trace.meta.format)));
    for (const f of ['claude-code', 'codex', 'gemini-cli', 'openhands', 'swe-agent', 'mini-swe-agent', 'openai']) expect(formats).toContain(f);
    for (const [file, calls] of Object.entries(PROVENANCE_CALLS)) {
      const got = imported.get(file)!.reduce((n, s) => n + s.trace.meta.calls.filter((c) => c.model !== undefined || c.input !== undefined).length, 0);
      expect(got, file).toBe(calls);
    }
  });

  it('validate-cache runs on every session that recorded usage', () => {
    const tokens = createTokenCounter();
    let validated = 0;
    for (const [file, sessions] of imported) {
      for (const s of sessions.filter((x) => hasRecordedUsage(x.trace))) {
        const check = validateImported(s.trace, { tokens, tolerance: 0.05, seed: 0, warmStart: true });
        expect(check.calls.length, `${file} ${s.label}`).toBeGreaterThan(0);
        validated++;
      }
    }
    // every Claude Code, Codex and Gemini CLI file recorded usage
    for (const [file, sessions] of imported) {
      if (/^(claude-code|codex|agtrace|ai-sessions)/.test(file)) expect(sessions.some((s) => hasRecordedUsage(s.trace)), file).toBe(true);
    }
    expect(validated).toBeGreaterThan(60);
  });
});
