/**
 * Needs of a generated session, drawn from the distributions fitted on recorded transcripts
 * (table.ts): per step a count, per need a kind and a distance back in steps, then a source at that
 * distance in the script — for `edit` and `reference` a tool result (an `edit` prefers a file read), for
 * `instruction` a user message. The span is one line of the source (a line of the file, a line of the
 * request); the identifier is the file, URL or command the source's call names. Drawn from a stream of
 * its own, so the script is the same with or without needs.
 */
import seedrandom from 'seedrandom';
import { contentText, type Message, type ToolCall } from '../../core/messages.js';
import { parseArgs } from '../../policies/shared/tool-calls.js';
import type { ScriptStep } from '../types.js';
import { QUANTILES, type NeedTable } from './fit.js';
import { identsIn } from './idents.js';
import { NEED_TABLE } from './table.js';
import { appendKey, NEED_KINDS, type Need, type NeedKind } from './types.js';

const MIN_PROBE = 8;
/** a longer "line" is not a line a step would quote whole */
const MAX_LINE = 200;

function draw(weights: readonly number[], u: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = u * total;
  for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) < 0) return i;
  return weights.length - 1;
}

function fromQuantiles(q: readonly number[], u: number): number {
  const x = u * (QUANTILES.length - 1);
  const i = Math.min(QUANTILES.length - 2, Math.floor(x));
  return Math.round(q[i]! + (q[i + 1]! - q[i]!) * (x - i));
}

/** the identifier a call names: its file, URL, or first identifier; else the tool and call id */
function identOf(call: ToolCall | undefined, fallback: string): string {
  if (!call) return fallback;
  const a = parseArgs(call.function.arguments);
  for (const k of ['file_path', 'path', 'url', 'pattern', 'command', 'query']) {
    const v = a?.[k];
    if (typeof v === 'string' && v.length) return identsIn(v)[0] ?? v.slice(0, 80);
  }
  return identsIn(call.function.arguments.slice(0, 500))[0] ?? `${call.function.name}#${call.id}`;
}

/**
 * A span at a uniformly drawn position of the source: the line there (a line of a file, of a listing),
 * or, where that line is too short or too long to be one (minified JSON, a one-line web page), the 40
 * characters around the position. Uniform in position so that a truncation that keeps the head or tail
 * of a long output keeps the spans there and loses the rest.
 */
function probeOf(text: string, u: number): string | undefined {
  if (text.trim().length < MIN_PROBE) return undefined;
  const at = Math.floor(u * text.length);
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? text.length : end).trim();
  if (line.length >= MIN_PROBE && line.length <= MAX_LINE) return line;
  const w = text.slice(Math.max(0, at - 20), at + 20).trim();
  return w.length >= MIN_PROBE ? w : text.trim().slice(0, 40);
}

interface Slot { key: string; msg: Message; step: number; read: boolean }

export function sampleNeeds(steps: readonly ScriptStep[], seed: string, table: NeedTable = NEED_TABLE): Need[] {
  const rng = seedrandom.alea(`${seed}:needs`);
  const calls = new Map<string, ToolCall>();
  const tools: Slot[][] = [];
  const users: Slot[][] = [];
  const needs: Need[] = [];
  const kinds = NEED_KINDS.map((k) => (table.distance[k].length ? table.kinds[k] : 0));
  steps.forEach((st, t) => {
    tools.push([]);
    users.push([]);
    st.append.forEach((m, k) => {
      if (m.role === 'tool' && m.tool_call_id) {
        const c = calls.get(m.tool_call_id);
        tools[t]!.push({ key: m.tool_call_id, msg: m, step: t, read: !!c && /read|view|cat/i.test(c.function.name + c.function.arguments.slice(0, 40)) });
      } else if (m.role === 'user') users[t]!.push({ key: appendKey(t, k), msg: m, step: t, read: false });
    });
    const n = draw(table.perStep, rng());
    const done = new Set<string>();
    for (let i = 0; i < n; i++) {
      const kind: NeedKind = NEED_KINDS[draw(kinds, rng())]!;
      const back = fromQuantiles(table.distance[kind], rng());
      const pool = kind === 'instruction' ? users : tools;
      let slot: Slot | undefined;
      for (let s = t - back; s >= 0 && !slot; s--) {
        const here = pool[s]!;
        if (!here.length) continue;
        slot = (kind === 'edit' ? here.find((x) => x.read) : undefined) ?? here[Math.floor(rng() * here.length)];
      }
      const u = rng();
      if (!slot || done.has(`${kind}:${slot.key}`)) continue;
      const text = contentText(slot.msg);
      const probe = probeOf(text, u);
      if (!probe) continue;
      done.add(`${kind}:${slot.key}`);
      const ident = kind === 'instruction' ? identsIn(probe)[0] ?? probe.slice(0, 80) : identOf(calls.get(slot.key), slot.key);
      needs.push({ step: t, source: slot.key, sourceStep: slot.step, kind, ident, probe });
    }
    for (const c of st.response.tool_calls ?? []) calls.set(c.id, c);
  });
  return needs;
}
