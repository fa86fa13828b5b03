/**
 * The Anthropic server-side context-management policies. Each one leaves history untouched and only
 * changes the request (`view`); the harness diffs the view against the previous request, so a clearing
 * cuts the cache at its first cleared block, as Anthropic's documentation states. `cacheSemantics:
 * after-lookup` models the contrary claim in seed 000 (Hermes issues #525/#526; see ../shared/cache-view.ts).
 * Sources: shared/reference/policies.md §3 (context-editing and compaction docs, SDK type docs).
 */
import type { Message } from '../../core/messages.js';
import { CACHE_SEMANTICS, serverView, type CacheSemantics } from '../shared/cache-view.js';
import { toolSet } from '../shared/tool-calls.js';
import type { ContextPolicy, ParamSpec, PolicyContext, PolicyDefinition } from '../types.js';
import { ClearedThinking } from './clear-thinking.js';
import { ClearedToolUses, SERVER_STATES, type ServerState } from './clear-tool-uses.js';
import { CompactedRequest, compactNow } from './server-compaction.js';

const CACHE_PARAM: ParamSpec = {
  name: 'cacheSemantics', type: 'enum', values: CACHE_SEMANTICS, default: 'documented',
  description: 'documented: a clearing cuts the cache at the first cleared block (Anthropic docs); after-lookup: edits applied after the cache lookup, no cut (the claim in seed 000, Hermes issues #525/#526; needs harness support for ViewResult.cacheAs)',
};

const DOCS = 'https://platform.claude.com/docs/en/build-with-claude/context-editing';

export const anthropicClearToolUsesPolicy: PolicyDefinition = {
  id: 'anthropic-clear-tool-uses',
  description: 'Anthropic context editing clear_tool_uses_20250919: server-side clearing of old tool results above an input-token trigger.',
  source: `${DOCS} (beta context-management-2025-06-27); SDK BetaClearToolUses20250919Edit; LangChain ClearToolUsesEdit; shared/reference/policies.md §3a`,
  version: 'clear_tool_uses_20250919',
  params: [
    { name: 'trigger', type: 'integer', default: 100_000, min: 1, description: 'input tokens above which the edit applies (trigger.input_tokens)' },
    { name: 'keep', type: 'integer', default: 3, min: 0, description: 'most recent tool uses kept (keep.tool_uses)' },
    { name: 'clearAtLeast', type: 'integer', default: 0, min: 0, description: 'tokens the edit must free or it is not applied (clear_at_least.input_tokens; 0 = unset)' },
    { name: 'excludeTools', type: 'string', default: '', description: 'comma-separated tool names never cleared (exclude_tools)' },
    { name: 'clearToolInputs', type: 'boolean', default: false, description: 'also clear the tool_use inputs (clear_tool_inputs)' },
    { name: 'placeholder', type: 'string', default: '[cleared]', description: 'text of a cleared result (server wording unpublished; LangChain mirror default)' },
    { name: 'serverState', type: 'enum', values: SERVER_STATES, default: 'stateless',
      description: 'stateless: each request is edited afresh from the full history the client sends (the documented reading; the edit moves with every new tool use above the trigger); remembers: the server keeps what it cleared and the request is a pure append between triggers (seed 000 reading, undocumented)' },
    CACHE_PARAM,
  ],
  create(params): ContextPolicy {
    let state: ClearedToolUses | undefined;
    const semantics = params.cacheSemantics as CacheSemantics;
    let applied = 0;
    return {
      id: 'anthropic-clear-tool-uses', params,
      view(history: readonly Message[], ctx: PolicyContext) {
        state ??= new ClearedToolUses({
          triggerTokens: params.trigger as number, keep: params.keep as number, clearAtLeast: params.clearAtLeast as number,
          excludeTools: toolSet(params.excludeTools as string), clearToolInputs: params.clearToolInputs as boolean,
          placeholder: params.placeholder as string, serverState: params.serverState as ServerState,
        }, ctx.tokens);
        const r = state.request(history, ctx.systemTokens);
        if (r.clearing) applied++;
        return serverView(history, r.messages, 'clear-tool-uses', semantics,
          r.clearing ? `cleared ${r.clearing.cleared} tool uses (${r.clearing.tokens} tokens)` : undefined, r.changedFrom);
      },
      telemetry: () => ({ clearingsApplied: applied, toolUsesCleared: state?.ids.size ?? 0 }),
    };
  },
};

