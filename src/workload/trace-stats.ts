/**
 * The distributions calibration compares, measured the same way on generated workloads and real
 * transcripts (so differences come from the sessions, not from the measuring): tool-result and
 * argument tokens, steps per user turn, the tool mix, the repeat rate, parallel calls and the gaps
 * before user turns. Definitions follow reference/traces.md (a "turn" is a user message).
 */
import { contentText, type Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { TraceSession } from './trace-read.js';
import type { Workload } from './types.js';

export interface SessionStats {
  resultTokens: number[];
  argTokens: number[];
  /** per tool name */
  resultTokensByTool: Map<string, number[]>;
  argTokensByTool: Map<string, number[]>;
  stepsPerTurn: number[];
  /** assistant text tokens (content only) */
  textTokens: number[];
  toolMix: Map<string, number>;
  calls: number;
  repeatedCalls: number;
  responses: number;
  parallelResponses: number;
  /** seconds between the last response before a user message and the first response after it */
  userGaps: number[];
}

export function emptyStats(): SessionStats {
  return {
    resultTokens: [], argTokens: [], resultTokensByTool: new Map(), argTokensByTool: new Map(), stepsPerTurn: [],
    textTokens: [], toolMix: new Map(), calls: 0, repeatedCalls: 0, responses: 0, parallelResponses: 0, userGaps: [],
  };
}

const push = (m: Map<string, number[]>, k: string, v: number) => {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
};

/** adds one session's measurements to `st` */
export function addSession(st: SessionStats, s: TraceSession, tokens: TokenCounter): void {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  let steps = 0;
  let lastResponse: number | undefined;
  let gapOpen = false;
  s.messages.forEach((m: Message, i) => {
    if (m.role === 'user') {
      if (steps) st.stepsPerTurn.push(steps);
      steps = 0;
      gapOpen = lastResponse !== undefined;
    } else if (m.role === 'assistant') {
      steps++;
      st.responses++;
      st.textTokens.push(tokens.count(contentText(m)));
      const calls = m.tool_calls ?? [];
      if (calls.length > 1) st.parallelResponses++;
      for (const c of calls) {
        st.calls++;
        names.set(c.id, c.function.name);
        st.toolMix.set(c.function.name, (st.toolMix.get(c.function.name) ?? 0) + 1);
        const key = `${c.function.name}\u0000${c.function.arguments}`;
        if (seen.has(key)) st.repeatedCalls++;
        seen.add(key);
        const n = tokens.count(c.function.arguments);
        st.argTokens.push(n);
        push(st.argTokensByTool, c.function.name, n);
      }
      const t = s.responseTimes?.get(i);
      if (t !== undefined) {
        if (gapOpen && lastResponse !== undefined) st.userGaps.push(t - lastResponse);
        lastResponse = t;
      }
      gapOpen = false;
    } else if (m.role === 'tool') {
      const n = tokens.count(contentText(m));
      st.resultTokens.push(n);
      push(st.resultTokensByTool, m.name ?? names.get(m.tool_call_id ?? '') ?? 'unknown', n);
    }
  });
  if (steps) st.stepsPerTurn.push(steps);
}

/** a workload as a transcript: system prompt, then each step's appended messages and its response, timed */
export function workloadSession(w: Workload): TraceSession {
  const messages: Message[] = [w.system];
  const responseTimes = new Map<number, number>();
  let t = 0;
  for (const st of w.steps) {
    messages.push(...st.append);
    t += st.gapBefore + st.latency;
    responseTimes.set(messages.length, t);
    messages.push(st.response);
  }
  return { id: w.id, messages, responseTimes };
}

export function statsOf(sessions: readonly TraceSession[], tokens: TokenCounter): SessionStats {
  const st = emptyStats();
  for (const s of sessions) addSession(st, s, tokens);
  return st;
}
