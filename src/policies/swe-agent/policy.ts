/**
 * `swe-agent`: SWE-agent's `LastNObservations` history processor (SWE-agent/SWE-agent
 * `sweagent/agent/history_processors.py` @ 318f9091), as configured in the paper's 0.7 setup (`n: 5`).
 *
 * History processors build each query's view; the stored history never changes. Observations are the
 * instance prompt (the first user message) and every tool output. All but the newest `n` are replaced by
 * "Old environment output: (K lines omitted)" (K = the output's line count, plus "(M images omitted)"),
 * except the first observation, which is never elided. With `polling` p the cut moves only every p
 * observations (`floor(count / p) × p − n` observations are elided), so between n and n + p stay whole
 * and the prefix is stable for p steps — the upstream docstring's workaround for prompt caching.
 * SWE-agent's `cache_control` processor (marks on the last 2 user/tool messages) is the simulator's
 * `swe-agent` breakpoint preset, not part of this policy.
 */
import { contentText, freezeMessage, imageCount, type Message } from '../../core/messages.js';
import type { PolicyDefinition, ViewResult } from '../types.js';
import { LastNObservationsView } from './last-n-view.js';

/**
 * Python `len(text.splitlines())` for the breaks \n, \r and \r\n: one line per break, plus one for text
 * after the last break. It runs once per masked output of every session (23M characters in the default
 * suite), so it counts with the engine's native `indexOf` scans instead of a loop over characters: the
 * character loop read past the end of the string (`charCodeAt(i + 1)` at the last \r, and on ''), and its
 * optimized code was thrown away and rebuilt often enough to cost ~0.5-1.5 s of a default report.
 */
export function pyLineCount(text: string): number {
  if (text.length === 0) return 0;
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  // a \r is a break of its own unless a \n follows it (then the pair is the one break counted above)
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (i + 1 === text.length || text.charCodeAt(i + 1) !== 10) breaks++;
  const end = text.charCodeAt(text.length - 1);
  return end === 10 || end === 13 ? breaks : breaks + 1;
}

const elided = new WeakMap<Message, string>();

/** The placeholder for an observation; memoized per message (messages are immutable; a count is O(output)). */
export function elidedText(m: Message): string {
  let text = elided.get(m);
  if (text === undefined) {
    const images = imageCount(m);
    text = `Old environment output: (${pyLineCount(contentText(m))} lines omitted)${images > 0 ? ` (${images} images omitted)` : ''}`;
    elided.set(m, text);
  }
  return text;
}

/** Indices (in history) of the observations to elide: `observations[1 : floor(len / p) × p − n]`. */
export function omitIndices(history: readonly Message[], n: number, polling: number): number[] {
  const obs: number[] = [];
  const firstUser = history.findIndex((m) => m.role === 'user');
  history.forEach((m, i) => {
    if (m.role === 'tool' || i === firstUser) obs.push(i);
  });
  const last = Math.max(0, Math.floor(obs.length / polling) * polling - n);
  return obs.slice(1, last);
}

export const sweAgentPolicy: PolicyDefinition = {
  id: 'swe-agent',
  description: 'SWE-agent LastNObservations: every request shows only the last n tool outputs; older ones read "Old environment output: (K lines omitted)". History is never rewritten.',
  source: 'SWE-agent/SWE-agent sweagent/agent/history_processors.py (LastNObservations) @ 318f9091d5f5522e2a3013b46623358e46157f7a; n = 5 from config/sweagent_0_7/07.yaml',
  version: '318f9091',
  params: [
    { name: 'n', type: 'integer', default: 5, min: 1, description: 'observations kept whole (paper / 0.7 config: 5)' },
    { name: 'polling', type: 'integer', default: 1, min: 1, description: 'steps between moves of the cut (upstream default 1)' },
  ],
  create(params) {
    const n = params.n as number;
    const polling = params.polling as number;
    // No memo of the masked copies: the history is never rewritten, so each observation is masked once.
    // Frozen here, so the copy carries the harness's memo slot (its token count and hash are kept on it,
    // not in tables that grow with the session; core/messages.ts MEMO).
    const lastN = new LastNObservationsView(n, polling, (m) => freezeMessage({ ...m, content: elidedText(m) }));
    return {
      id: 'swe-agent',
      params,
      // omitIndices + a masked copy, kept incrementally (last-n-view.ts)
      view: (history): readonly Message[] | ViewResult => lastN.view(history),
    };
  },
};