export const anthropicClearThinkingPolicy: PolicyDefinition & { upstreamProperties: Record<string, string> } = {
  id: 'anthropic-clear-thinking',
  description: 'Anthropic context editing clear_thinking_20251015: server-side removal of thinking blocks outside the newest thinking turns.',
  source: `${DOCS} (clear_thinking_20251015); shared/reference/policies.md §3b`,
  version: 'clear_thinking_20251015',
  params: [
    { name: 'keepThinkingTurns', type: 'integer', default: 1, min: 1, description: 'assistant turns with thinking kept (keep.thinking_turns; the API default when unconfigured is 1)' },
    { name: 'keepAll', type: 'boolean', default: false, description: 'keep: "all" — never clear thinking (maximises cache hits)' },
    CACHE_PARAM,
  ],
  upstreamProperties: {
    'thinking-kept': 'clear_thinking_20251015 is an edit of the Claude API: it removes the thinking of earlier assistant turns, '
      + 'tool-calling ones included, and always keeps the current turn\'s (keep.thinking_turns >= 1), which is all Anthropic requires. '
      + 'The kit also replays it on DeepSeek models, whose thinking mode wants the reasoning_content of every tool-calling turn in '
      + 'all later requests; no DeepSeek request ever goes through this edit. Source: shared/reference/policies.md §3b; '
      + 'api-docs.deepseek.com/guides/thinking_mode (tool calls).',
  },
  create(params): ContextPolicy {
    const keep = params.keepAll ? 'all' : (params.keepThinkingTurns as number);
    const semantics = params.cacheSemantics as CacheSemantics;
    // keep "all" never clears: the history itself
    const tracker = keep === 'all' ? undefined : new ClearedThinking(keep);
    return {
      id: 'anthropic-clear-thinking', params,
      view(history: readonly Message[]) {
        if (!tracker) return history;
        const r = tracker.request(history);
        return serverView(history, r.messages, 'clear-thinking', semantics, r.cleared ? `thinking removed from ${r.cleared} messages` : undefined, r.changedFrom);
      },
    };
  },
};

/** When anthropic-compaction compacts: above the token threshold, or when the client asks (between tasks). */
const COMPACTION_MODES = ['threshold', 'on-demand'] as const;

const COMPACTION_DOCS = 'https://platform.claude.com/docs/en/build-with-claude/compaction ("How compaction works"); shared/reference/policies.md §3c';

/** What compact_20260112 does by design that the kit's invariants flag (see docs/policies-other.md). */
const COMPACTION_UPSTREAM_PROPERTIES: Readonly<Record<string, string>> = {
  'last-user-kept': 'The compaction block is emitted in the response to the triggering request, after the current user message and '
    + 'any pending tool results, and "the API automatically drops all message blocks prior to the compaction block": the summary '
    + `of the whole conversation is all the model keeps of the current request. Source: ${COMPACTION_DOCS}.`,
  'anthropic-turn-order': 'After a compaction the server drops every block before the compaction block, so the context the model '
    + 'is given starts with that block, inside an assistant turn (the client still sends the full history, which starts with a user '
    + `message); compactbench's view is what the server keeps. Source: ${COMPACTION_DOCS}.`,
  'strict-alternation': 'The compaction block is the first content block of the assistant response that follows the trigger '
    + '([compaction, text…]); compactbench carries it as its own assistant message before that response, so that one compaction '
    + 'is one view change and the block is cached as a block of its own. On the wire the two are one assistant turn '
    + '(anthropic-turn-order, which merges same-side messages, holds), and the Claude API, the only one offering this edit, '
    + `combines consecutive same-role messages. Source: ${COMPACTION_DOCS}.`,
  'within-window': 'The API compacts only when the input exceeds trigger.input_tokens (default 150,000, minimum 50,000), a '
    + 'count independent of the model\'s window, and the compaction summarizes everything before the block: on a smaller window '
    + '(after a switch to a 64k or 128k model) the block and the turns after it can pass the window before the next trigger, and '
    + `the API then answers "prompt is too long" instead of compacting again. Source: ${COMPACTION_DOCS} (trigger).`,
};

