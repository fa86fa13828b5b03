/**
 * The seeded session generator: a scenario and a seed give one Workload (src/workload/types.ts), the
 * same every time. Sessions are user turns, each an agent loop of steps (see turn.ts), with simulated
 * time (timing.ts) and scheduled scenario events. Every generated text's exact o200k count is known
 * from its pieces (text/builder.ts) and registered with `tokens.prime`, so replaying the workload
 * never tokenizes it again.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import { sampleInt } from './dist.js';
import { LIMITS, WorkloadLimitError } from './limits.js';
import { repeatGivenRepeatable } from './calls.js';
import { createProject, type RootStyle } from './content/project.js';
import { request } from './content/prose.js';
import { Rng } from './rng.js';
import type { EventSpec, Scenario } from './scenario-schema.js';
import { buildSystemPrompt, systemMessage } from './system-prompt.js';
import { thinkTime } from './timing.js';
import { turnSteps, type TurnContext } from './turn.js';
import type { ScenarioEvent, ScriptStep, Workload } from './types.js';
import { sampleNeeds } from './needs/sample.js';
import type { Style } from './tools.js';

const ROOTS: Record<Style, RootStyle> = { 'claude-code': 'home', hermes: 'workspace', 'swe-agent': 'testbed', 'mini-swe-agent': 'testbed' };

/** how SWE-bench-style agents wrap the task in the first user message */
const TASK_WRAP: Partial<Record<Style, { open: string; close: string }>> = {
  'mini-swe-agent': { open: '<pr_description>\nConsider the following PR description:\n', close: '\n</pr_description>\n\n<instructions>\nMake changes to non-test files to resolve the issue, then submit.\n</instructions>' },
  'swe-agent': { open: '<uploaded_files>\n/testbed\n</uploaded_files>\nI have uploaded a python code repository in /testbed. Consider the following issue:\n\n<issue>\n', close: '\n</issue>\n\nMake the minimal changes to non-test files needed to resolve the issue.' },
};

function toEvent(e: EventSpec): ScenarioEvent {
  if (e.type === 'command') return e.args === undefined ? { type: 'command', command: e.command } : { type: 'command', command: e.command, args: e.args };
  const ev: ScenarioEvent = { type: 'model-switch', model: e.profile, contextWindow: e.contextWindow };
  if (e.maxOutputTokens !== undefined) ev.maxOutputTokens = e.maxOutputTokens;
  return ev;
}

/** attaches events to their steps; an event past the session's last step does not fire */
function scheduleEvents(steps: ScriptStep[], events: readonly EventSpec[], total: number): void {
  for (const e of events) {
    const at = e.atStep ?? Math.floor((e.atFraction ?? 0) * total);
    if (at >= steps.length) continue;
    (steps[at].events ??= []).push(toEvent(e));
  }
}

/**
 * A view of `tokens` whose `prime` also counts the session's generated tokens and stops generation past
 * LIMITS.sessionTokens, with a message instead of an out-of-memory crash minutes later.
 */
function budgeted(tokens: TokenCounter, scenario: string, budget: number): TokenCounter {
  let used = 0;
  const view = Object.create(tokens) as TokenCounter;
  view.prime = (text: string, n: number) => {
    used += n;
    if (used > budget) {
      throw new WorkloadLimitError(`scenario ${scenario}: a session would generate more than ${budget} tokens (the limit that keeps it in memory); lower generator sizes or sessionSteps, or pass --max-steps`);
    }
    tokens.prime(text, n);
  };
  return view;
}

/**
 * The session of `s` for `seed`. `maxSteps` stops generating after the turn that reaches it and keeps
 * the first `maxSteps` steps: the same steps a full generation would start with (turns draw from the
 * generator in order, and events are placed by the full session's length), without building the rest.
 */
export function generateWorkload(s: Scenario, seed: number, counter: TokenCounter, maxSteps?: number, tokenBudget: number = LIMITS.sessionTokens): Workload {
  const g = s.generator;
  const tokens = budgeted(counter, s.name, tokenBudget);
  const root = new Rng(`${s.name}#${seed}`);
  const cx: TurnContext = {
    spec: g,
    plan: root.fork('plan'),
    content: root.fork('content'),
    time: root.fork('time'),
    project: createProject(root.fork('project'), ROOTS[g.style]),
    tokens,
    ids: new Set(),
    past: new Map(),
    byArgs: new Map(),
    repeatGivenRepeatable: repeatGivenRepeatable(g),
  };
  const sys = buildSystemPrompt({ style: g.style, tokens: g.systemPromptTokens, tools: g.tools, key: s.name });
  tokens.prime(sys.text, sys.tokens);

  const total = Math.max(1, sampleInt(g.sessionSteps, cx.plan, LIMITS.sessionSteps));
  const keep = Math.min(total, maxSteps ?? Infinity);
  const steps: ScriptStep[] = [];
  for (let turn = 0; steps.length < keep; turn++) {
    const n = Math.min(total - steps.length, Math.max(1, sampleInt(g.stepsPerTurn, cx.plan, LIMITS.stepsPerTurn)));
    const size = sampleInt(turn === 0 ? g.userMessage.firstTokens : g.userMessage.tokens, cx.plan);
    const u = request(cx.content, size, turn === 0 ? TASK_WRAP[g.style] : undefined);
    tokens.prime(u.text, u.tokens);
    const user: Message = { role: 'user', content: u.text };
    const gap = turn === 0 ? 0 : thinkTime(g.timing, cx.time);
    steps.push(...turnSteps(cx, turn, user, n, gap, keep - steps.length));
  }
  scheduleEvents(steps, s.events, total);
  steps.length = keep;
  const id = `${s.name}#seed${seed}`;
  return {
    id,
    system: systemMessage(sys),
    steps,
    // drawn from the fit on recorded transcripts (needs/table.ts), from a stream of their own
    needs: sampleNeeds(steps, id),
    model: s.model.profile,
    contextWindow: s.model.contextWindow,
    maxOutputTokens: s.model.maxOutputTokens,
    meta: { source: 'generator', scenario: s.name, seed, style: g.style, userTurns: steps[steps.length - 1].userTurn + 1 },
  };
}
