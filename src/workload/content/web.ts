/**
 * Web and agent-management tools: page fetches (markdown), searches (result lists), sub-agent tasks
 * (a prose report), todo lists and SWE-agent's submit (the final diff). Claude Code returns plain text
 * (WebSearch: a `Links: [...]` JSON list then notes, as in shared/traces); Hermes returns JSON objects.
 */
import { ANSWER, NARRATION, REASONING, WEB } from '../corpus/prose.js';
import { BLOCKS } from '../corpus/code.js';
import { TextBuilder } from '../text/builder.js';
import type { Call } from './files.js';
import { fillLines, type Line } from './lines.js';
import { identifier } from './project.js';
import type { ShellCtx } from './shell-coding.js';
import type { Style } from '../tools.js';

const SITES = ['docs.example.dev', 'github.com/acme/toolkit', 'developer.example.com', 'blog.example.org', 'wiki.example.net'];
const TOPICS = ['prompt-caching', 'context-windows', 'rate-limits', 'streaming', 'tool-use', 'pricing', 'migrations', 'deployment'];
const QUERIES = [
  'prompt caching minimum tokens per model', 'kubernetes readiness probe timeout best practice', 'pytest fixture scope session',
  'context window compaction strategies agents', 'sqlite alter column nullable', 'vitest mock timers example',
];

const url = (c: ShellCtx) => `https://${c.rng.pick(SITES)}/${c.rng.pick(TOPICS)}/${c.rng.pick(TOPICS)}`;
const webLine = (c: ShellCtx): Line => [c.rng.pick(WEB)];

function str(b: TextBuilder, key: string, value: string, first = false): TextBuilder {
  return b.add(first ? `"${key}": "` : `, "${key}": "`).json(value).add('"');
}

export function webFetchCall(c: ShellCtx, style: Style, target: number, failed: boolean): Call {
  const u = url(c);
  const a = new TextBuilder().add('{');
  if (style === 'hermes') a.add('"urls": ["').json(u).add('"]');
  else str(str(a, 'url', u, true), 'prompt', c.rng.pick(NARRATION));
  const b = new TextBuilder();
  if (failed) b.add(style === 'hermes' ? '{"error": "HTTP 403 Forbidden"}' : 'Request failed with status code 403');
  else if (style === 'hermes') {
    str(b.add('{"results": [{'), 'url', u, true).add(', "content": "');
    fillLines(b, { head: [], body: () => webLine(c), tail: [] }, target, true);
    b.add('"}]}');
  } else fillLines(b, { head: [], body: () => webLine(c), tail: [] }, target, false, true);
  return { args: a.add('}').build(), result: b.build() };
}

export function webSearchCall(c: ShellCtx, style: Style, target: number): Call {
  const q = c.rng.pick(QUERIES);
  const a = str(new TextBuilder().add('{'), 'query', q, true).add('}');
  const b = new TextBuilder();
  const hit = (first: boolean): void => {
    b.add(first ? '{' : ', {');
    str(b, 'title', c.rng.pick(WEB), true);
    str(b, 'url', url(c));
    b.add('}');
  };
  if (style === 'hermes') {
    b.add('{"success": true, "data": {"web": [');
    for (let i = 0; i === 0 || b.estimate < target - 5; i++) hit(i === 0);
    b.add(']}}');
  } else {
    b.add('Web search results for query: "').add(q).add('"\n\nLinks: [');
    for (let i = 0; i < 8 && (i === 0 || b.estimate < target * 0.6); i++) hit(i === 0);
    b.add(']\n\n');
    fillLines(b, { head: [], body: () => webLine(c), tail: [] }, target, false, true);
  }
  return { args: a.build(), result: b.build() };
}

export function taskCall(c: ShellCtx, style: Style, target: number, argTarget: number): Call {
  const a = new TextBuilder().add('{');
  str(a, style === 'hermes' ? 'goal' : 'description', c.rng.pick(NARRATION), true);
  a.add(style === 'hermes' ? ', "context": "' : ', "prompt": "');
  fillLines(a, { head: [], body: () => [c.rng.pick(REASONING)], tail: [] }, argTarget, true);
  a.add('"');
  if (style !== 'hermes') a.add(', "subagent_type": "general-purpose"');
  const b = new TextBuilder();
  fillLines(b, { head: [['## Findings']], body: () => [c.rng.pick([...ANSWER, ...REASONING])], tail: [] }, target, false, true);
  return { args: a.add('}').build(), result: b.build() };
}

export function todoCall(c: ShellCtx, style: Style): Call {
  const a = new TextBuilder().add('{"todos": [');
  const n = c.rng.int(2, 6);
  for (let i = 0; i < n; i++) {
    a.add(i ? ', {' : '{');
    str(a, 'content', c.rng.pick(NARRATION), true);
    a.add(`, "status": "${i === 0 ? 'in_progress' : 'pending'}"}`);
  }
  a.add(']}');
  const b = new TextBuilder();
  if (style === 'hermes') b.add(`{"success": true, "total": ${n}, "in_progress": 1, "pending": ${n - 1}}`);
  else b.add('Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable');
  return { args: a.build(), result: b.build() };
}

/** SWE-agent `submit`: the patch of the session's changes */
export function submitCall(c: ShellCtx, target: number): Call {
  const f = c.rng.pick(c.project.files);
  const b = new TextBuilder();
  const head: Line[] = [['diff --git a/', f, ' b/', f], ['--- a/', f], ['+++ b/', f], ['@@ -40,6 +40,9 @@ def ', identifier(c.rng)]];
  fillLines(b, { head, body: () => [c.rng.pick([' ', '+', '-']) + c.rng.pick(c.rng.pick(BLOCKS[c.project.lang]))], tail: [] }, target, false);
  return { args: new TextBuilder().add('{}').build(), result: b.build() };
}
