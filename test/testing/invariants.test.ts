import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import { nonePolicy } from '../../src/policies/none.js';
import { drive } from '../../src/testing/drive.js';
import type { Invariant } from '../../src/testing/invariant.js';
import {
  claimedTextKept, deterministic, inputNotMutated, INVARIANTS, lastUserKept, noMissingResult, noOrphanResult, policyCompletes,
  systemKept, uniqueCallIds, withinWindow,
} from '../../src/testing/invariants/index.js';
import { transitionObservation } from '../../src/testing/observation.js';
import { afterOver, def, fixedCase, lastIndexOf } from './helpers.js';

const failing = (inv: Invariant, p: ReturnType<typeof def>, c = fixedCase()) => inv.check(drive({ def: p }, c));

describe('a policy that does nothing', () => {
  it('holds every invariant on a conversation that overflows', () => {
    const obs = drive({ def: nonePolicy }, fixedCase());
    expect(obs.requests.length).toBe(12);
    expect(INVARIANTS.map((i) => i.check(obs)).filter(Boolean)).toEqual([]);
  });
});

describe('each invariant catches its violation', () => {
  it('no-orphan-result: dropping the assistant that made a call', () => {
    const p = afterOver('orphan', 0.5, (h) => ({ history: h.filter((m, i) => !(i === 1 && m.role === 'assistant')), kind: 'prune' }));
    expect(failing(noOrphanResult, p)?.message).toMatch(/has no matching call/);
  });

  it('no-missing-result: dropping a result the request needs', () => {
    const p = def('drop-result', () => ({
      beforeStep: (h) => (h[h.length - 1]?.role === 'tool' && h.length > 6 ? { history: h.slice(0, -1), kind: 'prune' } : undefined),
    }));
    const f = failing(noMissingResult, p);
    expect(f?.phase).toBe('request');
    expect(f?.message).toMatch(/has no result/);
  });

  it('unique-call-ids: re-inserting the tail twice', () => {
    const p = afterOver('dup', 0.5, (h) => ({ history: [...h.slice(0, -3), ...h.slice(-3, -1), ...h.slice(-3)], kind: 'summary' }));
    expect(failing(uniqueCallIds, p)).not.toBeNull();
  });

  it('input-not-mutated and policy-completes tell mutation from other failures', () => {
    const splice = afterOver('splice', 0.5, (h) => { (h as Message[]).splice(0, 2); return undefined; });
    expect(failing(inputNotMutated, splice)?.message).toMatch(/mutated its input/);
    expect(failing(policyCompletes, splice)).toBeNull();
    const edit = afterOver('edit', 0.5, (h) => { (h[1]!.tool_calls![0]!.function as { name: string }).name = 'x'; return undefined; });
    expect(failing(inputNotMutated, edit)?.message).toMatch(/mutated its input/);
    const thrower = afterOver('throw', 0.5, () => { throw new Error('boom'); });
    expect(failing(policyCompletes, thrower)?.message).toMatch(/boom/);
    expect(failing(inputNotMutated, thrower)).toBeNull();
  });

  it('last-user-kept: summarizing the current turn away mid-turn, not between turns', () => {
    // fixedCase has 4 steps per turn: steps 0-2 call tools, step 3 answers
    const at = (id: string, step: number, rewrite: (h: readonly Message[]) => Message[]) =>
      def(id, () => ({ afterStep: (h, _u, ctx) => (ctx.step === step ? { history: rewrite(h), kind: 'summary' } : undefined) }));
    const midTurn = at('mid-turn', 1, (h) => [user('[summary]'), ...h.slice(-1)]);
    expect(failing(lastUserKept, midTurn)?.message).toMatch(/after \(kind summary\) dropped the newest user message "Fix the parser\.", and the request at step 2 went out without it/);
    const offByOne = at('off-by-one', 1, (h) => [user('[summary]'), ...h.slice(lastIndexOf(h, 'user') + 1)]);
    expect(failing(lastUserKept, offByOne)).not.toBeNull();
    const merge = at('merge', 1, (h) => {
      const i = lastIndexOf(h, 'user');
      return [user(`[summary]\n\n${h[i]!.content as string}`), ...h.slice(i + 1)];
    });
    expect(failing(lastUserKept, merge)).toBeNull();
    const betweenTurns = at('between-turns', 3, (h) => [user('[summary]'), ...h.slice(-1)]);
    expect(failing(lastUserKept, betweenTurns)).toBeNull();
  });

  it('claimed-text-kept: a prune that drops assistant text; the same drop under a summary kind is not claimed', () => {
    const drop = (kind: string) => afterOver(kind, 0.5, (h) => ({ history: h.map((m, i) => (m.role === 'assistant' && i < h.length - 1 ? { ...m, content: null } : m)), kind }));
    expect(failing(claimedTextKept, drop('prune'))?.message).toMatch(/lost the text of assistant message/);
    expect(failing(claimedTextKept, drop('summary'))).toBeNull();
    expect(claimedTextKept.check(drive({ def: drop('summary') }, fixedCase()), { claims: { assistantText: true } })).not.toBeNull();
  });

  it('system-kept: dropping the system message of a history that carries it', () => {
    const p = def('drop-system', () => ({ beforeStep: (h) => (h[0]?.role === 'system' ? { history: h.slice(1), kind: 'trim' } : undefined) }));
    expect(failing(systemKept, p, fixedCase({ systemInHistory: true }))?.message).toMatch(/system message/);
    expect(failing(systemKept, p)).toBeNull(); // history without a system message: nothing to drop
  });

  it('within-window: a summary that keeps too much, unless it flags it', () => {
    const tooBig = (flag: boolean) => afterOver(`big-${flag}`, 1, (h) => ({ history: [user('[summary]'), ...h.slice(1)], kind: 'summary', ...(flag ? { detail: { overWindow: true } } : {}) }));
    expect(failing(withinWindow, tooBig(false))?.message).toMatch(/-token window and did not flag it/);
    expect(failing(withinWindow, tooBig(true))).toBeNull();
    const prune = afterOver('prune-some', 1, (h) => ({ history: [user('[pruned]'), ...h.slice(1)], kind: 'prune' }));
    expect(failing(withinWindow, prune)).toBeNull(); // partial clean-ups do not promise to fit
  });

  it('deterministic: hidden state across sessions changes the second run', () => {
    let sessions = 0;
    const p = def('stateful', () => {
      const mine = ++sessions;
      return { afterStep: (h, _u, ctx) => (ctx.step === 4 && mine % 2 === 1 ? { history: [...h], kind: 'noop' } : undefined) };
    });
    expect(failing(deterministic, p)?.message).toMatch(/a second run under a shifted clock differs/);
    expect(deterministic.check(drive({ def: nonePolicy }, fixedCase()))).toBeNull();
  });
});

