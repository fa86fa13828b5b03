import { describe, expect, it } from 'vitest';
import { PRUNED } from '../../src/policies/opencode/config.js';
import { kilocodePolicy, opencodePolicy } from '../../src/policies/opencode/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, toolMessages, turn, usage } from './helpers.js';
import { getPolicy } from '../../src/policies/registry.js';

/** The previous port's defaults (prune on, 2 turns / 8k, no reserve without an input limit): these cases test that behaviour. */
const OPENCODE_001 = getPolicy('opencode@001aa6cc');

const h = history(turn({ resultTokens: 10_000, calls: 10 }, 'a'), turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));

describe('kilocode', () => {
  it('does not prune on normal turns unless enabled (nor does opencode since 31e22f65; opencode@001aa6cc did)', () => {
    expect(create(opencodePolicy).afterStep!(h, usage(1_000), makeCtx())).toBeUndefined();
    expect(create(kilocodePolicy).afterStep!(h, usage(1_000), makeCtx())).toBeUndefined();
    expect(create(OPENCODE_001).afterStep!(h, usage(1_000), makeCtx())).toMatchObject({ kind: 'prune' });
    expect(create(kilocodePolicy, { prune: true }).afterStep!(h, usage(1_000), makeCtx())).toMatchObject({ kind: 'prune' });
  });

  it('prunes right after a compaction, in the same rewrite', () => {
    // a large kept tail (preserveRecentTokens) whose older turn holds > 60k of outputs
    const long = history(turn({ resultTokens: 2_000, calls: 3 }, 'a'), turn({ resultTokens: 10_000, calls: 10 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    const params = { preserveRecentTokens: 500_000 };
    const kilo = create(kilocodePolicy, params).beforeStep!(long, makeCtx({ lastUsage: usage(190_000) })) as PolicyResult;
    const open = create(OPENCODE_001, params).beforeStep!(long, makeCtx({ lastUsage: usage(190_000) })) as PolicyResult;
    expect(kilo.kind).toBe('summary');
    expect(kilo.detail?.postCompactionPrune).toBe(true);
    expect(toolMessages(kilo.history).filter((m) => m.content === PRUNED)).toHaveLength(6);
    expect(toolMessages(open.history).some((m) => m.content === PRUNED)).toBe(false);
  });

  it('prunes first when a request overflows the window (payload limit)', () => {
    const r = create(kilocodePolicy).onOverflow!(h, makeCtx()) as PolicyResult;
    expect(r.kind).toBe('prune');
    expect(r.note).toMatch(/payload-limit/);
    expect(create(OPENCODE_001).onOverflow!(h, makeCtx())).toMatchObject({ kind: 'summary' });
  });
});
