/**
 * `--open-loop` restores the records of the simulator before needs and the closed-loop default: the same
 * steps, events and telemetry, byte for byte, apart from the new columns (needsUnmet, needsBroken).
 * The hashes were computed by the same code on the commit before that work (84727db, where open loop was
 * the default). If a later change moves costs on purpose, recompute them there and here and say why.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/cli/plan-spec.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { EVENT_COLUMNS, STEP_COLUMNS, toCsv } from '../../src/report/csv.js';
import { planCells, runCells } from '../../src/sim/run.js';

const POLICIES = ['none', 'hermes', 'claude-code', 'codex', 'aider', 'recent-tools-summary'];

function digest(openLoop: boolean) {
  const plan = buildPlan({ scenario: ['small-32k', 'swe-bash-128k'], policy: POLICIES, seeds: 1, maxSteps: 250, ...(openLoop ? { openLoop } : {}) });
  const runs = runCells(planCells(plan), () => createTokenCounter(), { optimum: false });
  const old = (cols: readonly string[]) => cols.filter((c) => c !== 'needsUnmet' && c !== 'needsBroken');
  const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);
  return {
    steps: h(toCsv(runs.flatMap((r) => r.steps), old(STEP_COLUMNS))),
    events: h(toCsv(runs.flatMap((r) => r.events), old(EVENT_COLUMNS))),
    telemetry: h(JSON.stringify(runs.map((r) => r.telemetry))),
  };
}

describe('--open-loop', () => {
  it('gives the records of the open-loop simulator before needs, byte for byte', () => {
    expect(digest(true)).toEqual({ steps: '01486683b19a4d50', events: '6f290df0bcc36f37', telemetry: '12ae350e18813973' });
  });

  it('the default (closed loop) differs: forgetting now costs re-fetches', () => {
    expect(digest(false).steps).not.toBe('01486683b19a4d50');
  });
});
