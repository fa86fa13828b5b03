/**
 * Test fixtures: messages with a stated token count, and a TokenCounter that returns exactly those counts,
 * so worked examples can be computed by hand.
 */
import type { Message, ToolCall } from '../../src/core/messages.js';
import type { TokenCounter } from '../../src/core/tokens.js';
import { createCacheModel, type CacheModel, type CacheModelOptions } from '../../src/cache/model.js';
import { getProfile, type CacheProfile } from '../../src/cache/profiles.js';

const counts = new WeakMap<Message, number>();
let uid = 0;

/** A message of `role` that counts as `tokens` tokens; its content is unique. */
export function m(role: Message['role'], tokens: number, extra: Partial<Message> = {}): Message {
  const msg: Message = { role, content: `${role} #${++uid}`, ...extra };
  if (role === 'tool' && msg.tool_call_id === undefined) msg.tool_call_id = `call_${uid}`;
  counts.set(msg, tokens);
  return Object.freeze(msg);
}

/** An assistant message with `calls` tool calls and no text (so `calls` content blocks). */
export function toolCalls(calls: number, tokens: number): Message {
  const tool_calls: ToolCall[] = Array.from({ length: calls }, (_, i) => ({
    id: `c${uid}_${i}`, type: 'function', function: { name: 'bash', arguments: `{"i":${i}}` },
  }));
  return m('assistant', tokens, { content: null, tool_calls });
}

export interface CountingCounter extends TokenCounter {
  calls: number;
}

/** Returns each fixture message's stated count; counts calls to `message` (to check incrementality). */
export function fixedTokens(): CountingCounter {
  const c: CountingCounter = {
    calls: 0,
    count: (t) => t.length,
    message: (msg) => {
      c.calls++;
      const n = counts.get(msg);
      if (n === undefined) throw new Error('message without a stated token count');
      return n;
    },
    messages: (msgs) => msgs.reduce((s, x) => s + c.message(x), 0),
    rough: (t) => Math.ceil(t.length / 4),
    prime: () => {},
  };
  return c;
}

export function profile(id: string): CacheProfile {
  const p = getProfile(id);
  if (!p) throw new Error(`no profile ${id}`);
  return p;
}

/** A model plus a tiny driver that tracks the previous request (as the harness would). */
export function driver(p: CacheProfile | string, opts: Partial<CacheModelOptions> = {}) {
  const model: CacheModel = createCacheModel(typeof p === 'string' ? profile(p) : p, { tokens: fixedTokens(), ...opts });
  let prev: readonly Message[] = [];
  return {
    model,
    /** send `request` at time `now`; `changedFrom` defaults to the pure-append value */
    send(request: readonly Message[], now: number, o: { changedFrom?: number; editKind?: 'none' | 'history' | 'view'; output?: number } = {}) {
      let k = o.changedFrom;
      if (k === undefined) {
        k = 0;
        while (k < prev.length && k < request.length && prev[k] === request[k]) k++;
      }
      prev = request;
      return model.price({ request, changedFrom: k, now, outputTokens: o.output ?? 0, editKind: o.editKind ?? 'none' });
    },
  };
}

/** USD for `tokens` at `pricePerM` dollars per million. */
export const usd = (tokens: number, pricePerM: number): number => (tokens * pricePerM) / 1_000_000;
