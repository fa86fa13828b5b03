/**
 * Format auto-detection from the file name and its first 64 KB (never the whole file).
 *
 * The extension decides for SWE-agent (`.traj`) and mini-swe-agent (`.traj.json`), which is how those
 * agents name their trajectories. Otherwise the first line is parsed: a complete JSON object on line 1
 * is a JSONL record whose keys tell the format; a document that does not fit on one line is
 * pretty-printed whole JSON, recognized by the keys that appear near its start.
 */
import { ImportError } from './errors.js';
import { isObj } from './expect.js';
import { readHead } from './lines.js';
import { FORMATS, type Format } from './types.js';

const CLAUDE_CODE_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'progress', 'file-history-snapshot', 'queue-operation']);

export async function detectFormat(file: string): Promise<Format> {
  if (/\.traj\.json$/i.test(file)) return 'mini-swe-agent';
  if (/\.traj$/i.test(file)) return 'swe-agent';
  const head = await readHead(file);
  const found = fromFirstLine(head) ?? fromHead(head);
  if (!found) {
    throw new ImportError(
      file,
      1,
      `could not detect the trace format (supported: ${FORMATS.join(', ')})`,
    );
  }
  return found;
}

function fromFirstLine(head: string): Format | undefined {
  const nl = head.indexOf('\n');
  const first = (nl < 0 ? head : head.slice(0, nl)).trim();
  if (!first) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(first);
  } catch {
    return undefined;
  }
  if (Array.isArray(v)) return fromArray(v);
  return isObj(v) ? fromRecord(v) : undefined;
}

function fromRecord(o: Record<string, unknown>): Format | undefined {
  // Codex rollouts: {timestamp, type, payload}, the first line being the session_meta
  if (typeof o.type === 'string' && isObj(o.payload) && ['session_meta', 'response_item', 'event_msg', 'turn_context'].includes(o.type)) return 'codex';
  if (typeof o.type === 'string' && CLAUDE_CODE_TYPES.has(o.type) && ('sessionId' in o || 'uuid' in o || 'message' in o || 'messageId' in o || 'leafUuid' in o)) {
    return 'claude-code';
  }
  if (typeof o.role === 'string') return 'openai';
  if (Array.isArray(o.conversations)) return 'sharegpt';
  if (Array.isArray(o.messages) && ('trajectory_format' in o || 'info' in o)) return 'mini-swe-agent';
  if (Array.isArray(o.messages)) return 'openai';
  if (Array.isArray(o.trajectory) && Array.isArray(o.history)) return 'swe-agent';
  if (Array.isArray(o.history)) return 'openhands';
  if (typeof o.source === 'string' && ('action' in o || 'observation' in o)) return 'openhands';
  return undefined;
}

function fromArray(a: unknown[]): Format | undefined {
  const e = a.find(isObj);
  if (!e) return undefined;
  if (typeof e.source === 'string' && ('action' in e || 'observation' in e)) return 'openhands';
  if (typeof e.from === 'string' && 'value' in e) return 'sharegpt';
  if (Array.isArray(e.conversations)) return 'sharegpt';
  if (typeof e.role === 'string') return 'openai';
  return undefined;
}

function fromHead(head: string): Format | undefined {
  // Gemini CLI sessions: {"sessionId", "projectHash", "startTime", ..., "messages": [{"type": "user"|"gemini"}]}
  if (/"sessionId"\s*:/.test(head) && /"projectHash"\s*:|"type"\s*:\s*"gemini"/.test(head)) return 'gemini-cli';
  if (/"mini_version"|"trajectory_format"\s*:\s*"mini/.test(head)) return 'mini-swe-agent';
  if (/"trajectory"\s*:\s*\[/.test(head)) return 'swe-agent';
  if (/^\s*\[/.test(head) && /"source"\s*:/.test(head) && /"(action|observation)"\s*:/.test(head)) return 'openhands';
  if (/"conversations"\s*:|"from"\s*:\s*"(human|gpt|system)"/.test(head)) return 'sharegpt';
  if (/"role"\s*:\s*"(system|user|assistant|tool)"/.test(head)) return 'openai';
  return undefined;
}
