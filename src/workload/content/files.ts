/**
 * File tools: read, edit, write, glob and grep calls with the arguments and results each agent uses.
 * Formats: Claude Code numbers lines as `     1→text` and acknowledges edits in one sentence; Hermes
 * returns JSON (content with `     1|text` lines, patch diffs, match lists); SWE-agent's
 * str_replace_editor prints `cat -n` output with tab-separated numbers (its tool bundle's messages).
 */
import { BLOCKS } from '../corpus/code.js';
import { TextBuilder, pieceTokens, type BuiltText } from '../text/builder.js';
import { fillLines, segments, writeLine, type Line } from './lines.js';
import { STEMS, absPath, fileLines, identifier, newFile } from './project.js';
import type { ShellCtx } from './shell-coding.js';
import type { Style } from '../tools.js';

export interface Call {
  args: BuiltText;
  result: BuiltText;
}

const pad6 = (n: number) => String(n).padStart(6);

/** a file long enough to show `target` tokens when possible (files hold ~12 tokens a line) */
function pickFile(c: ShellCtx, target: number): string {
  let best = c.rng.pick(c.project.files);
  for (let i = 0; i < 12 && fileLines(c.project, best).length * 11 < target; i++) {
    const f = c.rng.pick(c.project.files);
    if (fileLines(c.project, f).length > fileLines(c.project, best).length) best = f;
  }
  return best;
}

/** numbered lines of `rel` from `from` (0-based) in the style's numbering */
function numbered(c: ShellCtx, rel: string, from: number, sep: string): { body: (i: number) => Line; maxBody: number } {
  const lines = fileLines(c.project, rel);
  return { body: (i) => [pad6(from + i + 1), sep + lines[from + i]], maxBody: Math.max(0, lines.length - from) };
}

function jsonArgs(pairs: [string, string | number | boolean | null][]): TextBuilder {
  const b = new TextBuilder().add('{');
  pairs.forEach(([k, v], i) => {
    b.add(i ? `, "${k}": ` : `"${k}": `);
    if (typeof v === 'string') b.add('"').words(v, true).add('"');
    else b.add(String(v));
  });
  return b;
}

export function readCall(c: ShellCtx, style: Style, target: number, failed: boolean): Call {
  const rel = pickFile(c, target);
  const abs = absPath(c.project, rel);
  const len = fileLines(c.project, rel).length;
  const partial = len * 11 > target * 1.5 && c.rng.chance(0.2);
  const from = partial ? c.rng.int(0, Math.max(0, len - Math.ceil(target / 11))) : 0;
  const limit = Math.ceil(target / 10);
  const range: [string, number][] = partial ? [['offset', from + 1], ['limit', limit]] : [];
  const args =
    style === 'claude-code' ? jsonArgs([['file_path', abs], ...range])
    : style === 'hermes' ? jsonArgs([['path', rel], ...range])
    : jsonArgs([['command', 'view'], ['path', abs]]);
  const b = new TextBuilder();
  if (failed) {
    if (style === 'claude-code') b.add('<tool_use_error>File does not exist.</tool_use_error>');
    else if (style === 'hermes') b.add('{"error": "File not found: ').json(rel).add('"}');
    else b.add('The path ').add(abs).add(' does not exist. Please provide a valid path.');
    return { args: args.add('}').build(), result: b.build() };
  }
  if (style === 'hermes') {
    b.add('{"content": "');
    fillLines(b, { head: [], tail: [], ...numbered(c, rel, from, '|') }, target, true);
    b.add(`", "total_lines": ${len}, "truncated": ${partial}}`);
  } else if (style === 'claude-code') {
    fillLines(b, { head: [], tail: [], ...numbered(c, rel, from, '→') }, target, false, true);
  } else {
    b.add("Here's the result of running `cat -n` on ").add(abs).add(':\n');
    fillLines(b, { head: [], tail: [], ...numbered(c, rel, from, '\t') }, target, false);
  }
  return { args: args.add('}').build(), result: b.build() };
}

/** code lines for edit/write arguments until about `target` tokens */
function codeText(c: ShellCtx, target: number): string {
  const lines: string[] = [];
  let tokens = 0;
  while (tokens < target || lines.length === 0) {
    const l = c.rng.pick(c.rng.pick(BLOCKS[c.project.lang]));
    const n = pieceTokens(l) + 1;
    if (lines.length > 0 && tokens + n / 2 > target) break;
    lines.push(l);
    tokens += n;
  }
  return lines.join('\n');
}

/** tokens of an edit/write call's JSON besides the code (keys, path, quotes) */
const ARG_OVERHEAD = 30;

/** a JSON string argument written line by line (so the code lines stay reusable pieces) */
function addCode(b: TextBuilder, key: string, text: string): void {
  b.add(`, "${key}": "`);
  const lines = text.split('\n');
  lines.forEach((l, i) => writeLine(b, [l], true, i < lines.length - 1));
  b.add('"');
}

