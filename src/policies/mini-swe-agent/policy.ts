/**
 * `mini-swe-agent`: SWE-agent/mini-swe-agent's default agent (`src/minisweagent/agents/default.py`,
 * `src/minisweagent/config/default.yaml` @ 099497f3). It never compacts: the history only grows, and the
 * run ends at the step or cost limit (both 0 = unlimited by default) or when the window overflows. The one
 * context measure is in `action_observation_template`: an output of 10,000 characters or more is rendered
 * as a warning (try a narrower command), the first 5,000 characters, the count of elided characters and
 * the last 5,000 — at insertion, so the history never changes afterwards and the cache prefix is never
 * broken. Shorter outputs enter whole.
 */
import { contentText, type Message } from '../../core/messages.js';
import { codePointLength, headCodePoints, tailCodePoints } from '../shared/head-tail-trim.js';
import type { PolicyDefinition } from '../types.js';

/** Paraphrase of the template's warning (the upstream text asks for head/tail/sed/grep or a file). */
export const LONG_OUTPUT_WARNING =
  'The output of your last command was too long. Run a command that prints less: view part of a file with ' +
  'head, tail or sed, narrow grep or find, or redirect the output to a file and search that file.';

export interface MiniTrim {
  limitChars: number;
  headChars: number;
  tailChars: number;
}

/** The observation as the template renders it: whole below the limit, else warning + head + elided + tail. */
export function renderObservation(output: string, t: MiniTrim): string {
  if (output.length < t.limitChars) return output; // code points ≤ UTF-16 units: under the limit without counting
  const n = codePointLength(output);
  if (n < t.limitChars) return output;
  const elided = n - t.limitChars;
  return `<warning>\n${LONG_OUTPUT_WARNING}\n</warning>\n<output_head>\n${headCodePoints(output, t.headChars)}\n</output_head>\n` +
    `<elided_chars>\n${elided} characters elided\n</elided_chars>\n<output_tail>\n${tailCodePoints(output, t.tailChars)}\n</output_tail>`;
}

export const miniSweAgentPolicy: PolicyDefinition = {
  id: 'mini-swe-agent',
  description: 'mini-swe-agent default: no compaction; tool outputs of 10,000+ characters enter history as a warning, the first 5,000 and the last 5,000 characters.',
  source: 'SWE-agent/mini-swe-agent src/minisweagent/config/default.yaml (action_observation_template), src/minisweagent/agents/default.py @ 099497f32f4c604e9f3d98d5929e72513d5d20ee',
  version: '099497f3',
  params: [
    { name: 'limitChars', type: 'integer', default: 10_000, min: 1, description: 'outputs with at least this many characters are cut (template: output | length < 10000)' },
    { name: 'headChars', type: 'integer', default: 5_000, min: 0, description: 'characters kept from the start (output[:5000])' },
    { name: 'tailChars', type: 'integer', default: 5_000, min: 0, description: 'characters kept from the end (output[-5000:])' },
  ],
  create(params) {
    const t: MiniTrim = { limitChars: params.limitChars as number, headChars: params.headChars as number, tailChars: params.tailChars as number };
    return {
      id: 'mini-swe-agent',
      params,
      onAppend(msg: Message): Message {
        if (msg.role !== 'tool' || typeof msg.content !== 'string') return msg;
        const text = renderObservation(contentText(msg), t);
        return text === msg.content ? msg : { ...msg, content: text };
      },
    };
  },
};
