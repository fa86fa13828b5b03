/**
 * Reading and writing trajectory JSONL: one record per line, each with
 * `conversations: [{from, value}, ...]` (the ShareGPT format Hermes Agent saves trajectories in;
 * seed 002, and `src/workload/import/sharegpt.ts` for the writer's side). Blank lines are skipped,
 * as upstream's loader does. Every malformed line is an error naming `file:line` and what is wrong;
 * upstream would pass a record without `conversations` through untouched, here it is an error,
 * because a file of such records is almost always the wrong file.
 */
import type { Turn } from './compress.js';

export class TrajectoryInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrajectoryInputError';
  }
}

export interface TrajectoryRecord {
  /** 1-based line number in the input file */
  line: number;
  /** the whole record, other fields included (they are written back unchanged) */
  record: Record<string, unknown>;
  conversations: Turn[];
}

const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

function parseTurns(where: string, raw: unknown): Turn[] {
  if (!Array.isArray(raw)) throw new TrajectoryInputError(`${where}: "conversations" must be an array of {from, value} turns, got ${describe(raw)}`);
  return raw.map((t, i) => {
    const at = `${where}: conversations[${i}]`;
    if (!t || typeof t !== 'object' || Array.isArray(t)) throw new TrajectoryInputError(`${at} must be an object with "from" and "value", got ${describe(t)}`);
    const turn = t as Record<string, unknown>;
    if (typeof turn.from !== 'string') throw new TrajectoryInputError(`${at}.from must be a string (system, human, gpt or tool), got ${describe(turn.from)}`);
    if (typeof turn.value !== 'string') throw new TrajectoryInputError(`${at}.value must be a string, got ${describe(turn.value)}`);
    return turn as Turn;
  });
}

/** Parses JSONL text; `file` names the source in error messages. */
export function parseTrajectories(text: string, file: string): TrajectoryRecord[] {
  const out: TrajectoryRecord[] = [];
  const lines = text.split('\n');
  lines.forEach((rawLine, i) => {
    const lineText = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (!lineText.trim()) return;
    const where = `${file}:${i + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(lineText);
    } catch (e) {
      throw new TrajectoryInputError(`${where}: not valid JSON (${(e as Error).message})`);
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new TrajectoryInputError(`${where}: expected a JSON object with "conversations", got ${describe(json)}`);
    const record = json as Record<string, unknown>;
    if (!('conversations' in record)) throw new TrajectoryInputError(`${where}: record has no "conversations" field (keys: ${Object.keys(record).join(', ') || 'none'})`);
    out.push({ line: i + 1, record, conversations: parseTurns(where, record.conversations) });
  });
  if (!out.length) throw new TrajectoryInputError(`${file}: no trajectories (the file is empty or blank)`);
  return out;
}

/** One JSON object per line, non-ASCII kept as is (upstream writes with ensure_ascii=False). */
export function formatJsonl(records: readonly Record<string, unknown>[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}
