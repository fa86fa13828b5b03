/**
 * The text Hermes sends its summary model for the turns being compacted
 * (agent/context_compressor.py `_serialize_for_summary` @ 8fa8aabb): one labelled block per message,
 * bodies over 6000 chars cut to head 4000 + tail 1500, tool-call arguments over 1500 chars cut to
 * 1200, everything redacted. compactbench uses it to charge the summary call's input tokens as
 * upstream would send them (the mock never reads the text itself). Inline think blocks are not
 * stripped here (a simplification: generated workloads do not put them in content).
 */
import { contentTextForContains, isDict, type PyMsg } from './msg.js';
import { pyStr } from './pyrepr.js';
import { pyLen, pySlice } from './pystr.js';
import { redactSensitiveText } from './redact.js';
import { hermesMemo } from './msg-memo.js';

/** Tokens of the rendered summarizer preamble + structured template (≈4,600 characters / 4). */
export const SUMMARY_PROMPT_OVERHEAD_TOKENS = 1150;

const CONTENT_MAX = 6000;
const CONTENT_HEAD = 4000;
const CONTENT_TAIL = 1500;
const TOOL_ARGS_MAX = 1500;
const TOOL_ARGS_HEAD = 1200;

function cut(text: string): string {
  if (pyLen(text) <= CONTENT_MAX) return text;
  return `${pySlice(text, 0, CONTENT_HEAD)}\n...[truncated]...\n${pySlice(text, -CONTENT_TAIL)}`;
}

function callLine(tc: unknown): string {
  if (!isDict(tc)) return '  ?(...)';
  const fn = isDict(tc.function) ? tc.function : {};
  let args = redactSensitiveText(typeof fn.arguments === 'string' ? fn.arguments : '');
  if (pyLen(args) > TOOL_ARGS_MAX) args = `${pySlice(args, 0, TOOL_ARGS_HEAD)}...`;
  return `  ${'name' in fn ? pyStr(fn.name) : '?'}(${args})`;
}

/** One message's block as pieces (label, body, tool-call block) whose concatenation is the block. */
function blockPieces(m: PyMsg): string[] {
  const role = 'role' in m ? pyStr(m.role) : 'unknown';
  const content = redactSensitiveText(contentTextForContains(m.content)).replace(/MEDIA:\S+/g, '[media attachment]');
  if (role === 'tool') return [`[TOOL RESULT ${pyStr(m.tool_call_id ?? '')}]: `, cut(content)];
  if (role === 'assistant') {
    const calls = Array.isArray(m.tool_calls) && m.tool_calls.length ? `\n[Tool calls:\n${m.tool_calls.map(callLine).join('\n')}\n]` : '';
    return calls ? ['[ASSISTANT]: ', cut(content), calls] : ['[ASSISTANT]: ', cut(content)];
  }
  return [`[${role.toUpperCase()}]: `, cut(content)];
}

/**
 * `blockPieces`, memoized per message object (msg-memo.ts; messages are immutable): a message kept in
 * the tail is summarised again at the next compaction, and redacting it again was most of the
 * serialisation.
 */
function piecesOf(m: PyMsg): readonly string[] {
  const memo = hermesMemo(m);
  return (memo.pieces ??= blockPieces(m));
}

export function serializeForSummary(turns: readonly PyMsg[]): string {
  return turns.map((m) => piecesOf(m).join('')).join('\n\n');
}

/**
 * Tokens of `serializeForSummary(turns)`, counted piece by piece: a message body the simulator has
 * already counted is a cache hit instead of a fresh tokenization of the whole prompt (which was half
 * of a Hermes session's time). A tokenizer may merge across a piece boundary, so this can differ from
 * counting the joined text by about a token per boundary (a few per message, against hundreds).
 */
export function serializedSummaryTokens(
  turns: readonly PyMsg[],
  count: (text: string) => number,
  /** the exact count of a body that is still the message's own content string, when known cheaply */
  knownBody?: (m: PyMsg) => number | undefined,
  /**
   * what `count` and `knownBody` count with: when given, each message's total is memoized for it
   * (the same counter gives the same counts), so a message summarised again costs a look-up
   */
  counter?: object,
): number {
  let n = 0;
  for (let i = 0; i < turns.length; i++) {
    if (i) n += count('\n\n');
    const m = turns[i]!;
    if (counter === undefined) {
      n += piecesTokens(m, count, knownBody);
      continue;
    }
    const memo = hermesMemo(m);
    const hit = memo.pieceTokens;
    if (hit !== undefined && hit.counter === counter) n += hit.n;
    else {
      const t = piecesTokens(m, count, knownBody);
      memo.pieceTokens = { counter, n: t };
      n += t;
    }
  }
  return n;
}

function piecesTokens(m: PyMsg, count: (text: string) => number, knownBody?: (m: PyMsg) => number | undefined): number {
  let n = 0;
  const pieces = piecesOf(m);
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!;
    if (!piece) continue;
    const known = k === 1 && piece === m.content ? knownBody?.(m) : undefined;
    n += known ?? count(piece);
  }
  return n;
}
