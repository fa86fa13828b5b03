/**
 * What real compaction summaries keep of the files read before them: the data behind the summary-keeps
 * model (src/sim/summary-keeps.ts). For each recorded compaction (Claude Code `compact_boundary`): the
 * files `Read` since the previous one, which of them the summary names (full path or file name), whether
 * it quotes any of their content (a line of at least 30 characters of the read result, verbatim), and the
 * same for the files used again after the compaction.
 */
import { basename } from 'node:path';
import { contentText } from '../../core/messages.js';
import { parseArgs } from '../../policies/shared/tool-calls.js';
import { summaryBody } from '../../summarizer/length-fit.js';
import type { ImportedTrace } from '../import/types.js';

export interface SummaryKeepSample {
  file: string;
  /** index of the summary message in the trace */
  at: number;
  read: number;
  named: number;
  /** files whose content the summary quotes */
  quoted: number;
  /** of the files read before, those read or edited again after the compaction */
  usedAfter: number;
  namedUsedAfter: number;
}

const NUMBERED = /^\s*\d+[→\t]/;

function pathOf(args: Record<string, unknown> | undefined): string | undefined {
  const p = args?.file_path ?? args?.path;
  return typeof p === 'string' && p ? p : undefined;
}

export function summaryKeepSamples(trace: ImportedTrace): SummaryKeepSample[] {
  const msgs = trace.messages;
  const out: SummaryKeepSample[] = [];
  let start = 0;
  for (const p of trace.meta.compactions) {
    const msg = msgs[p.beforeMsgIndex];
    if (!msg || msg.role !== 'user') continue;
    const body = summaryBody(contentText(msg));
    const reads = new Map<string, string>();
    const results = new Map<string, string>();
    for (const m of msgs.slice(start, p.beforeMsgIndex)) {
      if (m.role === 'tool' && m.tool_call_id) results.set(m.tool_call_id, contentText(m));
      for (const c of m.tool_calls ?? []) {
        const path = pathOf(parseArgs(c.function.arguments));
        if (path && /^read$/i.test(c.function.name)) reads.set(c.id, path);
      }
    }
    const files = new Map<string, string>();
    for (const [id, path] of reads) files.set(path, `${files.get(path) ?? ''}\n${results.get(id) ?? ''}`);
    const later = new Set<string>();
    const next = trace.meta.compactions.find((q) => q.beforeMsgIndex > p.beforeMsgIndex)?.beforeMsgIndex ?? msgs.length;
    for (const m of msgs.slice(p.beforeMsgIndex + 1, next)) {
      for (const c of m.tool_calls ?? []) {
        const path = pathOf(parseArgs(c.function.arguments));
        if (path) later.add(path);
      }
    }
    const names = (f: string): boolean => body.includes(f) || body.includes(basename(f));
    const quotes = (text: string): boolean => text.split('\n').some((l) => {
      const line = l.replace(NUMBERED, '').trim();
      return line.length >= 30 && body.includes(line);
    });
    let named = 0, quoted = 0, usedAfter = 0, namedUsedAfter = 0;
    for (const [f, text] of files) {
      if (names(f)) named++;
      if (quotes(text)) quoted++;
      if (later.has(f)) {
        usedAfter++;
        if (names(f)) namedUsedAfter++;
      }
    }
    out.push({ file: basename(trace.meta.source), at: p.beforeMsgIndex, read: files.size, named, quoted, usedAfter, namedUsedAfter });
    start = p.beforeMsgIndex;
  }
  return out;
}
