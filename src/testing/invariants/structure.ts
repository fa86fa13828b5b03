/**
 * Structural invariants: the policy runs cleanly and leaves tool calls and results paired.
 * The pairing checks reuse `checkInvariants` (src/core/invariants.ts), the same function the
 * harness uses for its violation rows, in two modes:
 * - a history a hook returned may end with the last assistant's calls still waiting for their
 *   results (after a step, the results arrive with the next step), as the harness allows;
 * - a request as sent must have every call answered (what the provider APIs require).
 */
import { checkInvariants, type Violation, type ViolationCode } from '../../core/invariants.js';
import type { Message } from '../../core/messages.js';
import { messageHash } from '../../cache/hash.js';
import type { Observation } from '../observation.js';
import { requestFinding, rewrites, timeline, transitionFinding, type Finding, type Invariant } from '../invariant.js';

const memo = { pending: new WeakMap<readonly Message[], Violation[]>(), strict: new WeakMap<readonly Message[], Violation[]>() };

function violations(msgs: readonly Message[], strict: boolean): Violation[] {
  const table = strict ? memo.strict : memo.pending;
  let v = table.get(msgs);
  if (!v) {
    v = checkInvariants(msgs, { allowPendingTail: !strict });
    table.set(msgs, v);
  }
  return v;
}

/** The first pairing violation with one of `codes`, over rewrites (pending tail allowed) and requests (strict). */
function pairing(name: string, codes: readonly ViolationCode[], obs: Observation): Finding | null {
  const rewritten = new Set(rewrites(obs));
  for (const e of timeline(obs)) {
    if (e.type === 'transition') {
      if (!rewritten.has(e.t as never)) continue;
      const v = violations(e.t.output!, false).find((x) => codes.includes(x.code));
      if (v) return transitionFinding(name, e.t, `${e.t.phase} returned a history where ${v.detail} (message ${v.index}, code ${v.code})`);
    } else {
      const v = violations(e.r.messages, true).find((x) => codes.includes(x.code));
      if (v) return requestFinding(name, e.r, `the request sent at step ${e.r.step}: ${v.detail} (message ${v.index}, code ${v.code})`);
    }
  }
  return null;
}

export const noOrphanResult: Invariant = {
  name: 'no-orphan-result',
  description: 'Every tool result answers a call made earlier in the same history: in each history a hook returns and in each request.',
  check: (obs) => pairing('no-orphan-result', ['orphan-result', 'result-before-call'], obs),
};

export const noMissingResult: Invariant = {
  name: 'no-missing-result',
  description: 'Every tool call has its result: in each request as sent; in a returned history only the last assistant message may still be waiting for its results.',
  check: (obs) => pairing('no-missing-result', ['missing-result'], obs),
};

export const uniqueCallIds: Invariant = {
  name: 'unique-call-ids',
  description: 'No call id is used twice and no call is answered twice, in any returned history or request.',
  check: (obs) => pairing('unique-call-ids', ['duplicate-call-id', 'duplicate-result'], obs),
};

const MUTATION = /mutated its input/;

export const inputNotMutated: Invariant = {
  name: 'input-not-mutated',
  description: 'The policy never changes the history array or the messages it is given (the harness compares every element and freezes every message, deeply for generated ones).',
  check(obs) {
    const f = obs.failure;
    if (!f || !MUTATION.test(f.error)) return null;
    return { invariant: 'input-not-mutated', step: f.step, phase: f.phase, message: f.error };
  },
};

export const policyCompletes: Invariant = {
  name: 'policy-completes',
  description: 'Every hook returns normally with a well-formed result (no exception, a history of valid messages, a kind); the simulator can process what it returns.',
  check(obs) {
    const f = obs.failure;
    if (!f || MUTATION.test(f.error)) return null;
    return { invariant: 'policy-completes', step: f.step, phase: f.phase, message: f.error };
  },
};

/** A compact, comparable record of a run: hook calls, their results, the requests and the failure. */
function fingerprint(obs: Observation): string[] {
  // messageHash is the cache model's memoized wire hash: messages already sent cost nothing here
  const key = (msgs: readonly Message[] | undefined): string => (msgs ? msgs.map((m) => messageHash(m).toString(36)).join(',') : '-');
  const out = timeline(obs).map((e) => e.type === 'transition'
    ? `${e.t.phase}@${e.t.step} kind=${e.t.kind ?? ''} veto=${e.t.veto ?? ''} out=[${key(e.t.output)}]`
    : `request@${e.r.step} [${key(e.r.messages)}]`);
  out.push(`failure=${obs.failure ? `${obs.failure.phase}@${obs.failure.step}: ${obs.failure.error}` : 'none'}`);
  return out;
}

/** The first entry where two runs' fingerprints differ, as a message; null when they agree. */
function firstDifference(a: string[], b: string[], what: string): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) {
      const cut = (s: string | undefined): string => (s === undefined ? '(nothing)' : s.length > 160 ? `${s.slice(0, 160)}…` : s);
      return `${what} differs at entry ${i}: first ${cut(a[i])}, then ${cut(b[i])}`;
    }
  }
  return null;
}

export const deterministic: Invariant = {
  name: 'deterministic',
  description: 'The same case and seed give the same hook results, requests and outcome when run again from scratch with the wall clock a year later and Math.random reseeded (no clock, Math.random or state kept across sessions).',
  check(obs) {
    if (!obs.replay) return null;
    const d = firstDifference(fingerprint(obs), fingerprint(obs.replay()), 'a second run under a shifted clock');
    return d ? { invariant: 'deterministic', step: -1, phase: 'replay', message: d } : null;
  },
};

export const freshInstance: Invariant = {
  name: 'fresh-instance',
  description: 'A policy module keeps no state in module scope: the case gives the same results in a freshly imported instance of the module as in another fresh instance that first ran a different session (module files only; checked by `compactbench check` and checkTarget).',
  check(obs) {
    if (!obs.fresh) return null;
    const d = firstDifference(fingerprint(obs), fingerprint(obs.fresh), 'the run in a module instance that had already run another session');
    return d ? { invariant: 'fresh-instance', step: -1, phase: 'replay', message: d } : null;
  },
};
