/**
 * Random request sequences for the cache model's tests: appends, edits of the head (the task message
 * rewritten) and of the body, dropped runs, shorter requests, requests that restore an earlier one, and
 * keyed edits whose token counts change under unchanged keys; each with the hint the harness would give.
 */
import fc from 'fast-check';
import type { Message } from '../../src/core/messages.js';
import { m, toolCalls } from './helpers.js';

export const opArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 4 }), calls: fc.nat({ max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('head' as const), at: fc.nat({ max: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('body' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), drop: fc.nat({ max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), keep: fc.nat({ max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), back: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('keyed' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
);
export type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

export interface Step {
  request: Message[];
  /** what the cache keys on (a keyed edit: the previous keys, with new content in `request`) */
  keys: Message[];
  changedFrom: number;
  contentChangedFrom?: number;
}

/**
 * The requests `ops` produce, each with the hint the harness would give: `changedFrom` is the first
 * position whose key or content differs from the last request's (a keyed edit changes content under
 * unchanged keys, and says where with `contentChangedFrom`).
 */
export function requests(ops: Op[]): Step[] {
  const out: Step[] = [];
  let req: Message[] = [m('system', 500), m('user', 80)];
  let prev: Message[] = [];
  let prevReq: Message[] = [];
  const push = (next: Message[], keys = next, contentChangedFrom?: number): void => {
    let k = 0;
    while (k < prev.length && k < keys.length && prev[k] === keys[k] && (contentChangedFrom !== undefined || prevReq[k] === next[k])) k++;
    out.push({ request: next, keys, changedFrom: k, ...(contentChangedFrom !== undefined ? { contentChangedFrom } : {}) });
    prev = keys;
    prevReq = next;
    req = next;
  };
  push(req);
  for (const op of ops) {
    if (op.kind === 'append') {
      const added = Array.from({ length: op.n }, (_, i) => (i === 0 && op.calls ? toolCalls(op.calls, 40) : m(i % 2 ? 'tool' : 'assistant', 30 + i)));
      push([...req, ...added]);
    } else if (op.kind === 'head') {
      const at = Math.min(op.at, req.length - 1);
      push([...req.slice(0, at), m(at ? 'user' : 'system', 100 + out.length), ...req.slice(at + 1)]);
    } else if (op.kind === 'body') {
      const at = Math.floor(op.at * req.length);
      push([...req.slice(0, at), m('user', 20), ...req.slice(Math.min(req.length, at + 1 + op.drop))]);
    } else if (op.kind === 'cut') {
      push(req.slice(0, Math.max(1, op.keep)));
    } else if (op.kind === 'restore') {
      push(out[op.back % out.length]!.request);
    } else {
      // a server-side edit: the cache keys on the previous keys, the request has new content from `at` on
      const at = Math.floor(op.at * req.length);
      push(req.map((x, i) => (i >= at && x.role === 'tool' ? m('tool', 5) : x)), prev, at);
    }
  }
  return out;
}

