/**
 * Tool calls of a generated session: which tool, its arguments and its result, including repeats.
 *
 * A repeat re-issues an earlier call of the same tool with identical arguments and returns the
 * byte-identical result (a re-read of a file, a re-run of `git status`), which is what dedup-style
 * pruning (Hermes' md5 dedup, reference/hermes-compressor.md §4) acts on. Repeats are drawn only for
 * tools of repeatable kinds, at a conditional rate that makes the overall share equal `repeatRate`
 * while leaving the tool mix unchanged.
 */
import type { Message, ToolCall } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import { sample, sampleInt } from './dist.js';
import { LIMITS } from './limits.js';
import { REPEATABLE_KINDS, type GeneratorSpec, type ToolSpec } from './generator-schema.js';
import { editCall, globCall, grepCall, readCall, writeCall, type Call } from './content/files.js';
import type { Project } from './content/project.js';
import { shellCall } from './content/shell.js';
import { submitCall, taskCall, todoCall, webFetchCall, webSearchCall } from './content/web.js';
import { callId } from './tools.js';
import type { Rng } from './rng.js';

/** how many recent calls of a tool a repeat may copy (agents re-read what they just looked at) */
const REPEAT_WINDOW = 20;

export interface CallContext {
  spec: GeneratorSpec;
  plan: Rng;
  content: Rng;
  /** tool run times (a stream of its own, so timing changes leave the plan unchanged) */
  time: Rng;
  project: Project;
  tokens: TokenCounter;
  ids: Set<string>;
  /** earlier calls per tool (name/kind), for repeats */
  past: Map<string, Call[]>;
  /** earlier calls by name and arguments: an identical call always gets the identical result */
  byArgs: Map<string, Call>;
  /** P(repeat | a repeatable tool was drawn) */
  repeatGivenRepeatable: number;
}

export function repeatGivenRepeatable(spec: GeneratorSpec): number {
  let all = 0;
  let rep = 0;
  for (const t of spec.tools) {
    all += t.weight;
    if (REPEATABLE_KINDS.includes(t.kind)) rep += t.weight;
  }
  return rep > 0 ? Math.min(1, (spec.repeatRate * all) / rep) : 0;
}

/** default argument budget for kinds with a free-size part, when the scenario gives none */
const DEFAULT_ARG_TOKENS = { shell: 25, edit: 180, write: 600, task: 200 } as const;

function fresh(cx: CallContext, tool: ToolSpec): Call {
  const c = { rng: cx.content, project: cx.project };
  const style = cx.spec.style;
  const target = sampleInt(tool.resultTokens, cx.plan, LIMITS.textTokens);
  const argTarget = tool.argTokens ? sampleInt(tool.argTokens, cx.plan, LIMITS.textTokens) : DEFAULT_ARG_TOKENS[tool.kind as keyof typeof DEFAULT_ARG_TOKENS] ?? 0;
  const failed = cx.plan.chance(tool.errorRate);
  switch (tool.kind) {
    case 'shell':
      return shellCall(c, style, cx.spec.domain, target, argTarget, failed);
    case 'read':
      return readCall(c, style, target, failed);
    case 'edit':
      return editCall(c, style, target, argTarget, failed);
    case 'write':
      return writeCall(c, style, target, argTarget);
    case 'glob':
      return globCall(c, style, target);
    case 'grep':
      return grepCall(c, style, target);
    case 'web_fetch':
      return webFetchCall(c, style, target, failed);
    case 'web_search':
      return webSearchCall(c, style, target);
    case 'task':
      return taskCall(c, style, target, argTarget);
    case 'todo':
      return todoCall(c, style);
    case 'submit':
      return submitCall(c, target);
  }
}

export interface MadeCall {
  call: ToolCall;
  result: Message;
  seconds: number;
}

export function makeCall(cx: CallContext): MadeCall {
  const tool = cx.spec.tools[cx.plan.weighted(cx.spec.tools.map((t) => t.weight))];
  const pastKey = `${tool.name}/${tool.kind}`;
  const past = cx.past.get(pastKey) ?? [];
  let made: Call;
  if (REPEATABLE_KINDS.includes(tool.kind) && past.length > 0 && cx.plan.chance(cx.repeatGivenRepeatable)) {
    made = past[cx.plan.int(Math.max(0, past.length - REPEAT_WINDOW), past.length - 1)];
  } else {
    made = fresh(cx, tool);
    const key = `${tool.name}\u0000${made.args.text}`;
    const same = cx.byArgs.get(key);
    if (same) made = same;
    else {
      cx.byArgs.set(key, made);
      past.push(made);
      cx.past.set(pastKey, past);
    }
  }
  cx.tokens.prime(made.args.text, made.args.tokens);
  cx.tokens.prime(made.result.text, made.result.tokens);
  const id = callId(cx.spec.style, cx.content, cx.ids);
  return {
    call: { id, type: 'function', function: { name: tool.name, arguments: made.args.text } },
    result: { role: 'tool', tool_call_id: id, name: tool.name, content: made.result.text },
    seconds: sample(tool.runSeconds, cx.time),
  };
}
