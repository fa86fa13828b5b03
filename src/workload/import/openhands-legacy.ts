/**
 * The legacy OpenHands event history, as the resolver still writes it to `output.jsonl` (e.g.
 * OpenHands' tests/unit/resolver/mock_output/output.jsonl): events without `source`, `id` or
 * `tool_call_metadata` — an action (`run`, `run_ipython`, `browse`, `message`, `finish`, ...) with its
 * `thought` and arguments, followed by the observation it caused. The agent of that era sent the
 * thought as the assistant text and the action as its command; here each action becomes an assistant
 * message with one tool call (a synthesized id, its arguments as JSON) and the next observation its tool
 * result. The call is named as the model sees it, by the CodeAct function that produces the action
 * (openhands/agenthub/codeact_agent/function_calling.py: `execute_bash` → `run`, `execute_ipython_cell` →
 * `run_ipython`, `web_read` → `browse`, `browser` → `browse_interactive`, `finish`), with that function's
 * arguments; an action no function produces keeps its own name and fields. The final `finish` is a call
 * too (its `outputs` the arguments), left unanswered as the session ended on it. The first `message` is
 * the user's instruction.
 */
import type { TraceBuilder } from './builder.js';
import { isObj, str, textOf, type Obj } from './expect.js';
import type { Locator, Path } from './locate.js';

/** fields of a legacy action that are bookkeeping, not arguments the model wrote */
const NOT_ARGS = new Set(['action', 'thought', 'action_risk', 'is_confirmed', 'keep_prompt', 'kernel_init_code', 'wait_for_response', 'images_urls', 'security_risk', 'blocking', 'hidden', 'confirmation_state']);

/** True when a history is in the legacy form: events with no `source` and no `tool_call_metadata`. */
/** action → the function the model called, and the action fields that are that function's arguments */
const MODEL_FUNCTIONS: Readonly<Record<string, { name: string; args: readonly string[] }>> = {
  run: { name: 'execute_bash', args: ['command'] },
  run_ipython: { name: 'execute_ipython_cell', args: ['code'] },
  browse: { name: 'web_read', args: ['url'] },
  browse_interactive: { name: 'browser', args: ['browser_actions'] },
};

function callOf(action: string, e: Obj): { name: string; args: Obj } {
  if (action === 'finish') return { name: 'finish', args: isObj(e.outputs) ? e.outputs : {} };
  const fn = MODEL_FUNCTIONS[action];
  const args: Obj = {};
  if (fn) {
    for (const k of fn.args) if (e[k] !== undefined) args[k === 'browser_actions' ? 'code' : k] = e[k];
    return { name: fn.name, args };
  }
  for (const [k, v] of Object.entries(e)) if (!NOT_ARGS.has(k)) args[k] = v;
  return { name: action, args };
}

export function isLegacyHistory(events: readonly unknown[]): boolean {
  const objs = events.filter(isObj);
  return objs.length > 0 && objs.every((e) => !('source' in e) && !('tool_call_metadata' in e)) && objs.some((e) => 'action' in e || 'observation' in e);
}

export class LegacyReader {
  private pending: { id: string; name: string } | undefined;
  private sawUser = false;

  constructor(private readonly b: TraceBuilder) {}

  event(loc: Locator, e: Obj, path: Path): void {
    if ('observation' in e) return this.observation(loc, e, path);
    const action = str(loc, e.action, [...path, 'action']);
    const thought = typeof e.thought === 'string' ? e.thought : '';
    if (action === 'message' && (!this.sawUser || e.wait_for_response === false)) {
      this.sawUser = true;
      this.b.push({ role: 'user', content: textOf(loc, e.content ?? e.message, [...path, 'content']) });
    } else if (action === 'message' || action === 'think') {
      const text = typeof e.content === 'string' && e.content ? e.content : thought;
      this.b.push({ role: 'assistant', content: text });
    } else {
      const { name, args } = callOf(action, e);
      const id = this.b.syntheticId();
      this.b.push({ role: 'assistant', content: thought || null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
      this.pending = { id, name };
    }
  }

  private observation(loc: Locator, e: Obj, path: Path): void {
    const kind = str(loc, e.observation, [...path, 'observation']);
    if (kind === 'null' || kind === 'agent_state_changed') return;
    const content = textOf(loc, e.content ?? '', [...path, 'content']);
    if (this.pending) {
      this.b.push({ role: 'tool', tool_call_id: this.pending.id, name: this.pending.name, content });
      this.pending = undefined;
    } else this.b.push({ role: 'user', content });
  }
}
