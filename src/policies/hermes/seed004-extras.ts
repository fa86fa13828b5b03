/**
 * Seed 004's extras around a Hermes compaction (off or upstream-shaped by default, params.ts): the
 * memory-flush auxiliary call before it (`flush_memories`, removed upstream 2026-04-25) and the todo
 * snapshot after it (tools/todo_tool.py `format_for_injection`, with seed 004's synthetic list).
 */
import type { Message } from '../../core/messages.js';
import type { PolicyContext } from '../types.js';
import type { PyMsg } from './msg.js';
import type { HermesParams } from './params.js';
import { TODO_INJECTION_HEADER, type TodoStore } from './todo-store.js';

const FLUSH_PROMPT =
  '[System: The session is being compressed. Save anything worth remembering — prioritize user preferences, corrections, and recurring patterns over task-specific details.]';

/** Seed 004: the model reviews the whole conversation with a memory tool before it is compacted. */
export function memoryFlush(ctx: PolicyContext, p: HermesParams, history: readonly PyMsg[]): void {
  const flush = { role: 'user', content: FLUSH_PROMPT } as Message;
  ctx.summarizer.summarize({
    messages: [...(history as unknown as Message[]), flush],
    budgetTokens: p.memoryFlushTokens,
    budgetKind: 'target',
    purpose: 'memory-flush',
    reusesMainCache: true,
  });
}

/**
 * todo_tool.py `format_for_injection`: the active items of the agent's task list; with `todoItems`
 * and no `todo` call yet, seed 004's synthetic list of that many items.
 */
export function todoSnapshot(ctx: PolicyContext, p: HermesParams, todos: TodoStore): string | undefined {
  if (todos.size || p.todoItems <= 0) return todos.formatForInjection();
  const lines = [TODO_INJECTION_HEADER];
  for (let i = 1; i <= p.todoItems; i++) {
    const status = i === 1 ? 'in_progress' : 'pending';
    lines.push(`- ${i === 1 ? '[>]' : '[ ]'} ${i}. Task ${i} of user turn ${ctx.userTurn + 1} (${status})`);
  }
  return lines.join('\n');
}
