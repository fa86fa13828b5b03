/**
 * Source-code vocabulary for generated files: short blocks (a function, a class head, a test) in two
 * languages. Files are sequences of these blocks, so file reads, edits and diffs look like code a
 * coding agent reads. Written for compactbench (no upstream code is copied); names are placeholders
 * that `project.ts` does not substitute, which keeps every line a reusable, pre-counted piece.
 */

export type Lang = 'ts' | 'py';

export const HEADERS: Readonly<Record<Lang, readonly string[]>> = {
  ts: [
    "import { readFile } from 'node:fs/promises';",
    "import path from 'node:path';",
    "import type { Session, Message } from '../core/types.js';",
    "import { logger } from '../util/logger.js';",
    "import { z } from 'zod';",
  ],
  py: [
    'from __future__ import annotations',
    'import json',
    'import logging',
    'from dataclasses import dataclass, field',
    'from typing import Any, Iterable, Optional',
    'logger = logging.getLogger(__name__)',
  ],
};

export const BLOCKS: Readonly<Record<Lang, readonly (readonly string[])[]>> = {
  ts: [
    ['export interface SessionSummary {', '  id: string;', '  startedAt: number;', '  messageCount: number;', '  tokens?: number;', '}'],
    ['export function parseSession(raw: string): Session {', '  const lines = raw.split(\'\\n\').filter(Boolean);', '  const messages = lines.map((l) => JSON.parse(l) as Message);', '  if (messages.length === 0) throw new Error(`empty session: ${raw.length} bytes`);', '  return { id: messages[0].id, messages };', '}'],
    ['export async function loadSessions(dir: string): Promise<Session[]> {', '  const names = await listFiles(dir, \'.jsonl\');', '  const out: Session[] = [];', '  for (const name of names) {', '    const text = await readFile(path.join(dir, name), \'utf8\');', '    out.push(parseSession(text));', '  }', '  return out;', '}'],
    ['function countTokens(messages: readonly Message[]): number {', '  let total = 0;', '  for (const m of messages) total += estimate(m.content ?? \'\');', '  return total;', '}'],
    ['export class SessionStore {', '  private readonly cache = new Map<string, Session>();', '', '  constructor(private readonly root: string) {}', '', '  get(id: string): Session | undefined {', '    return this.cache.get(id);', '  }'],
    ['  async refresh(id: string): Promise<void> {', '    const file = path.join(this.root, `${id}.jsonl`);', '    const session = parseSession(await readFile(file, \'utf8\'));', '    this.cache.set(id, session);', '    logger.debug(\'refreshed session\', { id, size: session.messages.length });', '  }', '}'],
    ['const ConfigSchema = z.object({', '  root: z.string(),', '  maxSessions: z.number().int().positive().default(50),', '  watch: z.boolean().default(false),', '});', '', 'export type Config = z.infer<typeof ConfigSchema>;'],
    ['export function formatDuration(ms: number): string {', '  if (ms < 1000) return `${ms}ms`;', '  const s = Math.round(ms / 1000);', '  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;', '}'],
    ['describe(\'parseSession\', () => {', '  it(\'reads one message per line\', () => {', '    const session = parseSession(fixture(\'short.jsonl\'));', '    expect(session.messages).toHaveLength(4);', '  });', '', '  it(\'rejects an empty file\', () => {', '    expect(() => parseSession(\'\')).toThrow(/empty session/);', '  });', '});'],
    ['export function groupByDay(sessions: Session[]): Map<string, Session[]> {', '  const groups = new Map<string, Session[]>();', '  for (const s of sessions) {', '    const day = new Date(s.startedAt).toISOString().slice(0, 10);', '    const list = groups.get(day) ?? [];', '    list.push(s);', '    groups.set(day, list);', '  }', '  return groups;', '}'],
    ['  private handleError(err: unknown): never {', '    const message = err instanceof Error ? err.message : String(err);', '    logger.error(\'request failed\', { message });', '    throw new HttpError(500, message);', '  }'],
    ['router.get(\'/api/sessions/:id\', async (req, res) => {', '  const session = store.get(req.params.id);', '  if (!session) return res.status(404).json({ error: \'not found\' });', '  res.json(toSummary(session));', '});'],
  ],
  py: [
    ['@dataclass', 'class Annotation:', '    session_id: str', '    start_row: int', '    end_row: int', '    text: str = ""', '    tags: list[str] = field(default_factory=list)'],
    ['def load_annotations(path: str) -> list[Annotation]:', '    with open(path, encoding="utf-8") as fh:', '        rows = json.load(fh)', '    return [Annotation(**row) for row in rows]'],
    ['class Repository:', '    def __init__(self, root: str) -> None:', '        self.root = root', '        self._cache: dict[str, Any] = {}', '', '    def get(self, key: str) -> Optional[Any]:', '        return self._cache.get(key)'],
    ['    def save(self, key: str, value: Any) -> None:', '        if key in self._cache:', '            logger.debug("overwriting %s", key)', '        self._cache[key] = value', '        self._flush()'],
    ['def parse_timestamp(value: str) -> float:', '    """Parse an ISO-8601 timestamp into seconds since the epoch."""', '    if value.endswith("Z"):', '        value = value[:-1] + "+00:00"', '    return datetime.fromisoformat(value).timestamp()'],
    ['def test_load_annotations(tmp_path):', '    path = tmp_path / "notes.json"', '    path.write_text(json.dumps([{"session_id": "a", "start_row": 1, "end_row": 2}]))', '    notes = load_annotations(str(path))', '    assert len(notes) == 1', '    assert notes[0].session_id == "a"'],
    ['def merge_ranges(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:', '    merged: list[tuple[int, int]] = []', '    for start, end in sorted(ranges):', '        if merged and start <= merged[-1][1]:', '            merged[-1] = (merged[-1][0], max(merged[-1][1], end))', '        else:', '            merged.append((start, end))', '    return merged'],
    ['    def _flush(self) -> None:', '        tmp = os.path.join(self.root, ".cache.tmp")', '        with open(tmp, "w", encoding="utf-8") as fh:', '            json.dump(self._cache, fh, indent=2, sort_keys=True)', '        os.replace(tmp, os.path.join(self.root, "cache.json"))'],
    ['def handle_request(request: dict[str, Any]) -> dict[str, Any]:', '    try:', '        payload = validate(request["body"])', '    except KeyError as exc:', '        return {"status": 400, "error": f"missing field {exc}"}', '    result = process(payload)', '    return {"status": 200, "data": result}'],
    ['class TimeZoneTests(TestCase):', '    def test_aware_datetime_in_local_timezone(self):', '        dt = datetime.datetime(2011, 9, 1, 13, 20, 30, tzinfo=EAT)', '        Event.objects.create(dt=dt)', '        event = Event.objects.get()', '        self.assertEqual(event.dt, dt)'],
    ['    if settings.USE_TZ and not timezone.is_aware(value):', '        default_timezone = timezone.get_default_timezone()', '        value = timezone.make_aware(value, default_timezone)', '    return value'],
  ],
};

/** a few prose lines that appear in docs and comments inside files (README, docstrings) */
export const DOC_LINES: readonly string[] = [
  '# Project overview',
  'This service stores agent sessions and serves them to the dashboard.',
  '## Development',
  'Run the test suite with the default configuration before opening a pull request.',
  '- Sessions are read from the transcripts directory on startup.',
  '- Annotations are kept in SQLite and synced every few seconds.',
];
