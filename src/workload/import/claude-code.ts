/**
 * Claude Code session transcripts (`~/.claude/projects/<project>/<session>.jsonl`, CLI v2.x).
 *
 * Source: the files in shared/traces/claude-code/ (CLI 2.1.38–2.1.39; fixture README there) and their
 * reference conversions in shared/traces/openai/ (PROVENANCE.md). Rules, as the reference applies them:
 * - Claude Code streams one JSONL line per content block, all with the same `message.id`; the blocks of
 *   one API message are merged into one assistant message at the place of its first line. Tool results
 *   that arrived between its lines (parallel calls run while the message streams) follow it.
 * - text blocks are joined by a blank line; `thinking` goes to `reasoning`; `tool_use.input` becomes the
 *   call's `arguments` (Python json.dumps rendering, see py-json.ts).
 * - `tool_result` blocks become `tool` messages (text parts joined by newlines); plain user lines,
 *   including `isMeta` reminders, interrupts and the compaction summary, stay `user` messages.
 * - recorded usage is the message's last line's (streaming lines repeat it with growing
 *   `output_tokens`); the call's timestamp is its first line's.
 * - a `compact_boundary` system line marks a compaction; the summary message after it starts the new
 *   history. Claude Code keeps the pre-compaction lines in the file.
 * - subagent transcripts live in `<session>/subagents/*.jsonl`: they are listed, never inlined. Subagent
 *   conversations recorded inside the main file (CLI 2.x `agent_progress` lines, CLI 1.0 `isSidechain`
 *   lines) are imported as sessions of their own (`sidechains`, claude-code-sidechains.ts), never as the
 *   parent's calls.
 * Claude Code does not log the system prompt or the tool schemas.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ContentPart, Message, ToolCall } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { Sidechains } from './claude-code-sidechains.js';
import { arr, isObj, obj, optNum, optStr, str, type Obj } from './expect.js';
import { checkUsage } from './usage.js';
import { lineLocator, readJsonLines } from './lines.js';
import type { Locator, Path } from './locate.js';
import { pyJson } from './py-json.js';
import { isoEpoch } from './time.js';
import type { CompactionPoint, ImportedTrace } from './types.js';

/** Line types that carry no conversation content. */
const IGNORED_TYPES = new Set(['progress', 'file-history-snapshot', 'queue-operation', 'summary', 'custom-title', 'tag', 'pr-link']);

interface OpenAssistant {
  index: number;
  msg: Message;
  texts: string[];
  thinking: string[];
  usage?: Obj;
  model?: string;
  /** first line's timestamp */
  timestamp?: string;
}

class ClaudeCodeReader {
  private readonly byId = new Map<string, OpenAssistant>();
  private readonly assistants: OpenAssistant[] = [];
  private readonly callNames = new Map<string, string>();
  private pendingCompaction: Omit<CompactionPoint, 'beforeMsgIndex'> | undefined;
  private sidechainFile: boolean | undefined;
  private sidechainSkipped = 0;
  private readonly unknownTypes = new Map<string, number>();
  private readonly dropped = new Map<string, number>();
  /** sessionIds seen, in order of their runs of lines: a return to an earlier one means two sessions interleaved */
  private readonly sessions: string[] = [];
  /** the line where the current run of one sessionId began */
  private runStart = 0;

  constructor(
    readonly b: TraceBuilder,
    readonly file: string,
    private readonly sidechains?: Sidechains,
  ) {}

  line(lineNo: number, value: unknown): void {
    const loc = lineLocator(this.file, lineNo);
    const d = obj(loc, value, []);
    const type = str(loc, d.type, ['type']);
    if (type === 'progress' && this.sidechains?.progress(lineNo, d)) {
      this.sidechainSkipped++;
      return;
    }
    if (type === 'user' || type === 'assistant') {
      const side = d.isSidechain === true;
      this.sidechainFile ??= side;
      if (side && !this.sidechainFile) {
        this.sidechainSkipped++;
        this.sidechains?.sidechainLine(lineNo, d);
        return;
      }
      this.checkSession(lineNo, d);
      if (type === 'user') this.user(loc, d);
      else this.assistant(loc, d);
    } else if (type === 'system') {
      if (d.subtype === 'compact_boundary') this.boundary(loc, d);
    } else if (!IGNORED_TYPES.has(type)) {
      this.unknownTypes.set(type, (this.unknownTypes.get(type) ?? 0) + 1);
    }
  }

