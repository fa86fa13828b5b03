/**
 * The text Hermes sends its summary model for the turns being compacted
 * (agent/context_compressor.py `_serialize_for_summary` @ 8fa8aabb): one labelled block per message,
 * bodies over 6000 chars cut to head 4000 + tail 1500, tool-call arguments over 1500 chars cut to
 * 1200, everything redacted. compactbench uses it to charge the summary call's input tokens as
 * upstream would send them (the mock never reads the text itself). Inline think blocks are not
 * stripped here (a simplification: generated workloads do not put them in content).
 */
import { contentTextForContains, isDict, type PyMsg } from './msg.js';
import { pyStr } from './pyrepr.js';
import { pyLen, pySlice } from './pystr.js';
import { redactSensitiveText } from './redact.js';

/** Tokens of the rendered summarizer preamble + structured template (≈4,600 characters / 4). */
export const SUMMARY_PROMPT_OVERHEAD_TOKENS = 1150;

const CONTENT_MAX = 6000;
const CONTENT_HEAD = 4000;
const CONTENT_TAIL = 1500;
const TOOL_ARGS_MAX = 1500;
const TOOL_ARGS_HEAD = 1200;

function cut(text: string): string {
  if (pyLen(text) <= CONTENT_MAX) return text;
  return `${pySlice(text, 0, CONTENT_HEAD)}\n...[truncated]...\n${pySlice(text, -CONTENT_TAIL)}`;
}

function callLine(tc: unknown): string {
  if (!isDict(tc)) return '  ?(...)';
  const fn = isDict(tc.function) ? tc.function : {};
  let args = redactSensitiveText(typeof fn.arguments === 'string' ? fn.arguments : '');
  if (pyLen(args) > TOOL_ARGS_MAX) args = `${pySlice(args, 0, TOOL_ARGS_HEAD)}...`;
  return `  ${'name' in fn ? pyStr(fn.name) : '?'}(${args})`;
}

export function serializeForSummary(turns: readonly PyMsg[]): string {
  const parts: string[] = [];
  for (const m of turns) {
    const role = 'role' in m ? pyStr(m.role) : 'unknown';
    let content = redactSensitiveText(contentTextForContains(m.content)).replace(/MEDIA:\S+/g, '[media attachment]');
    if (role === 'tool') {
      parts.push(`[TOOL RESULT ${pyStr(m.tool_call_id ?? '')}]: ${cut(content)}`);
      continue;
    }
    content = cut(content);
    if (role === 'assistant') {
      if (Array.isArray(m.tool_calls) && m.tool_calls.length) content += `\n[Tool calls:\n${m.tool_calls.map(callLine).join('\n')}\n]`;
      parts.push(`[ASSISTANT]: ${content}`);
      continue;
    }
    parts.push(`[${role.toUpperCase()}]: ${content}`);
  }
  return parts.join('\n\n');
}
