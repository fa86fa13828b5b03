/**
 * Text-mode agents (mini-swe-agent, SWE-agent without function calling) put their command in the
 * assistant text; the environment's answer comes back as a user message. The importers move the
 * command into a synthesized tool call (stable id, Python-JSON `{"command": ...}` arguments, as the
 * reference conversions in shared/traces/openai/ do) and turn the answer into that call's result.
 */
import type { Message } from '../../core/messages.js';
import { pyJson } from './py-json.js';

/**
 * mini-swe-agent v1's default `action_regex` (minisweagent/agents/default.py: r"```bash\s*\n(.*?)\n```",
 * matched with re.DOTALL): an action is accepted only when exactly one block matches.
 */
export const MINI_ACTION_REGEX = '```bash\\s*\\n(.*?)\\n```';

export interface FencedAction {
  command: string;
  /** the text with the block removed, trimmed */
  rest: string;
}

/** Matches of a Python-style action regex (DOTALL); an unparsable regex falls back to the default. */
export function findActions(text: string, pattern: string = MINI_ACTION_REGEX): { count: number; only?: FencedAction } {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'gs');
  } catch {
    re = new RegExp(MINI_ACTION_REGEX, 'gs');
  }
  const matches = [...text.matchAll(re)];
  if (matches.length !== 1) return { count: matches.length };
  const m = matches[0]!;
  const start = m.index ?? 0;
  const rest = (text.slice(0, start) + text.slice(start + m[0].length)).trim();
  return { count: 1, only: { command: m[1] ?? m[0], rest } };
}

/**
 * SWE-agent and EnIGMA interface commands (SWE-agent config/commands/*.sh and tools/*, EnIGMA's
 * config/commands/*); an action starting with another word is a shell command (`bash`).
 */
export const SWE_AGENT_COMMANDS: ReadonlySet<string> = new Set([
  'open', 'goto', 'scroll_down', 'scroll_up', 'create', 'search_dir', 'search_file', 'find_file', 'edit', 'insert',
  'append', 'submit', 'exit_forfeit', 'decompile', 'disassemble', 'debug_start', 'debug_add_breakpoint',
  'debug_continue', 'debug_step', 'debug_exec', 'debug_stop', 'connect_start', 'connect_sendline', 'connect_exec',
  'connect_stop', 'str_replace_editor', 'filemap', 'view_image', 'review_on_submit', 'forfeit',
]);

/** Command names documented in a SWE-agent system prompt (`name:\n  docstring: ...`). */
export function commandsFromSystemPrompt(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^(\w+):\r?\n\s+docstring:/gm)) out.add(m[1]!);
  return out;
}

/** The tool name for a SWE-agent action: its first word if that is an interface command, else `bash`. */
export function sweAgentToolName(action: string, commands: ReadonlySet<string>): string {
  const first = /^\s*(\S+)/.exec(action)?.[1] ?? '';
  return commands.has(first) || SWE_AGENT_COMMANDS.has(first) ? first : 'bash';
}

/** An assistant message carrying a synthesized command call. */
export function commandCall(content: string, id: string, name: string, command: string): Message {
  return { role: 'assistant', content, tool_calls: [{ id, type: 'function', function: { name, arguments: pyJson({ command }) } }] };
}
