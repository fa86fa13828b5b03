/**
 * Words real agents put in histories: tool names (including the ones policies protect from pruning),
 * placeholders earlier prunes leave behind, and summary markers. Sources: shared/reference/policies.md
 * (opencode PRUNE_PROTECTED_TOOLS, Hermes NEVER_PRUNE_TOOLS from PR #588, Claude Code's compactable
 * tools and placeholder) and shared/reference/hermes-compressor.md (Hermes' one-line tool summaries and
 * dedup/screenshot placeholders).
 */

/** Tools whose outputs some policy never prunes: opencode `skill`; Hermes clarify, memory, skill_view, todo, read_file. */
export const PROTECTED_TOOLS: readonly string[] = ['skill', 'memory', 'todo', 'clarify', 'skill_view', 'read_file'];

/** Ordinary tools of coding agents (Claude Code, Hermes, opencode, SWE-agent names). */
export const COMMON_TOOLS: readonly string[] = [
  'bash', 'terminal', 'Read', 'Edit', 'Grep', 'Glob', 'write_file', 'search_files', 'patch', 'web_search',
  'browser_navigate', 'execute_code', 'delegate_task', 'str_replace_editor',
];

/** Placeholders an earlier prune or clearing pass leaves in a tool result. */
export const PLACEHOLDERS: readonly string[] = [
  '[Old tool result content cleared]',
  '[Tool output pruned — was 48,112 chars]',
  '[Duplicate tool output — same content as a more recent call]',
  '[screenshot removed to save context]',
  '[terminal] ran `npm test` -> exit 1, 212 lines output',
  '[read_file] read src/app.ts from line 1 (9,870 chars)',
  '[cleared]',
];

/** Summary headers an earlier compaction leaves at the start of history. */
export const SUMMARY_HEADERS: readonly string[] = [
  'This session is being continued from a previous conversation that ran out of context. Summary:',
  '[CONTEXT COMPACTION — reference only] Earlier turns were compacted into this summary:',
  '[Summary of the earlier conversation]',
];

/** The user marker opencode puts before its assistant summary message. */
export const COMPACTION_MARKER = 'What did we do so far?';

/** Manual commands users type (Hermes /compress, Claude Code /compact, the /microcompact proposal). */
export const COMMANDS: readonly string[] = ['/compress', '/compact', '/microcompact', '/strip-tools'];

/**
 * Units large outputs repeat. Each ends in a newline so the token count of `unit.repeat(n)` is n times
 * the unit's (checked in test/testing), which lets the renderer register counts without tokenizing.
 */
export const LARGE_UNITS: readonly string[] = [
  'src/parser.ts:42:  const value = tokens[index++];\n',
  'PASS  test/unit/cache.test.ts (12 tests) 41ms\n',
  '{"id": 7, "status": "ok", "items": [1, 2, 3]}\n',
  'error TS2345: Argument of type string is not assignable.\n',
  'Überprüfung fehlgeschlagen — 检查失败 — проверка не удалась 🙂\n',
  '<div class="row"><span>item</span></div>\n',
  // emoji-heavy output (test reporters, chat logs): most positions fall inside a surrogate pair, so a
  // policy that truncates with String.slice at any length is likely to leave a lone surrogate
  '🧪📦🚀🔥🎉👍📝🙂 ok 🧪📦🚀🔥\n',
];

/** Short realistic phrases (the bulk of generated text; unicode strings are mixed in by the arbitraries). */
export const PHRASES: readonly string[] = [
  'Fix the failing test in the parser.',
  'Why does the build break on CI?',
  'Run the tests again.',
  'Looks good, now update the docs.',
  'I will read the file first.',
  'The bug is an off-by-one in the tokenizer loop.',
  'Done: the parser handles empty input now.',
  'Let me check the logs.',
  'Überprüfe bitte die Konfiguration.',
  '请修复这个错误',
  'Deploy 🚀 done — 检查 🧪 passed 🎉',
  '',
];
