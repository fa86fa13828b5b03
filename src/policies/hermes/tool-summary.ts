/**
 * The one-line summaries that replace old tool outputs in Hermes' prune pre-pass
 * (agent/context_compressor.py `_summarize_tool_result` @ 8fa8aabb, from PR #10088), e.g.
 * "[terminal] ran `npm test` -> exit 0, 47 lines output". Arguments come from the tool call's JSON
 * (parsed the Python way, so non-string values print as Python would: `True`, `1.0`, `['a']`).
 */
import { PyJsonError, pyJsonLoads } from './pyjson.js';
import { pyStr, pyTruthy } from './pyrepr.js';
import { PY_WS_CLASS, pyCount, pyLen, pySlice, pyStrip, thousands } from './pystr.js';

type Args = Map<string, unknown>;

const BROWSER_TOOLS = new Set(['browser_navigate', 'browser_click', 'browser_snapshot', 'browser_type', 'browser_scroll', 'browser_vision']);
const SKILL_TOOLS = new Set(['skill_view', 'skills_list', 'skill_manage']);
const WS = `[${PY_WS_CLASS}]*`;
const EXIT_CODE = new RegExp(`"exit_code"${WS}:${WS}(-?\\p{Nd}+)`, 'u');
const TOTAL_COUNT = new RegExp(`"total_count"${WS}:${WS}(\\p{Nd}+)`, 'u');

/**
 * The first group of `re` in `content`, searched only when the literal it starts with is there: a
 * plain substring search is far cheaper than the unicode-mode pattern over a long output without it.
 */
function matchAfter(content: string, literal: string, re: RegExp): string | undefined {
  return content.includes(literal) ? re.exec(content)?.[1] : undefined;
}

/** A Python TypeError inside a summary branch; the guard turns it into the generic line. */
class SummaryTypeError extends Error {}

function parseArgs(toolArgs: unknown, loads: (s: string) => unknown): Args {
  if (!pyTruthy(toolArgs)) return new Map();
  if (typeof toolArgs !== 'string') return new Map(); // json.loads(non-str) raises TypeError
  try {
    const v = loads(toolArgs);
    return v instanceof Map ? (v as Args) : new Map();
  } catch (e) {
    if (e instanceof PyJsonError) return new Map();
    throw e;
  }
}

/** `args.get(key, default)` */
const get = (args: Args, key: string, dflt: unknown): unknown => (args.has(key) ? args.get(key) : dflt);

/** `_str_arg`: the value as a str; None gives the default. */
function strArg(args: Args, key: string, dflt = ''): string {
  const v = get(args, key, dflt);
  if (typeof v === 'string') return v;
  return v === null || v === undefined ? dflt : pyStr(v);
}

function summarizeUnguarded(name: string, toolArgs: unknown, content: string, loads: (s: string) => unknown): string {
  const args = parseArgs(toolArgs, loads);
  const len = thousands(pyLen(content));
  const lines = pyStrip(content) ? pyCount(content, '\n') + 1 : 0;
  const s = (k: string, d: unknown) => pyStr(get(args, k, d));

  switch (name) {
    case 'terminal': {
      let cmd = strArg(args, 'command');
      if (pyLen(cmd) > 80) cmd = pySlice(cmd, 0, 77) + '...';
      const exit = matchAfter(content, '"exit_code"', EXIT_CODE) ?? '?';
      return `[terminal] ran \`${cmd}\` -> exit ${exit}, ${lines} lines output`;
    }
    case 'read_file':
      return `[read_file] read ${s('path', '?')} from line ${s('offset', 1)} (${len} chars)`;
    case 'write_file': {
      const written = pyTruthy(get(args, 'content', undefined)) ? String(pyCount(strArg(args, 'content'), '\n') + 1) : '?';
      return `[write_file] wrote to ${s('path', '?')} (${written} lines)`;
    }
    case 'search_files': {
      const count = matchAfter(content, '"total_count"', TOTAL_COUNT) ?? '?';
      return `[search_files] ${s('target', 'content')} search for '${s('pattern', '?')}' in ${s('path', '.')} -> ${count} matches`;
    }
    case 'patch':
      return `[patch] ${s('mode', 'replace')} in ${s('path', '?')} (${len} chars result)`;
    case 'web_search':
      return `[web_search] query='${s('query', '?')}' (${len} chars result)`;
    case 'web_extract':
      return `[web_extract] ${webExtractTarget(get(args, 'urls', []))} (${len} chars)`;
    case 'delegate_task': {
      let goal = strArg(args, 'goal');
      if (pyLen(goal) > 60) goal = pySlice(goal, 0, 57) + '...';
      return `[delegate_task] '${goal}' (${len} chars result)`;
    }
    case 'execute_code': {
      const code = strArg(args, 'code');
      let preview = pySlice(code, 0, 60).replaceAll('\n', ' ');
      if (pyLen(code) > 60) preview += '...';
      return `[execute_code] \`${preview}\` (${lines} lines output)`;
    }
    case 'vision_analyze':
      return `[vision_analyze] '${pySlice(strArg(args, 'question'), 0, 50)}' (${len} chars)`;
    case 'memory':
      return `[memory] ${s('action', '?')} on ${s('target', '?')}`;
    case 'todo':
      return '[todo] updated task list';
    case 'clarify':
      return '[clarify] asked user a question';
    case 'text_to_speech':
      return `[text_to_speech] generated audio (${len} chars)`;
    case 'cronjob':
      return `[cronjob] ${s('action', '?')}`;
    case 'process':
      return `[process] ${s('action', '?')} session=${s('session_id', '?')}`;
  }
  if (BROWSER_TOOLS.has(name)) {
    const url = get(args, 'url', '');
    const ref = get(args, 'ref', '');
    const detail = pyTruthy(url) ? ` ${pyStr(url)}` : pyTruthy(ref) ? ` ref=${pyStr(ref)}` : '';
    return `[${name}]${detail} (${len} chars)`;
  }
  if (SKILL_TOOLS.has(name)) return `[${name}] name=${s('name', '?')} (${len} chars)`;
  let firstArgs = '';
  for (const [k, v] of [...args.entries()].slice(0, 2)) firstArgs += ` ${k}=${pySlice(pyStr(v), 0, 40)}`;
  return `[${name}]${firstArgs} (${len} chars result)`;
}

/** `urls[0]` plus "(+N more)"; a non-str first URL with more URLs is Python's TypeError. */
function webExtractTarget(urls: unknown): string {
  if (!Array.isArray(urls) || urls.length === 0) return '?';
  const first = urls[0];
  if (urls.length > 1 && typeof first !== 'string') throw new SummaryTypeError('can only concatenate');
  return pyStr(first) + (urls.length > 1 ? ` (+${urls.length - 1} more)` : '');
}

/** `_summarize_tool_result`: never throws; a failing branch yields "[name] (N chars result)". */
export function summarizeToolResult(
  name: unknown,
  toolArgs: unknown,
  content: string,
  /** `json.loads` (a caller may pass a memoized one; the parsed value is only read) */
  loads: (s: string) => unknown = pyJsonLoads,
): string {
  const toolName = pyStr(name);
  try {
    return summarizeUnguarded(toolName, toolArgs, content, loads);
  } catch (e) {
    if (!(e instanceof SummaryTypeError)) throw e;
    return `[${toolName}] (${thousands(pyLen(content))} chars result)`;
  }
}
