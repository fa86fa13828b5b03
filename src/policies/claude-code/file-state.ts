/**
 * Claude Code's read-file state, reduced to what post-compact re-attachment needs: the content of the
 * files the agent read, most recent last. Claude Code keeps file contents in a cache independent of the
 * transcript, so a file is restorable even after microcompact cleared its Read result; this tracker
 * therefore records results as they are appended, not from (possibly cleared) history.
 */
import { contentText, type Message } from '../../core/messages.js';
import { parseArgs, type ToolSet } from '../shared/tool-calls.js';

export class FileState {
  /** call id → file path, for read calls whose result has not arrived yet */
  private pending = new Map<string, string>();
  /** path → last content read; Map order = recency (re-set on every read) */
  private files = new Map<string, string>();

  constructor(private readonly readTools: ToolSet) {}

  /** Registers the read calls of an assistant message. */
  noteCalls(msg: Message): void {
    for (const tc of msg.tool_calls ?? []) {
      if (!this.readTools.has(tc.function.name)) continue;
      const args = parseArgs(tc.function.arguments);
      const path = args?.file_path ?? args?.path;
      if (typeof path === 'string' && path) this.pending.set(tc.id, path);
    }
  }

  /** Records a tool result if it answers a pending read. */
  noteResult(msg: Message): void {
    if (msg.role !== 'tool' || msg.tool_call_id === undefined) return;
    const path = this.pending.get(msg.tool_call_id);
    if (path === undefined) return;
    this.pending.delete(msg.tool_call_id);
    this.files.delete(path);
    this.files.set(path, contentText(msg));
  }

  /** The most recently read files, newest first. */
  recent(): Array<{ path: string; content: string }> {
    return [...this.files].reverse().map(([path, content]) => ({ path, content }));
  }
}