  /**
   * One file is one session. A session resumed into a new id continues after the old one (A then B),
   * but lines of A after B's mean two sessions were written into one file at once: read as one
   * conversation they would be a history nobody sent, so the file is refused at that line.
   */
  private checkSession(lineNo: number, d: Obj): void {
    if (typeof d.sessionId !== 'string') return;
    const last = this.sessions.at(-1);
    if (d.sessionId === last) return;
    if (this.sessions.includes(d.sessionId)) {
      // reported where the intruding run began: the first line that is not the session around it
      lineLocator(this.file, this.runStart).fail(['sessionId'], `lines of two sessions are interleaved (${JSON.stringify(last)} from here, then ${JSON.stringify(d.sessionId)} again at line ${lineNo}); the file mixes sessions — split it by sessionId and import each`);
    }
    this.sessions.push(d.sessionId);
    this.runStart = lineNo;
  }

  private boundary(loc: Locator, d: Obj): void {
    const meta = isObj(d.compactMetadata) ? d.compactMetadata : {};
    const p: Omit<CompactionPoint, 'beforeMsgIndex'> = {};
    const trigger = optStr(loc, meta.trigger, ['compactMetadata', 'trigger']);
    const preTokens = optNum(loc, meta.preTokens, ['compactMetadata', 'preTokens']);
    const timestamp = optStr(loc, d.timestamp, ['timestamp']);
    if (trigger !== undefined) p.trigger = trigger;
    if (preTokens !== undefined) p.preTokens = preTokens;
    if (timestamp !== undefined) p.timestamp = timestamp;
    this.pendingCompaction = p;
  }

  private push(msg: Message, d: Obj): number {
    const i = this.b.push(msg, isoEpoch(d.timestamp));
    if (this.pendingCompaction || d.isCompactSummary === true) {
      this.b.compactions.push({ beforeMsgIndex: i, ...this.pendingCompaction });
      this.pendingCompaction = undefined;
    }
    return i;
  }

  private user(loc: Locator, d: Obj): void {
    const m = obj(loc, d.message, ['message']);
    const c = m.content;
    if (typeof c === 'string') {
      this.push({ role: 'user', content: c }, d);
      return;
    }
    const blocks = arr(loc, c, ['message', 'content']);
    let parts: ContentPart[] = [];
    const flush = (): void => {
      if (!parts.length) return;
      const onlyText = parts.every((p) => p.type === 'text');
      const content = onlyText ? parts.map((p) => (p as { text: string }).text).join('\n\n') : parts;
      this.push({ role: 'user', content }, d);
      parts = [];
    };
    blocks.forEach((raw, k) => {
      const path: Path = ['message', 'content', k];
      const blk = obj(loc, raw, path);
      const t = str(loc, blk.type, [...path, 'type']);
      if (t === 'tool_result') {
        flush();
        this.toolResult(loc, blk, path, d);
      } else if (t === 'text') parts.push({ type: 'text', text: str(loc, blk.text, [...path, 'text']) });
      else if (t === 'image') parts.push(imagePart(loc, blk, path));
      else this.drop(`user block type ${t}`);
    });
    flush();
  }

  private toolResult(loc: Locator, blk: Obj, path: Path, d: Obj): void {
    const id = str(loc, blk.tool_use_id, [...path, 'tool_use_id']);
    const msg: Message = { role: 'tool', content: resultContent(loc, blk.content, [...path, 'content']), tool_call_id: id };
    const name = this.callNames.get(id);
    if (name !== undefined) msg.name = name;
    this.push(msg, d);
  }

  private assistant(loc: Locator, d: Obj): void {
    const m = obj(loc, d.message, ['message']);
    const id = optStr(loc, m.id, ['message', 'id']);
    let open = id === undefined ? undefined : this.byId.get(id);
    if (!open) {
      const msg: Message = { role: 'assistant', content: '' };
      open = { index: this.push(msg, d), msg, texts: [], thinking: [] };
      this.assistants.push(open);
      if (id !== undefined) this.byId.set(id, open);
    }
    const blocks = arr(loc, m.content, ['message', 'content']);
    blocks.forEach((raw, k) => this.assistantBlock(loc, open, obj(loc, raw, ['message', 'content', k]), ['message', 'content', k]));
    this.b.setTime(open.index, isoEpoch(d.timestamp));
    this.noteUsage(loc, open, m, d);
  }