export const anthropicCompactionPolicy: PolicyDefinition = {
  id: 'anthropic-compaction',
  description: 'Anthropic server-side compaction compact_20260112: above the trigger the API summarizes and later requests start at the compaction block.',
  source: 'https://platform.claude.com/docs/en/build-with-claude/compaction (beta compact-2026-01-12); OpenRouter SDK EditCompact20260112; shared/reference/policies.md §3c',
  version: 'compact_20260112',
  params: [
    { name: 'trigger', type: 'integer', default: 150_000, min: 50_000, description: 'input tokens above which the API compacts (trigger.input_tokens; minimum 50,000)' },
    { name: 'mode', type: 'enum', values: COMPACTION_MODES, default: 'threshold', description: 'threshold: the API compacts whenever a request exceeds the trigger; on-demand: the client asks for compaction between tasks (a turn start above the trigger, or /compact), and the threshold only guards the window' },
    { name: 'summaryBudgetTokens', type: 'integer', default: 4_096, min: 1, description: 'summary length in tokens (undocumented; compactbench assumption)' },
    { name: 'instructions', type: 'string', default: '', description: 'custom summarization instructions (replace the default prompt)' },
  ],
  upstreamProperties: COMPACTION_UPSTREAM_PROPERTIES,
  create(params): ContextPolicy {
    const request = new CompactedRequest();
    let compactions = 0;
    let failures = 0;
    let requested = false;
    const onDemand = params.mode === 'on-demand';
    const labelled = (history: readonly Message[], view: readonly Message[]) => {
      if (view === history) return history;
      const changedFrom = request.hint();
      return { messages: view, kind: 'server-compaction', ...(changedFrom !== undefined ? { changedFrom } : {}) };
    };
    return {
      id: 'anthropic-compaction', params,
      onCommand(command: string) {
        if (onDemand && command.replace(/^\//, '') === 'compact') requested = true;
        return undefined;
      },
      view(history: readonly Message[], ctx: PolicyContext) {
        const { view, tokens } = request.current(history, ctx.tokens);
        const input = ctx.systemTokens + tokens;
        // on demand, the client compacts what came before the new prompt, between tasks; mid-task only
        // a request that would not fit the window is compacted (the threshold as a guard)
        const betweenTasks = onDemand && (requested || (ctx.turnStart && input > (params.trigger as number)));
        const mustFit = input > (onDemand ? ctx.contextWindow - ctx.maxOutputTokens : (params.trigger as number));
        if (!betweenTasks && !mustFit) return labelled(history, view);
        requested = false;
        const keepPrompt = betweenTasks && ctx.turnStart && history.at(-1)?.role === 'user' ? 1 : 0;
        const before = view.slice(0, view.length - keepPrompt);
        const r = compactNow(history.length - keepPrompt, before, ctx, params.summaryBudgetTokens as number, params.instructions as string);
        if ('error' in r) {
          failures++;
          return labelled(history, view);
        }
        request.compacted(r.state);
        compactions++;
        const messages = request.current(history, ctx.tokens).view;
        request.hint(); // none for a new view; the next request appends to this one
        return { messages, kind: 'server-compaction', note: `compacted ${before.length} messages${betweenTasks ? ' on demand' : ''}` };
      },
      telemetry: () => ({ serverCompactions: compactions, serverCompactionFailures: failures }),
    };
  },
};
