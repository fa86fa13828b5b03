/**
 * Runs a policy with every history it returns and every request view it builds checked against the
 * provider invariants, counting only violations the workload itself does not already contain (real
 * transcripts may carry orphan results or unanswered calls; a policy must not add any).
 */
import { checkInvariants, type Violation } from '../../src/core/invariants.js';
import type { Message } from '../../src/core/messages.js';
import type { TokenCounter } from '../../src/core/tokens.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { ContextPolicy, HookResult, PolicyDefinition } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import type { Workload } from '../../src/workload/types.js';
import { SETTINGS } from '../sim/fixtures.js';

const key = (v: Violation): string => `${v.code}:${v.callId ?? ''}`;

/** Violations of the complete, unmanaged transcript (what the workload brings with it). */
export function baselineViolations(w: Workload): Set<string> {
  const all: Message[] = [];
  for (const st of w.steps) all.push(...st.append, st.response);
  return new Set(checkInvariants(all).map(key));
}

export interface Added {
  where: string;
  violation: Violation;
}

function instrument(def: PolicyDefinition, baseline: Set<string>, added: Added[]): PolicyDefinition {
  const check = (where: string, msgs: readonly Message[]): void => {
    for (const v of checkInvariants(msgs)) if (!baseline.has(key(v))) added.push({ where, violation: v });
  };
  const seen = (where: string, r: HookResult): HookResult => {
    if (r && 'history' in r) check(`${where}:${r.kind}`, r.history);
    return r;
  };
  return {
    ...def,
    create(params) {
      const p = def.create(params);
      const q: ContextPolicy = { id: p.id, params: p.params };
      if (p.onAppend) q.onAppend = (m, c) => p.onAppend!(m, c);
      if (p.beforeStep) q.beforeStep = (h, c) => seen('before', p.beforeStep!(h, c));
      if (p.afterStep) q.afterStep = (h, u, c) => seen('after', p.afterStep!(h, u, c));
      if (p.onOverflow) q.onOverflow = (h, c) => seen('overflow', p.onOverflow!(h, c));
      if (p.onCommand) q.onCommand = (cmd, a, h, c) => seen('command', p.onCommand!(cmd, a, h, c));
      if (p.telemetry) q.telemetry = () => p.telemetry!();
      if (p.view) {
        q.view = (h, c) => {
          const v = p.view!(h, c);
          const msgs = Array.isArray(v) ? v : (v as { messages: readonly Message[] }).messages;
          if (msgs !== h) check('view', msgs);
          return v;
        };
      }
      return q;
    },
  };
}

/** Runs `def` over `workload` (checked mode) and returns the run plus the violations it added. */
export function runChecked(def: PolicyDefinition, workload: Workload, tokens: TokenCounter, params: Record<string, unknown> = {}) {
  const added: Added[] = [];
  const wrapped = instrument(def, baselineViolations(workload), added);
  const run = runSession(makeSetup({ scenario: workload.id, seed: 1, workload, policy: resolvePolicy(wrapped, params), settings: SETTINGS, tokens, checked: true }));
  return { run, added };
}