  private assistantBlock(loc: Locator, open: OpenAssistant, blk: Obj, path: Path): void {
    const t = str(loc, blk.type, [...path, 'type']);
    if (t === 'text') {
      open.texts.push(str(loc, blk.text, [...path, 'text']));
      open.msg.content = open.texts.join('\n\n');
    } else if (t === 'thinking') {
      open.thinking.push(str(loc, blk.thinking, [...path, 'thinking']));
      open.msg.reasoning = open.thinking.join('\n\n');
    } else if (t === 'tool_use') {
      const id = str(loc, blk.id, [...path, 'id']);
      const name = str(loc, blk.name, [...path, 'name']);
      const call: ToolCall = { id, type: 'function', function: { name, arguments: pyJson(blk.input ?? {}) } };
      (open.msg.tool_calls ??= []).push(call);
      this.callNames.set(id, name);
    } else this.drop(`assistant block type ${t}`);
  }

  private noteUsage(loc: Locator, open: OpenAssistant, m: Obj, d: Obj): void {
    const model = optStr(loc, m.model, ['message', 'model']);
    if (m.usage !== undefined && m.usage !== null && !isObj(m.usage)) loc.fail(['message', 'usage'], 'expected an object');
    // later streaming lines repeat the usage with the final output count: the last one wins
    if (isObj(m.usage)) {
      checkUsage(loc, m.usage, ['message', 'usage']);
      open.usage = m.usage;
    }
    open.model ??= model;
    open.timestamp ??= optStr(loc, d.timestamp, ['timestamp']);
  }

  private drop(what: string): void {
    this.dropped.set(what, (this.dropped.get(what) ?? 0) + 1);
  }

  end(): void {
    const b = this.b;
    for (const a of this.assistants) {
      // '<synthetic>' marks a message the client made itself (API error notice): no model call
      if (a.model !== '<synthetic>') b.recordCall(a.index, a.usage, a.model, a.timestamp);
    }
    b.isSubagent = this.sidechainFile === true || /[\\/]subagents[\\/]/.test(this.file);
    if (this.sidechainSkipped) b.notes.push(`${this.sidechainSkipped} subagent line(s) in the main session were left out of it; subagents are sessions of their own (their files, or \`sidechains\`)`);
    for (const [t, n] of this.unknownTypes) b.warn(`${n} line(s) of unknown type ${JSON.stringify(t)} carried no message (ignored)`);
    for (const [t, n] of this.dropped) b.warn(`${n} ${t} not converted (no OpenAI equivalent)`);
    if (this.pendingCompaction) b.warn('compact_boundary at the end of the file with no summary message after it');
    b.notes.push(
      'Claude Code session; per-block streaming lines merged by message.id; the system prompt and tool schemas are not recorded by Claude Code (the recorded usage includes them)',
    );
  }
}

function resultContent(loc: Locator, c: unknown, path: Path): string | ContentPart[] {
  if (c === undefined || c === null) return '';
  if (typeof c === 'string') return c;
  const parts = arr(loc, c, path).map((raw, k) => {
    const p = obj(loc, raw, [...path, k]);
    if (p.type === 'image') return imagePart(loc, p, [...path, k]);
    return { type: 'text', text: str(loc, p.text, [...path, k, 'text']) } as ContentPart;
  });
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('\n');
  return parts;
}

function imagePart(loc: Locator, blk: Obj, path: Path): ContentPart {
  const src = obj(loc, blk.source, [...path, 'source']);
  if (src.type === 'url') return { type: 'image_url', image_url: { url: str(loc, src.url, [...path, 'source', 'url']) } };
  const media = optStr(loc, src.media_type, [...path, 'source', 'media_type']) ?? 'image/png';
  return { type: 'image_url', image_url: { url: `data:${media};base64,${str(loc, src.data, [...path, 'source', 'data'])}` } };
}

/** Subagent transcripts stored beside a main session file: `<session>/subagents/*.jsonl`. */
async function findSubagentFiles(file: string): Promise<string[]> {
  const dir = join(dirname(file), basename(file, '.jsonl'), 'subagents');
  try {
    const names = await readdir(dir);
    return names.filter((n) => n.endsWith('.jsonl')).sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

export async function importClaudeCode(file: string): Promise<ImportedTrace> {
  const b = new TraceBuilder('claude-code', file);
  const sidechains = new Sidechains(file, (sb) => new ClaudeCodeReader(sb, file));
  const reader = new ClaudeCodeReader(b, file, sidechains);
  for await (const { lineNo, value } of readJsonLines(file)) reader.line(lineNo, value);
  reader.end();
  const subagents = await findSubagentFiles(file);
  if (subagents.length) b.subagentFiles = subagents;
  if (/agent-acompact/.test(basename(file))) b.extra.isCompactionAgent = true;
  const trace = b.finish();
  const inline = sidechains.finish(subagents);
  return inline.length ? { ...trace, sidechains: inline } : trace;
}
