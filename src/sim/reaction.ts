/**
 * Agent reaction (opt-in, "modelled"): a closed loop in which the simulated agent re-reads a file it
 * needs when the policy removed or shortened the content of its newest read.
 *
 * Before each step whose response edits a file read earlier (src/workload/dependencies.ts), the newest
 * read's result is looked up in the history and in the last request (where server-side views hide
 * things). If it is gone or changed, the removal is classified — `placeholder` (content replaced),
 * `summary` (the message was summarized away), `truncation` (content kept in part) — and with that
 * kind's probability the agent spends one extra request re-reading the file: a response that repeats
 * the read call (new id), then the original content as its result, then the step as scripted. More
 * steps, more tokens, and a fresh copy of the content that later steps find intact.
 *
 * Probabilities are parameters; their defaults and the evidence behind them are in docs/closed-loop.md.
 * Synthetic workloads only: a recorded trace already contains the agent's real reactions.
 */
import seedrandom from 'seedrandom';
import { contentText, type Message, type ToolCall } from '../core/messages.js';
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../core/tokens.js';
import { markDependencies, type Dependencies, type ReadCall } from '../workload/dependencies.js';
import type { ScriptStep, Workload } from '../workload/types.js';

export interface ReactionSettings {
  /** P(re-read | the result was replaced by a placeholder) */
  pPlaceholder: number;
  /** P(re-read | the result was summarized away) */
  pSummary: number;
  /** P(re-read | the result was truncated) */
  pTruncation: number;
  /** simulated seconds the re-read takes */
  toolSeconds: number;
}

export const DEFAULT_REACTION: ReactionSettings = { pPlaceholder: 0.9, pSummary: 0.37, pTruncation: 0.3, toolSeconds: 1 };

export type RemovalKind = 'placeholder' | 'summary' | 'truncation';

export interface Reaction {
  /** the script from step `s` on, with re-read steps inserted before it when the agent reacts */
  beforeStep(script: ScriptStep[], s: number, history: readonly Message[], lastRequest: readonly Message[]): void;
  /** a message entered history: reads are noted as the newest copy of their file */
  appended(msg: Message): void;
  telemetry(): Record<string, number>;
}

function classify(original: string, found: Message | undefined): RemovalKind | null {
  if (!found) return 'summary';
  const now = contentText(found);
  if (now === original) return null;
  // kept in part (head and/or tail of the original) → truncation; anything else is a placeholder
  const probe = Math.min(64, original.length);
  return now.length < original.length && probe > 0 && (now.startsWith(original.slice(0, probe)) || now.endsWith(original.slice(-probe)))
    ? 'truncation' : 'placeholder';
}

const find = (msgs: readonly Message[], id: string): Message | undefined => {
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i]!.role === 'tool' && msgs[i]!.tool_call_id === id) return msgs[i];
  return undefined;
};

export function createReaction(w: Workload, settings: ReactionSettings, seed: string, tokens: TokenCounter): Reaction {
  const deps: Dependencies = markDependencies(w);
  const stepIndex = new Map<ScriptStep, number>(w.steps.map((st, i) => [st, i]));
  const rng = seedrandom.alea(`${seed}:reaction`);
  /** read call ids (scripted and re-reads) → the file they read and the call as made */
  const reads = new Map<string, ReadCall>(deps.reads);
  /** path → the newest read result in history, with its original content */
  const newest = new Map<string, { id: string; content: string; name?: string; call: ReadCall }>();
  const counts: Record<string, number> = { reReads: 0, reactionSteps: 0, 'reReads.placeholder': 0, 'reReads.summary': 0, 'reReads.truncation': 0 };
  let serial = 0;
  const prob = (k: RemovalKind): number => (k === 'placeholder' ? settings.pPlaceholder : k === 'summary' ? settings.pSummary : settings.pTruncation);

  return {
    appended(msg) {
      if (msg.role !== 'tool' || !msg.tool_call_id) return;
      const read = reads.get(msg.tool_call_id);
      if (read) newest.set(read.path, { id: msg.tool_call_id, content: contentText(msg), ...(msg.name ? { name: msg.name } : {}), call: read });
    },
    beforeStep(script, s, history, lastRequest) {
      const st = script[s]!;
      const paths = deps.needs.get(stepIndex.get(st) ?? -1);
      if (!paths) return;
      const fresh = new Set(st.append.map((m) => m.tool_call_id));
      const redo: { id: string; n: NonNullable<ReturnType<typeof newest.get>> }[] = [];
      for (const path of paths) {
        const n = newest.get(path);
        if (!n || fresh.has(n.id)) continue; // never read yet, or a fresh read arrives with this step
        const kind = classify(n.content, find(history, n.id)) ?? (lastRequest.length ? classify(n.content, find(lastRequest, n.id)) : null);
        if (!kind || rng() >= prob(kind)) continue;
        counts.reReads!++;
        counts[`reReads.${kind}`]!++;
        redo.push({ id: `reread_${serial++}`, n });
      }
      if (!redo.length) return;
      counts.reactionSteps!++;
      const calls: ToolCall[] = redo.map(({ id, n }) => ({ id, type: 'function', function: { name: n.call.call.function.name, arguments: n.call.call.function.arguments } }));
      calls.forEach((c, i) => reads.set(c.id, { path: redo[i]!.n.call.path, call: c }));
      const response: Message = { role: 'assistant', content: null, tool_calls: calls };
      const results: Message[] = redo.map(({ id, n }) => ({ role: 'tool', tool_call_id: id, content: n.content, ...(n.name ? { name: n.name } : {}) }));
      // the re-read request answers the step's own appends first; the scripted request follows its result
      const reread: ScriptStep = {
        userTurn: st.userTurn, append: st.append, response, outputTokens: tokens.message(response) - MESSAGE_OVERHEAD_TOKENS,
        gapBefore: st.gapBefore, latency: st.latency, ...(st.events ? { events: st.events } : {}),
      };
      const { events: _moved, ...rest } = st;
      script.splice(s, 1, reread, { ...rest, append: results, gapBefore: settings.toolSeconds });
    },
    telemetry: () => Object.fromEntries(Object.entries(counts).map(([k, v]) => [`reaction.${k}`, v])),
  };
}
