/**
 * Properties of the cache model over random request sequences (fast-check): the token split always adds
 * up, quantities respect each provider's units and minimums, replays are deterministic, and a pure-append
 * sequence within the TTL never breaks the cache.
 */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { createCacheModel } from '../../src/cache/model.js';
import { PROFILES } from '../../src/cache/profiles.js';
import type { Message } from '../../src/core/messages.js';
import type { Usage } from '../../src/core/usage.js';
import { fixedTokens, m, toolCalls } from './helpers.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 100);
const ids = Object.keys(PROFILES);

type Op =
  | { kind: 'append'; sizes: number[]; calls: number; dt: number }
  | { kind: 'edit'; at: number; size: number; view: boolean; dt: number };

const appendOp = (maxDt: number) => fc.record({
  kind: fc.constant('append' as const),
  sizes: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 3 }),
  calls: fc.integer({ min: 0, max: 6 }),
  dt: fc.integer({ min: 0, max: maxDt }),
});
const editOp = fc.record({
  kind: fc.constant('edit' as const),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  size: fc.integer({ min: 1, max: 2000 }),
  view: fc.boolean(),
  dt: fc.integer({ min: 0, max: 4000 }),
});

/** Replays ops through a fresh model; returns every step's usage. */
function replay(id: string, sysTokens: number, ops: Op[], seed: number): Usage[] {
  const model = createCacheModel(PROFILES[id]!, { tokens: fixedTokens(), rng: seedrandom.alea(String(seed)) });
  let req: Message[] = [m('system', sysTokens)];
  let prev = 0;
  let now = 0;
  const out: Usage[] = [model.price({ request: req, changedFrom: 0, now, outputTokens: 10, editKind: 'none' })];
  for (const op of ops) {
    now += op.dt;
    let k = req.length;
    if (op.kind === 'append') {
      const added = op.sizes.map((s, i) => (i === 0 && op.calls > 0 ? toolCalls(op.calls, s) : m(i % 2 ? 'tool' : 'user', s)));
      req = [...req, ...added];
    } else {
      k = Math.max(1, Math.floor(op.at * req.length));
      req = [...req.slice(0, k), m('user', op.size), ...req.slice(k + 1)];
    }
    const changedFrom = Math.min(k, prev);
    const editKind = op.kind === 'edit' ? (op.view ? 'view' : 'history') : 'none';
    out.push(model.price({ request: req, changedFrom, now, outputTokens: 10, editKind }));
    prev = req.length;
  }
  return out;
}

describe('cache model properties', () => {
  it('cacheRead + cacheWrite + uncached == promptTokens, within each provider\'s units and minimums', () => {
    fc.assert(fc.property(
      fc.constantFrom(...ids), fc.integer({ min: 1, max: 6000 }),
      fc.array(fc.oneof(appendOp(700), editOp), { maxLength: 25 }), fc.integer(),
      (id, sysTokens, ops, seed) => {
        const p = PROFILES[id]!;
        for (const u of replay(id, sysTokens, ops, seed)) {
          expect(u.cacheReadTokens + u.cacheWriteTokens + u.uncachedTokens).toBe(u.promptTokens);
          expect(Math.min(u.cacheReadTokens, u.cacheWriteTokens, u.uncachedTokens)).toBeGreaterThanOrEqual(0);
          if (u.cacheReadTokens > 0) expect(u.cacheReadTokens).toBeGreaterThanOrEqual(p.minCacheableTokens);
          if (p.granularity.kind === 'prefix') {
            expect(u.cacheWriteTokens).toBe(0);
            expect(u.cacheReadTokens % p.granularity.unitTokens).toBe(0);
          }
          const c = u.cost!;
          expect(c.total).toBeCloseTo(c.uncached + c.cacheWrite + c.cacheRead + c.output, 12);
        }
      },
    ), { numRuns: RUNS });
  });

  it('replays are deterministic for a given seed', () => {
    fc.assert(fc.property(
      fc.constantFrom(...ids), fc.array(fc.oneof(appendOp(700), editOp), { maxLength: 15 }), fc.integer(),
      (id, ops, seed) => {
        expect(replay(id, 3000, ops, seed)).toEqual(replay(id, 3000, ops, seed));
      },
    ), { numRuns: Math.ceil(RUNS / 2) });
  });

  it('a pure-append sequence within the TTL never breaks (prefix providers; Gemini with a hitting rng)', () => {
    const prefixIds = ids.filter((id) => PROFILES[id]!.granularity.kind === 'prefix');
    fc.assert(fc.property(
      fc.constantFrom(...prefixIds), fc.integer({ min: 1, max: 6000 }),
      fc.array(appendOp(299), { maxLength: 25 }),
      (id, sysTokens, ops) => {
        const model = createCacheModel(PROFILES[id]!, { tokens: fixedTokens(), rng: () => 0 });
        let req: Message[] = [m('system', sysTokens)];
        let now = 0;
        model.price({ request: req, changedFrom: 0, now, outputTokens: 0, editKind: 'none' });
        for (const op of ops) {
          const k = req.length;
          req = [...req, ...op.sizes.map((s) => m('user', s))];
          now += op.dt;
          expect(model.price({ request: req, changedFrom: k, now, outputTokens: 0, editKind: 'none' }).breakCause).toBeNull();
        }
      },
    ), { numRuns: RUNS });
  });

  it('Anthropic auto mode: appends of at most 20 blocks within 5 minutes never break', () => {
    fc.assert(fc.property(
      fc.constantFrom('claude-sonnet-4.5', 'claude-opus-4.5-1h', 'claude-haiku-4.5'), fc.integer({ min: 1, max: 6000 }),
      fc.array(fc.record({ calls: fc.integer({ min: 1, max: 18 }), sizes: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 3 }), dt: fc.integer({ min: 0, max: 299 }) }), { maxLength: 25 }),
      (id, sysTokens, ops) => {
        // up to 18 calls + 2 results = 20 blocks per append
        const model = createCacheModel(PROFILES[id]!, { tokens: fixedTokens() });
        let req: Message[] = [m('system', sysTokens)];
        let now = 0;
        model.price({ request: req, changedFrom: 0, now, outputTokens: 0, editKind: 'none' });
        for (const op of ops) {
          const k = req.length;
          req = [...req, toolCalls(op.calls, op.sizes[0]!), ...op.sizes.slice(1).map((s) => m('tool', s))];
          now += op.dt;
          expect(model.price({ request: req, changedFrom: k, now, outputTokens: 0, editKind: 'none' }).breakCause).toBeNull();
        }
      },
    ), { numRuns: RUNS });
  });
});
