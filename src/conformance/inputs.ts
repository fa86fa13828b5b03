/**
 * Finding and reading conformance inputs. A PATH is a file or a directory (walked recursively, in
 * sorted order). `*.json` files are single-call cases; a `*.jsonl` trace with its sibling
 * `.config.json` and `.result.json` is a session replay (naming either sibling selects the replay).
 * Anything unreadable or of the wrong shape is bad input, reported with the file name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export class ConformanceInputError extends Error {}

export type ConformanceItem =
  | { kind: 'case'; name: string; file: string }
  | { kind: 'replay'; name: string; trace: string; config: string; result: string };

const REPLAY_SIBLINGS = ['.config.json', '.result.json'];

function replayItem(base: string, name: string): ConformanceItem {
  const item = { kind: 'replay' as const, name, trace: `${base}.jsonl`, config: `${base}.config.json`, result: `${base}.result.json` };
  for (const f of [item.trace, item.config, item.result]) {
    if (!existsSync(f)) throw new ConformanceInputError(`replay ${name}: missing ${f}`);
  }
  return item;
}

/** The item a file stands for, or undefined for files a directory walk ignores. */
function itemFor(file: string, name: (stem: string) => string, explicit: boolean): ConformanceItem | undefined {
  const sibling = REPLAY_SIBLINGS.find((s) => file.endsWith(s));
  if (sibling) {
    const base = file.slice(0, -sibling.length);
    return explicit ? replayItem(base, name(base)) : undefined;
  }
  if (file.endsWith('.jsonl')) {
    const base = file.slice(0, -'.jsonl'.length);
    return replayItem(base, name(base));
  }
  if (file.endsWith('.json')) return { kind: 'case', name: name(file.slice(0, -'.json'.length)), file };
  if (explicit) throw new ConformanceInputError(`${file}: not a conformance case (.json) or replay (.jsonl)`);
  return undefined;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Every case and replay under the given paths, each once, in a stable order. */
export function discover(paths: readonly string[]): ConformanceItem[] {
  const items = new Map<string, ConformanceItem>();
  for (const p of paths) {
    if (!existsSync(p)) throw new ConformanceInputError(`path not found: ${p}`);
    if (statSync(p).isDirectory()) {
      const rel = (stem: string) => path.relative(p, stem) || path.basename(stem);
      for (const f of walk(p)) {
        const item = itemFor(f, rel, false);
        if (item) items.set(item.kind === 'case' ? item.file : item.trace, item);
      }
    } else {
      const item = itemFor(p, (stem) => path.basename(stem), true)!;
      items.set(item.kind === 'case' ? item.file : item.trace, item);
    }
  }
  return [...items.values()];
}

export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConformanceInputError(`${file}: ${(e as Error).message}`);
  }
}

/** The turns of a replay trace: one JSON array of messages per non-empty line. */
export function readTrace(file: string): unknown[][] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: unknown[][] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new ConformanceInputError(`${file}:${i + 1}: ${(e as Error).message}`);
    }
    if (!Array.isArray(v)) throw new ConformanceInputError(`${file}:${i + 1}: expected a JSON array of messages`);
    out.push(v);
  });
  return out;
}
