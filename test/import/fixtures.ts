/** Test helpers: temporary files and small synthetic transcripts in each source format. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const root = mkdtempSync(path.join(tmpdir(), 'cb-import-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** Writes `content` to a fresh file named `name` (in its own directory) and returns its path. */
export function tmpFile(name: string, content: string): string {
  const dir = path.join(root, String(n++));
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

export const jsonl = (rows: readonly unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** Claude Code lines. */
export const cc = {
  user: (content: unknown, ts: string, extra: Record<string, unknown> = {}) => ({
    type: 'user', isSidechain: false, sessionId: 's', uuid: `u${ts}`, timestamp: ts, message: { role: 'user', content }, ...extra,
  }),
  assistant: (id: string, block: unknown, ts: string, usage: Record<string, unknown> = usageOf(100, 10), extra: Record<string, unknown> = {}) => ({
    type: 'assistant', isSidechain: false, sessionId: 's', uuid: `a${ts}`, timestamp: ts,
    message: { model: 'claude-opus-4-6', id, type: 'message', role: 'assistant', content: [block], usage }, ...extra,
  }),
  progress: (ts: string) => ({ type: 'progress', sessionId: 's', timestamp: ts, data: { type: 'hook_progress' } }),
  boundary: (ts: string) => ({ type: 'system', subtype: 'compact_boundary', sessionId: 's', timestamp: ts, compactMetadata: { trigger: 'auto', preTokens: 1234 } }),
  text: (text: string) => ({ type: 'text', text }),
  thinking: (thinking: string) => ({ type: 'thinking', thinking, signature: 'x' }),
  toolUse: (id: string, name: string, input: unknown) => ({ type: 'tool_use', id, name, input }),
  result: (id: string, content: unknown) => ({ type: 'tool_result', tool_use_id: id, content }),
};

export function usageOf(cacheRead: number, cacheWrite: number, output = 5, input = 1): Record<string, unknown> {
  return { input_tokens: input, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheWrite, output_tokens: output };
}
