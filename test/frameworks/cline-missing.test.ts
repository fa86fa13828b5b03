/**
 * `cline-sdk` where it cannot run: on Node < 22 the session fails with the Node it needs, and on Node 22
 * without @cline/core (this repository's own npm ci installs none of the frameworks) with what to
 * install. Either is one line in the failure row; the rest of the run goes on.
 */
import { describe, expect, it } from 'vitest';
import { clineSdkPolicy } from '../../src/frameworks/cline/definition.js';
import { runFixture } from '../sim/fixtures.js';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

describe('cline-sdk without its package or its Node', () => {
  it('fails the session with the one line that says what to do', () => {
    const run = runFixture(clineSdkPolicy, { turns: 2, stepsPerTurn: 2 }, { packageDir: '/nonexistent' });
    expect(run.failure).not.toBeNull();
    const why = JSON.stringify(run.failure);
    if (NODE_MAJOR < 22) expect(why).toMatch(/needs Node >= 22; this is Node 2\d/);
    else expect(why).toMatch(/not installed in \/nonexistent: npm install @cline\/core@0\.0\.86/);
  });
});