describe('observations of direct hook calls', () => {
  it('apply the same invariants to one hook call made by hand', () => {
    const tokens = createTokenCounter();
    const c = call('c1', 'bash', {});
    const input = [user('go'), assistant(null, [c]), toolResult('c1', 'out'), assistant('done'), user('next')];
    const good = transitionObservation({ system: sys('s'), phase: 'before', input, output: [user('[summary] go'), assistant('done'), user('next')], kind: 'summary', contextWindow: 1000, tokens, lastUser: input[4] });
    const bad = transitionObservation({ system: sys('s'), phase: 'before', input, output: [toolResult('c1', 'out'), user('next')], kind: 'summary', contextWindow: 1000, tokens, lastUser: input[4] });
    expect(INVARIANTS.map((i) => i.check(good)).filter(Boolean)).toEqual([]);
    expect(noOrphanResult.check(bad)?.phase).toBe('before');
  });
});

describe('malformed results', () => {
  it('are a policy-completes failure, and the other invariants still run', () => {
    const p = afterOver('garbage', 0.5, () => ({ history: [null as unknown as Message], kind: 'summary' }));
    const obs = drive({ def: p }, fixedCase());
    expect(policyCompletes.check(obs)?.message).toMatch(/invalid message at index 0/);
    expect(INVARIANTS.filter((i) => i !== policyCompletes).map((i) => i.check(obs)).filter(Boolean)).toEqual([]);
    const badView = def('bad-view', () => ({ view: () => [{ role: 'user', content: 7 } as unknown as Message] }));
    const v = drive({ def: badView }, fixedCase());
    expect(policyCompletes.check(v)?.message).toMatch(/simulator failed on the policy's output/);
  });
});
