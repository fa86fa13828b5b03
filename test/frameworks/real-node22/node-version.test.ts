/**
 * The Node 22 framework project runs where its packages can: @mastra/core 1.x needs Node >= 22.13
 * (`npm run test:frameworks:node22` puts a registry build of Node 22 first on PATH).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks-node22/node_modules/@mastra/core');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks-node22 is not installed: run npm run test:frameworks:node22');

describe.skipIf(!INSTALLED)('the Node 22 framework oracles', () => {
  it('run on a Node that the pinned packages support (>= 22.13)', () => {
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 22 || (major === 22 && minor >= 13)).toBe(true);
  });
});
