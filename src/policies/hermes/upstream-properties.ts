/**
 * Property-kit invariants that Hermes itself does not hold (`compactbench check`): the port reproduces
 * them on purpose. Each was confirmed by running the kit's shrunk counterexamples, and all 1,772 compress()
 * calls of 1,100 generated cases (default and varied parameters), through upstream's own code at
 * 8fa8aabb with the same inputs and state: it returned the same lists.
 * Line numbers are agent/context_compressor.py (CC) at NousResearch/hermes-agent 8fa8aabb unless named.
 * The prune-first variants summarise with the same compressor and inherit these properties.
 * See docs/policies-hermes.md, "Known upstream properties".
 */

export const HERMES_UPSTREAM_PROPERTIES: Readonly<Record<string, string>> = {
  'last-user-kept':
    'Hermes can summarise the current turn\'s own user message. On the agent path the history has no system prompt and the protected head ' +
    'decays to nothing after the first compaction (_effective_protect_first_n, CC:2564-2580), so that user message can sit at the first ' +
    'compressible index; the last-user anchor\'s "causal coupling" guard (#22523, _ensure_last_user_message_in_tail, CC:2810-2825) then ' +
    'pushes the cut forward past the user message, its reply and tool results, and summarises them as a completed pair.',
  'anthropic-turn-order':
    'On the agent path the history has no system prompt (it is prepended at request-build time, CC:3235-3238): compress() takes "user" as the role of ' +
    'the empty head, so the summary becomes an assistant message or is merged into an assistant first tail message (CC:3222-3277): the ' +
    'request starts with an assistant turn. The first-user guard (#52160, CC:3225-3232) fires only when the system prompt is in the list, ' +
    'the zero-user guard (#58753) only when no user message survives; neither repair_message_sequence ' +
    '(agent/agent_runtime_helpers.py:361) nor the Anthropic adapter (agent/anthropic_adapter.py:2392-2453) puts a user turn first ' +
    '(only the Bedrock adapter does, agent/bedrock_adapter.py:653-655).',
  'strict-alternation':
    'Only when the todo snapshot is appended (todoSnapshot, on by default as upstream; it needs a task list with active items, from the ' +
    'session\'s todo calls or the synthetic todoItems): ' +
    'compress_context appends the snapshot as a user message after the compacted list (agent/conversation_compression.py:810-812), and ' +
    'a turn-start compaction leaves the new user message last, so two user messages follow each other; the loop\'s ' +
    'repair_message_sequence (agent/agent_runtime_helpers.py:525-549, run before each request) merges them only when both contents are ' +
    'strings, so a user message with images or parts stays next to the snapshot. Without a task list the invariant holds: the port ' +
    'runs that repair too (repair-sequence.ts), which merges the two assistant messages compress() can leave in a row.',
};

/**
 * At 0000416b (and in today's `hermes`, which runs its compressor) two of them no longer hold upstream,
 * and the port shows neither on their counterexamples nor in `compactbench check`'s runs: a window that
 * starts the list forces the summary to role=user (#52160 extended to `compress_start == 0`), and a cut
 * that lands on the latest user turn is pulled back to the bridge before it. The todo snapshot's
 * user-after-user remains.
 */
export const HERMES_0000416B_UPSTREAM_PROPERTIES: Readonly<Record<string, string>> = {
  'strict-alternation': HERMES_UPSTREAM_PROPERTIES['strict-alternation']!,
};
