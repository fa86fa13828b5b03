/** The deterministic fallback summary against upstream's, printed by its `_build_static_fallback_summary` @ 8fa8aabb. */
import { describe, expect, it } from 'vitest';
import { buildStaticFallbackSummary } from '../../src/policies/hermes/fallback-summary.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';

describe('buildStaticFallbackSummary', () => {
  it('redacts GitHub tokens and collapses whitespace in the dropped turns as upstream does', () => {
    const turns: PyMsg[] = [
      { role: 'user', content: 'push with ghp_abcdefghij1234567890 please,\n\n  then   check gh status' },
      { role: 'assistant', content: 'ok', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{"command": "git push"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'error: token gho_ABCDEFGH12345.x-y rejected\n' + 'line  of\toutput\n'.repeat(80) },
    ];
    const summary = buildStaticFallbackSummary(turns, false, 'boom');
    const dropped = summary.slice(summary.indexOf('## Last Dropped Turns'), summary.indexOf('## Critical Context')).trimEnd();
    expect(dropped.split('\n')).toEqual([
      '## Last Dropped Turns',
      '- USER: push with [REDACTED] please, then check gh status',
      '- ASSISTANT: tool calls: terminal; ok',
      `- TOOL: error: token ***.x-y rejected ${'line of output '.repeat(43)}line of ou ...[truncated]`,
    ]);
    expect(summary).toHaveLength(4608); // len() of upstream's summary
  });
});