export function editCall(c: ShellCtx, style: Style, target: number, argTarget: number, failed: boolean): Call {
  const rel = c.rng.pick(c.project.files);
  const abs = absPath(c.project, rel);
  const body = Math.max(10, argTarget - ARG_OVERHEAD);
  const oldText = codeText(c, body * 0.45);
  const newText = codeText(c, body * 0.55);
  const keys = style === 'swe-agent' || style === 'mini-swe-agent' ? ['old_str', 'new_str'] : ['old_string', 'new_string'];
  const a =
    style === 'claude-code' ? jsonArgs([['file_path', abs]])
    : style === 'hermes' ? jsonArgs([['mode', 'replace'], ['path', rel]])
    : jsonArgs([['command', 'str_replace'], ['path', abs]]);
  addCode(a, keys[0], oldText);
  addCode(a, keys[1], newText);
  const b = new TextBuilder();
  if (style === 'claude-code') {
    if (failed) b.add('<tool_use_error>String to replace not found in file.</tool_use_error>');
    else b.add('The file').words(` ${abs}`).add(' has been updated successfully.');
  } else if (style === 'hermes') {
    if (failed) b.add('{"success": false, "error": "old_string not found in ').json(rel).add('"}');
    else {
      b.add('{"success": true, "diff": "');
      const diff = { head: [['--- a/', rel], ['+++ b/', rel], ['@@ -12,7 +12,9 @@']] as Line[], body: (): Line => [c.rng.pick([' ', '-', '+']) + c.rng.pick(c.rng.pick(BLOCKS[c.project.lang]))], tail: [] };
      fillLines(b, diff, target, true);
      b.add('"}');
    }
  } else if (failed) {
    b.add('No replacement was performed, old_str did not appear verbatim in ').add(abs).add('.');
  } else {
    b.add('The file ').add(abs).add(" has been edited. Here's the result of running `cat -n` on a snippet of ").add(abs).add(':\n');
    const from = c.rng.int(0, Math.max(0, fileLines(c.project, rel).length - 20));
    fillLines(b, { head: [], tail: [['Review the changes and make sure they are as expected. Edit the file again if necessary.']], ...numbered(c, rel, from, '\t') }, target, false, true);
  }
  return { args: a.add('}').build(), result: b.build() };
}

export function writeCall(c: ShellCtx, style: Style, target: number, argTarget: number): Call {
  const rel = newFile(c.rng, c.project);
  const abs = absPath(c.project, rel);
  const a =
    style === 'claude-code' ? jsonArgs([['file_path', abs]])
    : style === 'hermes' ? jsonArgs([['path', rel]])
    : jsonArgs([['command', 'create'], ['path', abs]]);
  const content = codeText(c, Math.max(10, argTarget - ARG_OVERHEAD));
  addCode(a, style === 'claude-code' || style === 'hermes' ? 'content' : 'file_text', content);
  const b = new TextBuilder();
  if (style === 'hermes') b.add(`{"success": true, "path": "`).json(rel).add(`", "bytes_written": ${content.length}}`);
  else if (style === 'claude-code' && target > 60) {
    b.add('The file ').add(abs).add(" has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n");
    fillLines(b, { head: [], tail: [], ...numbered(c, pickFile(c, target), 0, '→') }, target, false, true);
  } else b.add('File created successfully at:').words(` ${abs}`);
  return { args: a.add('}').build(), result: b.build() };
}

export function globCall(c: ShellCtx, style: Style, target: number): Call {
  const ext = c.project.lang;
  const dir = c.rng.pick(c.project.dirs);
  const stem = c.rng.pick(STEMS);
  const pattern = c.rng.pick([`${dir}/**/*.${ext}`, `**/*${stem}*`, `${dir}/*${stem}*.${ext}`, `**/${stem}.${ext}`, `${dir}/**/*`]);
  const where: [string, string][] = c.rng.chance(0.4) ? [['path', absPath(c.project, dir)]] : [];
  const a = style === 'hermes' ? jsonArgs([['pattern', pattern], ['target', 'files']]) : jsonArgs([['pattern', pattern], ...where]);
  const b = new TextBuilder();
  if (target < 4) return { args: a.add('}').build(), result: b.add(style === 'hermes' ? '{"files": "", "total_count": 0}' : 'No files found').build() };
  const body = (): Line => segments(`${c.project.root}/${c.rng.pick(c.project.files)}`);
  if (style === 'hermes') {
    b.add('{"files": "');
    fillLines(b, { head: [], body, tail: [] }, target, true);
    b.add('"}');
  } else fillLines(b, { head: [], body, tail: [] }, target, false, true);
  return { args: a.add('}').build(), result: b.build() };
}

export function grepCall(c: ShellCtx, style: Style, target: number): Call {
  const id = identifier(c.rng);
  const pattern = c.rng.pick([id, `def ${id}`, `${id}\\(`, `class ${id}`, `import.*${c.rng.pick(STEMS)}`, `${id}|${c.rng.pick(STEMS)}`]);
  const dir = c.rng.pick(c.project.dirs);
  const a =
    style === 'hermes' ? jsonArgs([['pattern', pattern], ['target', 'content'], ['path', dir]])
    : jsonArgs([
        ['pattern', pattern],
        ...(c.rng.chance(0.8) ? [['path', absPath(c.project, dir)] as [string, string]] : []),
        ...(c.rng.chance(0.5) ? [['glob', `**/*.${c.project.lang}`] as [string, string]] : []),
        ...(c.rng.chance(0.6) ? [['output_mode', 'content'] as [string, string], ['-n', true] as [string, boolean]] : [['output_mode', 'files_with_matches'] as [string, string]]),
      ]);
  const body = (): Line => [...segments(c.rng.pick(c.project.files)), ':', String(c.rng.int(1, 400)), ':', c.rng.pick(c.rng.pick(BLOCKS[c.project.lang]))];
  const b = new TextBuilder();
  if (target < 4) return { args: a.add('}').build(), result: b.add(style === 'hermes' ? '{"matches": "", "total_count": 0}' : 'No matches found').build() };
  if (style === 'hermes') {
    b.add('{"matches": "');
    fillLines(b, { head: [], body, tail: [] }, target, true);
    b.add('"}');
  } else fillLines(b, { head: [], body, tail: [] }, target, false, true);
  return { args: a.add('}').build(), result: b.build() };
}
