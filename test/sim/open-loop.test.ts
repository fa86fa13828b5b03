/**
 * `--open-loop` restores the records of the simulator before needs and the closed-loop default: the same
 * steps, events and telemetry, byte for byte, apart from the new columns (needsUnmet, needsBroken).
 * The hashes were computed by the same code on the commit before that work (84727db, where open loop was
 * the default, and `hermes` was what is now `hermes@8fa8aabb`), without the columns that name the policy.
 * If a later change moves costs on purpose, recompute them there and here and say why.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/cli/plan-spec.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { EVENT_COLUMNS, STEP_COLUMNS, toCsv } from '../../src/report/csv.js';
import { planCells, runCells } from '../../src/sim/run.js';

// hermes at the version 84727db shipped as its default (this wave made today's Hermes the default)
const POLICIES = ['none', 'hermes@8fa8aabb', 'claude-code', 'codex', 'aider', 'recent-tools-summary'];

function digest(openLoop: boolean) {
  const plan = buildPlan({ scenario: ['small-32k', 'swe-bash-128k'], policy: POLICIES, seeds: 1, maxSteps: 250, ...(openLoop ? { openLoop } : {}) });
  const runs = runCells(planCells(plan), () => createTokenCounter(), { optimum: false });
  // the columns added since: needs (this issue) and each step's context window (issue 32); and the policy's
  // names, since hermes is named by its version here (its paramsHash and label differ, its records do not)
  const NEW = new Set(['needsUnmet', 'needsBroken', 'contextWindow', 'policy', 'policyLabel', 'paramsHash']);
  const old = (cols: readonly string[]) => cols.filter((c) => !NEW.has(c));
  const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);
  return {
    steps: h(toCsv(runs.flatMap((r) => r.steps), old(STEP_COLUMNS))),
    events: h(toCsv(runs.flatMap((r) => r.events), old(EVENT_COLUMNS))),
    // telemetry added since: the closed loop's band (reaction.*) and Claude Code's rejection clears (issue 30)
    telemetry: h(JSON.stringify(runs.map((r) => Object.fromEntries(Object.entries(r.telemetry).filter(([k]) => !k.startsWith('reaction.') && k !== 'rejectionClears'))))),
  };
}

describe('--open-loop', () => {
  it('gives the records of the open-loop simulator before needs, byte for byte', () => {
    expect(digest(true)).toEqual({ steps: '8128996f23368029', events: '1588c9760e4ef7d0', telemetry: '12ae350e18813973' });
  });

  it('the default (closed loop) differs: forgetting now costs re-fetches', () => {
    expect(digest(false).steps).not.toBe('8128996f23368029');
  });
});
