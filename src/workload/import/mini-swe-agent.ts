/**
 * mini-swe-agent trajectories (`*.traj.json`, trajectory_format "mini-swe-agent-1", v1.x).
 *
 * Source: SWE-agent/mini-swe-agent (minisweagent/agents/default.py, run/utils/save.py) and the files in
 * shared/traces/mini-swe-agent/ with their reference conversions (PROVENANCE.md). The file is one JSON
 * object `{info, messages, trajectory_format, instance_id}`; `messages` is the exact chat the model saw.
 * An assistant message with exactly one action block (the agent's `action_regex`) becomes a `bash`
 * call with a stable synthesized id; the next user message (the observation) becomes its result. A
 * message with zero or several blocks was rejected by the agent (it answered with a format error as a
 * user message), so both stay as they are. Each assistant message keeps its OpenRouter/LiteLLM
 * response under `extra.response`: usage, model, `created` time and reasoning are taken from there.
 */
import type { Message } from '../../core/messages.js';
import { TraceBuilder } from './builder.js';
import { arr, isObj, obj, optNum, optStr, str, textOf, type Obj } from './expect.js';
import { checkUsage } from './usage.js';
import { readJsonDocument, type Locator } from './locate.js';
import { commandCall, findActions, MINI_ACTION_REGEX } from './text-actions.js';
import type { ImportedTrace, ImportOptions } from './types.js';

export async function importMiniSweAgent(file: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const { root, loc } = await readJsonDocument(file, opts.maxJsonBytes);
  const doc = obj(loc, root, []);
  const b = new TraceBuilder('mini-swe-agent', file);
  const info = doc.info === undefined ? {} : obj(loc, doc.info, ['info']);
  const agentCfg = isObj(info.config) && isObj(info.config.agent) ? info.config.agent : {};
  const pattern = typeof agentCfg.action_regex === 'string' ? agentCfg.action_regex : MINI_ACTION_REGEX;
  const messages = arr(loc, doc.messages, ['messages']);
  if (!messages.length) loc.fail(['messages'], 'no messages');

  let pending: { id: string } | undefined;
  messages.forEach((raw, i) => {
    const path = ['messages', i];
    const m = obj(loc, raw, path);
    const role = str(loc, m.role, [...path, 'role']);
    const content = textOf(loc, m.content, [...path, 'content']);
    if (role === 'assistant') {
      pending = assistant(b, loc, m, content, pattern, i);
    } else if ((role === 'user' || role === 'tool') && pending) {
      b.push({ role: 'tool', content, tool_call_id: pending.id, name: 'bash' });
      pending = undefined;
    } else if (role === 'system' || role === 'user') {
      b.push({ role, content });
      pending = undefined;
    } else loc.fail([...path, 'role'], `expected system, user or assistant, got ${JSON.stringify(role)}`);
  });

  const model = isObj(info.config) && isObj(info.config.model) ? info.config.model.model_name : undefined;
  if (typeof model === 'string') b.model = model;
  for (const k of ['exit_status', 'model_stats', 'mini_version', 'submission']) if (info[k] !== undefined) b.extra[k] = info[k];
  if (typeof doc.instance_id === 'string') b.extra.instance_id = doc.instance_id;
  b.notes.push('mini-swe-agent trajectory: each single fenced bash action moved into a synthesized `bash` tool call (ids call_<n>); its observation is the call result');
  return b.finish();
}

/** Pushes an assistant message; returns the synthesized call awaiting its observation, if any. */
function assistant(b: TraceBuilder, loc: Locator, m: Obj, content: string, pattern: string, i: number): { id: string } | undefined {
  const path = ['messages', i];
  const response = isObj(m.extra) && isObj(m.extra.response) ? m.extra.response : undefined;
  const found = findActions(content, pattern);
  let msg: Message;
  let pending: { id: string } | undefined;
  if (found.only) {
    const id = b.syntheticId();
    msg = commandCall(found.only.rest, id, 'bash', found.only.command);
    pending = { id };
  } else {
    msg = { role: 'assistant', content };
    if (found.count > 1) b.warn(`message ${i}: ${found.count} action blocks (the agent rejected it); kept as text`);
  }
  const reasoning = response ? reasoningOf(loc, response, [...path, 'extra', 'response']) : undefined;
  if (reasoning) msg.reasoning = reasoning;
  const created = response ? optNum(loc, response.created, [...path, 'extra', 'response', 'created']) : undefined;
  const index = b.push(msg, created);
  if (response) {
    const model = optStr(loc, response.model, [...path, 'extra', 'response', 'model']);
    checkUsage(loc, response.usage, [...path, 'extra', 'response', 'usage']);
    b.recordCall(index, response.usage, model);
  }
  return pending;
}

function reasoningOf(loc: Locator, response: Obj, path: (string | number)[]): string | undefined {
  const choices = response.choices;
  if (!Array.isArray(choices) || !isObj(choices[0]) || !isObj(choices[0].message)) return undefined;
  return optStr(loc, choices[0].message.reasoning, [...path, 'choices', 0, 'message', 'reasoning']) || undefined;
}
