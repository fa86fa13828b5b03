/**
 * Gemini CLI's tool-output masking (`@google/gemini-cli-core` 0.61.0, `context/toolOutputMaskingService.js`,
 * called by `GeminiClient.processTurn` as `tryMaskToolOutputs` before every request, after compression).
 * A backward scan over the history, skipping its newest message (`protectLatestTurn`): tool results count
 * newest first until they pass `protectTokens` (50,000); the result that crosses and every older one are
 * prunable; when the prunable results sum to at least `minPrunableTokens` (30,000), each is replaced by a
 * preview (250 characters of head and tail of its JSON, or a shell output's first and last 10 lines) and
 * the path of the file the full output is saved to, when that saves tokens. Counts are the response's
 * JSON / 4 (./estimate.ts). Exempt tools (skills, questions, plan mode) and results already masked are
 * skipped and do not count.
 * The history is Gemini CLI's, without the pending request: the trailing tool results or user message
 * that the harness appends before the hook are not in it yet, so its newest message is the assistant's.
 * Upstream writes files with random names; here the name is derived from the call id, so runs repeat.
 */
import { contentText, type Message } from '../../core/messages.js';
import { messageResponseTokens, responseTokens } from './estimate.js';

export const MASK_TAG = 'tool_output_masked';
const EXEMPT = new Set(['activate_skill', 'ask_user', 'enter_plan_mode', 'exit_plan_mode']);
const SHELL_TOOL = 'run_shell_command';
/**
 * Stand-ins for `storage.getProjectTempDir()` and the session id, whose lengths decide whether masking a
 * small output saves tokens (the path is part of the replacement). The oracle stubs upstream with paths
 * of the same lengths.
 */
export const PROJECT_TEMP_DIR = '/home/user/.gemini/tmp/project';
export const SESSION_ID = '00000000-0000-0000-0000-000000000000';
/** upstream's random file-name part, `Math.random().toString(36).substring(7)`, is most often 6 characters */
const RANDOM_PART = 'x'.repeat(6);
const OUTPUT_DIR = `${PROJECT_TEMP_DIR}/tool-outputs/session-${SESSION_ID}`;

export interface MaskConfig {
  protectTokens: number;
  minPrunableTokens: number;
  protectLatestTurn: boolean;
}

export interface Masking {
  history: Message[];
  masked: number;
  savedTokens: number;
  prunableTokens: number;
}

export const sanitize = (s: string): string => s.replace(/[^a-zA-Z0-9_-]/g, '_');

const eligibleMemo = new WeakMap<Message, boolean>();

/** Whether a result takes part in masking at all (counted, and maskable); memoized, messages are immutable. */
export function eligible(m: Message): boolean {
  if (m.role !== 'tool') return false;
  let e = eligibleMemo.get(m);
  if (e === undefined) eligibleMemo.set(m, (e = !EXEMPT.has(m.name ?? '') && !contentText(m).includes(`<${MASK_TAG}`)));
  return e;
}

/** The end (exclusive) of the scanned part of `history[0 : end]`: the newest Gemini message left out when protected. */
export function scanEnd(history: readonly Message[], end: number, protectLatestTurn: boolean): number {
  if (!protectLatestTurn || end === 0) return end;
  if (history[end - 1]!.role !== 'tool') return end - 1;
  while (end > 0 && history[end - 1]!.role === 'tool') end--;
  return end;
}

/** Where the pending request starts: the trailing messages after the newest assistant message. */
export function pendingFrom(history: readonly Message[]): number {
  let i = history.length;
  while (i > 0 && history[i - 1]!.role !== 'assistant') i--;
  return i;
}

function simplePreview(text: string): string {
  const lines = text.split('\n');
  if (lines.length <= 20) return text;
  return `${lines.slice(0, 10).join('\n')}\n\n... [${lines.length - 20} lines omitted] ...\n\n${lines.slice(-10).join('\n')}`;
}

/** `formatShellPreview` for a `{ output }` response: each section's head and tail, other sections whole. */
function shellPreview(output: string): string {
  const parts = output.split(/^(Output|Error|Exit Code|Signal|Background PIDs|Process Group PGID): /m);
  if (parts.length < 3) return simplePreview(output);
  const out: string[] = [];
  if (parts[0]!.trim()) out.push(simplePreview(parts[0]!.trim()));
  for (let i = 1; i < parts.length; i += 2) {
    const body = parts[i + 1]?.trim() ?? '';
    out.push(parts[i] === 'Output' ? `Output: ${simplePreview(body)}` : `${parts[i]}: ${body}`);
  }
  return out.join('\n');
}

/** The text that replaces a masked result (`formatMaskedSnippet`). */
export function maskedSnippet(m: Message): string {
  const text = contentText(m);
  const name = m.name || 'unknown_tool';
  const saved = JSON.stringify({ output: text }, null, 2);
  const preview = name === SHELL_TOOL ? shellPreview(text)
    : saved.length > 500 ? `${saved.slice(0, 250)}\n... [TRUNCATED] ...\n${saved.slice(-250)}` : saved;
  const id = sanitize(m.tool_call_id ?? 'unknown').toLowerCase();
  const file = `${OUTPUT_DIR}/${sanitize(name).toLowerCase()}_${id}_${RANDOM_PART}.txt`;
  return `<${MASK_TAG}>\n${preview}\n\nOutput too large. Full output available at: ${file}\n</${MASK_TAG}>`;
}

const tokensMemo = new WeakMap<Message, number>();

/** Tokens masking counts for a result (memoized). */
export function resultTokens(m: Message): number {
  let n = tokensMemo.get(m);
  if (n === undefined) tokensMemo.set(m, (n = messageResponseTokens(m)));
  return n;
}

const maskedMemo = new WeakMap<Message, Message | null>();

/** The masked copy of a result, or null when masking it saves no tokens (memoized: rescans meet small outputs again). */
function maskedCopy(m: Message): Message | null {
  let c = maskedMemo.get(m);
  if (c === undefined) {
    const snippet = maskedSnippet(m);
    c = resultTokens(m) - responseTokens(m.name ?? '', snippet) > 0 ? { ...m, content: snippet } : null;
    maskedMemo.set(m, c);
  }
  return c;
}

/**
 * `ToolOutputMaskingService.mask` over `history[0 : end]` (Gemini CLI's history; later messages are the
 * pending request and are returned untouched). Undefined when it masks nothing.
 */
export function maskToolOutputs(history: readonly Message[], end: number, cfg: MaskConfig): Masking | undefined {
  let cumulative = 0;
  let prunableTokens = 0;
  let boundary = false;
  const prunable: number[] = [];
  for (let i = scanEnd(history, end, cfg.protectLatestTurn) - 1; i >= 0; i--) {
    const m = history[i]!;
    if (!eligible(m)) continue;
    const tokens = resultTokens(m);
    if (!boundary) {
      cumulative += tokens;
      if (cumulative <= cfg.protectTokens) continue;
      boundary = true;
    }
    prunableTokens += tokens;
    prunable.push(i);
  }
  if (prunableTokens < cfg.minPrunableTokens) return undefined;
  let out: Message[] | undefined;
  let savedTokens = 0;
  for (const i of prunable) {
    const m = history[i]!;
    const copy = maskedCopy(m);
    if (!copy) continue;
    out ??= history.slice();
    out[i] = copy;
    savedTokens += resultTokens(m) - resultTokens(copy);
  }
  return out ? { history: out, masked: prunable.filter((i) => out![i] !== history[i]).length, savedTokens, prunableTokens } : undefined;
}
