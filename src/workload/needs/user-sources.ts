/**
 * Which scripted user message a user message the policy wrote still holds verbatim. Policies rewrite user
 * messages without dropping their text: a copy with a cache marker (`{ ...m }`), the task with a running
 * summary appended (recent-tools-summary), a summary merged in front of the first kept message or after
 * the newest request (threshold-summary, Hermes when roles collide). The request still shows the user's
 * words, so the needs of that message are met; the meter (sim/needs-meter.ts) knows scripted messages by
 * identity, and asks here for a written one.
 *
 * A written message holds a source when its text is the source's, or starts or ends with it (the summary
 * on the other side). Indexed by the first and last line of each source's text (at most 64 characters),
 * so a look-up hashes two short strings, not the text. Several sources with the same text: the newest.
 */
import { contentText, type Message } from '../../core/messages.js';

const EDGE = 64;

function firstLine(s: string): string {
  const nl = s.indexOf('\n');
  return s.slice(0, Math.min(nl < 0 ? s.length : nl, EDGE));
}

function lastLine(s: string): string {
  return s.slice(Math.max(s.lastIndexOf('\n') + 1, s.length - EDGE));
}

interface Source {
  key: string;
  text: string;
}

export class UserSources {
  private readonly byFirst = new Map<string, Source[]>();
  private readonly byLast = new Map<string, Source[]>();

  /** `sources`: the user messages that are need sources, by key, in workload order */
  constructor(sources: Iterable<[string, Message]>) {
    for (const [key, m] of sources) {
      if (m.role !== 'user') continue;
      const text = contentText(m);
      if (!text) continue;
      const s = { key, text };
      add(this.byFirst, firstLine(text), s);
      add(this.byLast, lastLine(text), s);
    }
  }

  get size(): number {
    return this.byFirst.size;
  }

  /** the key of the source whose text `text` holds at its start or end, if any */
  holding(text: string): string | undefined {
    if (!text || this.byFirst.size === 0) return undefined;
    const head = this.byFirst.get(firstLine(text));
    if (head) for (let i = head.length - 1; i >= 0; i--) if (text.startsWith(head[i]!.text)) return head[i]!.key;
    const tail = this.byLast.get(lastLine(text));
    if (tail) for (let i = tail.length - 1; i >= 0; i--) if (text.endsWith(tail[i]!.text)) return tail[i]!.key;
    return undefined;
  }
}

function add(m: Map<string, Source[]>, k: string, s: Source): void {
  const a = m.get(k);
  if (a) a.push(s);
  else m.set(k, [s]);
}
