/** The hand-made ShareGPT fixture (4 trajectories) and the settings the tests run it with. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTrajectories } from '../../src/trajectories/jsonl.js';

export const FIXTURE = fileURLToPath(new URL('./fixture.jsonl', import.meta.url));

/** target 1600 / summary 100: one skipped, one compressed under target, two still over. */
export const SMALL = { targetMaxTokens: 1600, summaryTargetTokens: 100 };

export const loadFixture = () => parseTrajectories(readFileSync(FIXTURE, 'utf8'), FIXTURE);

export const byId = (id: string) => {
  const r = loadFixture().find((x) => x.record.id === id);
  if (!r) throw new Error(`fixture has no trajectory ${id}`);
  return r;
};
