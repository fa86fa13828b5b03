/**
 * Test helpers: the raw → reference-conversion pairs listed in shared/traces/PROVENANCE.md, and a
 * comparison of an import against its reference (roles, contents, call/result pairing; synthesized
 * ids may differ but must pair the same way).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../src/core/messages.js';

import { SHARED_DIR } from '../shared-data.js';

export const SHARED = SHARED_DIR;
export const TRACES = path.join(SHARED, 'traces');

export interface ReferencePair {
  raw: string;
  converted: string;
}

/** Rows `| raw file | repo path | sha | converted.jsonl | what |` of PROVENANCE.md whose files exist. */
export function referencePairs(): ReferencePair[] {
  const text = readFileSync(path.join(TRACES, 'PROVENANCE.md'), 'utf8');
  const out: ReferencePair[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !cells[4]?.endsWith('.jsonl')) continue;
    const raw = path.join(TRACES, cells[1]!);
    const converted = path.join(TRACES, 'openai', cells[4]!);
    if (existsSync(raw) && existsSync(converted)) out.push({ raw, converted });
  }
  return out;
}

export function readJsonl(file: string): Message[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Message);
}

/** Differences between an import and its reference; empty when they match. */
export function compareMessages(mine: readonly Message[], ref: readonly Message[], opts: { reasoning?: boolean } = {}): string[] {
  const diffs: string[] = [];
  if (mine.length !== ref.length) diffs.push(`message count ${mine.length} vs reference ${ref.length}`);
  const idMap = new Map<string, string>();
  const pair = (refId: string, myId: string, where: string): void => {
    const known = idMap.get(refId);
    if (known === undefined) idMap.set(refId, myId);
    else if (known !== myId) diffs.push(`${where}: id ${myId} pairs differently from reference ${refId}`);
  };
  const n = Math.min(mine.length, ref.length);
  for (let i = 0; i < n && diffs.length < 20; i++) {
    const a = mine[i]!;
    const b = ref[i]!;
    const at = `message ${i}`;
    if (a.role !== b.role) {
      diffs.push(`${at}: role ${a.role} vs ${b.role}`);
      continue;
    }
    if (JSON.stringify(a.content ?? '') !== JSON.stringify(b.content ?? '')) {
      diffs.push(`${at}: content ${JSON.stringify(a.content).slice(0, 120)} vs ${JSON.stringify(b.content).slice(0, 120)}`);
    }
    if (opts.reasoning && (a.reasoning ?? '') !== (b.reasoning ?? '')) diffs.push(`${at}: reasoning differs`);
    const ac = a.tool_calls ?? [];
    const bc = b.tool_calls ?? [];
    if (ac.length !== bc.length) diffs.push(`${at}: ${ac.length} calls vs ${bc.length}`);
    ac.forEach((c, k) => {
      const r = bc[k];
      if (!r) return;
      if (c.function.name !== r.function.name) diffs.push(`${at} call ${k}: name ${c.function.name} vs ${r.function.name}`);
      if (c.function.arguments !== r.function.arguments) diffs.push(`${at} call ${k}: arguments ${c.function.arguments.slice(0, 80)} vs ${r.function.arguments.slice(0, 80)}`);
      pair(r.id, c.id, `${at} call ${k}`);
    });
    if (a.role === 'tool') {
      pair(b.tool_call_id ?? '', a.tool_call_id ?? '', `${at} result`);
      if ((a.name ?? '') !== (b.name ?? '')) diffs.push(`${at}: tool name ${a.name} vs ${b.name}`);
    }
  }
  return diffs;
}
