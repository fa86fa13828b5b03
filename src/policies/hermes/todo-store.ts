/**
 * Hermes' per-session task list (tools/todo_tool.py `TodoStore` @ 8fa8aabb), fed by the `todo` tool
 * calls the agent makes, and its post-compaction snapshot (`format_for_injection`), which
 * agent/conversation_compression.py L810-812 appends as a user message after every compaction whenever
 * it is non-empty.
 * - `write(todos, merge=false)` replaces the list; `merge=true` updates items by id and appends new ones;
 * - duplicate ids collapse to the last occurrence; an item without an id gets id "?", without content
 *   "(no description)", an unknown status becomes "pending"; content is capped at 4,000 characters and
 *   the list at 256 items;
 * - the snapshot lists only pending and in-progress items (completed ones made the model redo work).
 */
import type { PyMsg } from './msg.js';

const TODO_TOOL = 'todo';
const MAX_CONTENT_CHARS = 4000;
const MAX_ITEMS = 256;
const TRUNCATION_MARKER = '… [truncated]';
const STATUSES = new Set(['pending', 'in_progress', 'completed', 'cancelled']);
const MARKERS: Readonly<Record<string, string>> = { completed: '[x]', in_progress: '[>]', pending: '[ ]', cancelled: '[~]' };
export const TODO_INJECTION_HEADER = '[Your active task list was preserved across context compression]';

export interface TodoItem {
  id: string;
  content: string;
  status: string;
}

const str = (v: unknown): string => (v == null ? '' : String(v)).trim();

function capContent(s: string): string {
  if (s.length <= MAX_CONTENT_CHARS) return s;
  return s.slice(0, MAX_CONTENT_CHARS - TRUNCATION_MARKER.length) + TRUNCATION_MARKER;
}

function validate(item: unknown): TodoItem {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return { id: '?', content: '(invalid item)', status: 'pending' };
  const o = item as Record<string, unknown>;
  const content = str(o.content);
  const status = str(o.status ?? 'pending').toLowerCase();
  return { id: str(o.id) || '?', content: content ? capContent(content) : '(no description)', status: STATUSES.has(status) ? status : 'pending' };
}

/** `_dedupe_by_id`: the last occurrence of each id, in its position. */
function dedupeById(todos: readonly unknown[]): unknown[] {
  const last = new Map<string, number>();
  todos.forEach((t, i) => {
    const isItem = !!t && typeof t === 'object' && !Array.isArray(t);
    last.set(isItem ? str((t as Record<string, unknown>).id) || '?' : `__invalid_${i}`, i);
  });
  return [...last.values()].sort((a, b) => a - b).map((i) => todos[i]);
}

export class TodoStore {
  private items: TodoItem[] = [];

  get size(): number {
    return this.items.length;
  }

  write(todos: readonly unknown[], merge = false): void {
    if (!merge) {
      this.items = dedupeById(todos).map(validate);
    } else {
      const existing = new Map(this.items.map((it) => [it.id, it] as const));
      for (const t of dedupeById(todos)) {
        const o = (t && typeof t === 'object' ? t : {}) as Record<string, unknown>;
        const id = str(o.id);
        if (!id) continue;
        const cur = existing.get(id);
        if (cur) {
          if (o.content) cur.content = capContent(str(o.content));
          const status = o.status ? str(o.status).toLowerCase() : '';
          if (STATUSES.has(status)) cur.status = status;
        } else {
          const v = validate(t);
          existing.set(v.id, v);
          this.items.push(v);
        }
      }
      const seen = new Set<string>();
      this.items = this.items.map((it) => existing.get(it.id) ?? it).filter((it) => !seen.has(it.id) && !!seen.add(it.id));
    }
    if (this.items.length > MAX_ITEMS) this.items = this.items.slice(0, MAX_ITEMS);
  }

  /** Applies the `todo` tool calls of an assistant message (calls without `todos` only read the list). */
  observe(msg: PyMsg | undefined): void {
    if (!msg || msg.role !== 'assistant' || !Array.isArray(msg.tool_calls)) return;
    for (const tc of msg.tool_calls as unknown[]) {
      const fn = (tc as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
      if (!fn || fn.name !== TODO_TOOL || typeof fn.arguments !== 'string') continue;
      let args: unknown;
      try {
        args = JSON.parse(fn.arguments);
      } catch {
        continue; // upstream's tool dispatcher rejects unparseable arguments before the tool runs
      }
      const a = args as { todos?: unknown; merge?: unknown } | null;
      if (a && Array.isArray(a.todos)) this.write(a.todos, a.merge === true);
    }
  }

  /** `format_for_injection`: the active items, or undefined when there are none. */
  formatForInjection(): string | undefined {
    const active = this.items.filter((it) => it.status === 'pending' || it.status === 'in_progress');
    if (!active.length) return undefined;
    return [TODO_INJECTION_HEADER, ...active.map((it) => `- ${MARKERS[it.status] ?? '[?]'} ${it.id}. ${it.content} (${it.status})`)].join('\n');
  }
}
