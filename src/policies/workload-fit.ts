/**
 * What each agent's port assumes of compactbench's workload, and what of the agent's own context it leaves
 * out (docs/policies-agents.md, "What each port assumes"). compactbench's workloads are agent tool loops:
 * user turns, assistant messages with tool calls, tool results in the history, a system prompt with tool
 * definitions. An agent whose requests are not built that way (`fits: false`) is still run, and every
 * verdict that ranks it says that its rank does not describe the agent. Kept in one place so that the
 * statements can be read side by side; a policy module may set `workloadFit` on its own definition.
 */
import type { PolicyDefinition, WorkloadFit } from './types.js';

const TOOL_LOOP = 'a tool loop whose tool calls and results live in the history, the system prompt and tool definitions as one cached block';

export const WORKLOAD_FITS: Readonly<Record<string, WorkloadFit>> = {
  hermes: {
    fits: true,
    assumes: `${TOOL_LOOP}; the history is Hermes' OpenAI-format messages, its compressor's estimate runs on them`,
    leavesOut: 'the memory and skills tools\' side effects, the system prompt and tool set rebuilt after a compaction (fixed per scenario here), todo snapshots beyond the todo tool\'s own results',
  },
  'claude-code': {
    fits: true,
    assumes: `${TOOL_LOOP}; Read results are the files re-attached after compaction`,
    leavesOut: 'CLAUDE.md and memory attachments, todo and plan reminders added to turns, session-memory and partial compaction, subagents\' own contexts',
  },
  opencode: {
    fits: true,
    assumes: `${TOOL_LOOP}; tool results are opencode's tool parts`,
    leavesOut: 'per-turn system reminders and instruction files, subagent (task) sessions, file attachments',
  },
  kilocode: {
    fits: true,
    assumes: `${TOOL_LOOP}; tool results are tool parts, as in opencode`,
    leavesOut: 'per-turn system reminders and instruction files, subagent sessions, the caller that replays before an overflow',
  },
  codex: {
    fits: true,
    assumes: `${TOOL_LOOP}; user messages are the real user messages Codex keeps after compaction`,
    leavesOut: 'the remote /responses/compact path used for OpenAI providers, the initial context re-inserted mid-turn (counted in the system block), AGENTS.md changes',
  },
  'gemini-cli': {
    fits: true,
    assumes: `${TOOL_LOOP}; a tool result is a function response { output }, the model's token limit is the scenario's window`,
    leavesOut: 'the environment-context and IDE-context messages, the experimental context manager, the real paths of saved outputs',
  },
  cline: {
    fits: true,
    assumes: `${TOOL_LOOP}; tool results counted as Cline's user-text tool results`,
    leavesOut: 'the environment details appended to every user message, auto-condense (off by default), file-mention and write-result dedupe',
  },
  'roo-code': {
    fits: true,
    assumes: `${TOOL_LOOP}`,
    leavesOut: 'the environment details appended to every user message, file-context tracking',
  },
  aider: {
    fits: false,
    assumes: 'that the history is aider\'s chat history: here it holds the tool calls and their results (file contents, command output), which are counted, kept and summarized as chat',
    leavesOut: 'the files added to the chat, sent with every request outside the history and updated when edited (here they are tool results inside it), the repo map sent with every request, and edit blocks in the reply instead of tool calls',
  },
  openhands: {
    fits: true,
    assumes: `${TOOL_LOOP}; each message, tool call and tool result is one event`,
    leavesOut: 'condensation requested by the agent, event types other than messages, calls and results',
  },
  goose: {
    fits: true,
    assumes: `${TOOL_LOOP}`,
    leavesOut: 'the separate summarization of old tool calls, context injected per turn',
  },
  'swe-agent': {
    fits: true,
    assumes: `${TOOL_LOOP}; every tool result is an environment observation, the first user message the instance prompt`,
    leavesOut: 'demonstrations in the first messages, format-error retries removed from the history',
  },
  'mini-swe-agent': {
    fits: true,
    assumes: `${TOOL_LOOP}; every tool result is a bash observation`,
    leavesOut: 'that its actions are bash blocks in the assistant\'s text rather than tool calls, the step and cost limits that end a run',
  },
};

/** The statement for a definition: its own, else the registered port's (an `id@version` shares its base's). */
export function workloadFitOf(def: Pick<PolicyDefinition, 'id' | 'workloadFit'>): WorkloadFit | undefined {
  const base = def.id.split('@')[0]!;
  // Hermes' variants (its options and the seeds' proposals) run in Hermes' own loop
  return def.workloadFit ?? WORKLOAD_FITS[base] ?? (/^hermes[-+]/.test(base) ? WORKLOAD_FITS.hermes : undefined);
}
