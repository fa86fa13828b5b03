/**
 * Subagent sessions recorded inside a Claude Code main session file, each imported as its own session
 * (its calls are the subagent's, billed on its own prompt, never the parent's):
 * - CLI 2.x `progress` lines with `data.type: "agent_progress"`: `data.message` is one record of the
 *   subagent's conversation (a user or assistant line, with its usage), `data.agentId` names the subagent.
 *   Where Claude Code also wrote the subagent's own file (`<session>/subagents/agent-<id>.jsonl`), that
 *   file is the session and the inline copy is skipped.
 * - CLI 1.0 `isSidechain: true` user/assistant lines: a user line whose `parentUuid` is not a sidechain
 *   line starts a new subagent conversation (the Task prompt), the others continue their parent's.
 * Each conversation is read by the same line reader as a main session (`makeReader`), so it gets the
 * same merging of streaming lines and the same usage rules.
 */
import { TraceBuilder } from './builder.js';
import { isObj, type Obj } from './expect.js';
import type { ImportedTrace } from './types.js';

export interface LineReader {
  line(lineNo: number, value: unknown): void;
  end(): void;
}

interface Chain {
  id: string;
  b: TraceBuilder;
  reader: LineReader;
  seen: Set<string>;
}

export class Sidechains {
  private readonly chains = new Map<string, Chain>();
  private readonly chainOfUuid = new Map<string, string>();
  private inline1 = 0;
  private latest: string | undefined;

  constructor(
    private readonly file: string,
    private readonly makeReader: (b: TraceBuilder) => LineReader,
  ) {}

  /** Takes a `progress` line; true when it carried a subagent record. */
  progress(lineNo: number, d: Obj): boolean {
    const data = isObj(d.data) ? d.data : undefined;
    if (!data || data.type !== 'agent_progress' || !isObj(data.message)) return false;
    const id = typeof data.agentId === 'string' ? data.agentId : typeof d.parentToolUseID === 'string' ? d.parentToolUseID : 'unknown';
    const rec = data.message;
    const chain = this.chain(`agent-${id}`);
    // progress lines may repeat a record: each uuid is read once
    const uuid = typeof rec.uuid === 'string' ? rec.uuid : undefined;
    if (uuid !== undefined) {
      if (chain.seen.has(uuid)) return true;
      chain.seen.add(uuid);
    }
    if (rec.type === 'user' || rec.type === 'assistant') chain.reader.line(lineNo, rec);
    return true;
  }

  /** Takes a CLI 1.0 sidechain user/assistant line of a main session file. */
  sidechainLine(lineNo: number, d: Obj): void {
    const parent = typeof d.parentUuid === 'string' ? this.chainOfUuid.get(d.parentUuid) : undefined;
    // a user line with no sidechain parent is a new Task prompt; an orphan assistant line continues the latest
    const id = parent ?? (d.type === 'user' || !this.latest ? `sidechain-${++this.inline1}` : this.latest);
    this.latest = id;
    if (typeof d.uuid === 'string') this.chainOfUuid.set(d.uuid, id);
    this.chain(id).reader.line(lineNo, d);
  }

  private chain(id: string): Chain {
    let c = this.chains.get(id);
    if (!c) {
      const b = new TraceBuilder('claude-code', this.file);
      c = { id, b, reader: this.makeReader(b), seen: new Set() };
      this.chains.set(id, c);
    }
    return c;
  }

  /** The subagent sessions with at least one assistant message, leaving out those that have their own file. */
  finish(ownFiles: readonly string[]): ImportedTrace[] {
    const out: ImportedTrace[] = [];
    for (const c of this.chains.values()) {
      if (ownFiles.some((f) => f.endsWith(`${c.id}.jsonl`))) continue;
      c.reader.end();
      c.b.isSubagent = true;
      c.b.extra.sidechain = c.id;
      c.b.notes.push('subagent conversation recorded inside the main session file, imported as its own session');
      const t = c.b.finish();
      if (t.messages.some((m) => m.role === 'assistant')) out.push(t);
    }
    return out;
  }
}
