/**
 * src/frameworks/requirements.ts against the registry and the oracle folders: every registered framework
 * entry says what it runs and where, and what it says is what the folders pin (package.json and lockfile)
 * and what the packages' own `engines` allow.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAMEWORK_REGISTRY } from '../../src/policies/registry.js';
import { FRAMEWORK_REQUIREMENTS, REPORT_NODE_MAJORS, installOn, packagesText, requirementOf, type NodeMajor } from '../../src/frameworks/requirements.js';

/** the Node each major is checked at: the floor package.json engines allow, and the Node 22 CI runs */
const NODE_AT: Record<NodeMajor, [number, number, number]> = { 20: [20, 19, 0], 22: [22, 23, 3] };

/** Whether version v satisfies an npm `engines` range of the forms the pinned packages use (>=, ^, ||). */
function satisfies(range: string, v: [number, number, number]): boolean {
  const cmp = (a: number[], b: number[]): number => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  const parse = (s: string): number[] => [...s.split('.').map(Number), 0, 0].slice(0, 3);
  return range.split('||').some((alt) => alt.trim().split(/\s+/).every((c) => {
    if (c.startsWith('>=')) return cmp(v, parse(c.slice(2))) >= 0;
    if (c.startsWith('^')) return v[0] === parse(c.slice(1))[0] && cmp(v, parse(c.slice(1))) >= 0;
    if (c.startsWith('<')) return cmp(v, parse(c.slice(1))) < 0;
    throw new Error(`range form not handled: ${c}`);
  }));
}

type Lock = { packages: Record<string, { version: string; engines?: { node?: string } }> };
const lock = (dir: string): Lock => JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lock;
const manifest = (dir: string): { dependencies: Record<string, string> } => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

describe('framework requirements', () => {
  it('every registered framework entry has one', () => {
    for (const id of FRAMEWORK_REGISTRY.keys()) expect(() => requirementOf(id), id).not.toThrow();
    expect(() => requirementOf('no-such-entry')).toThrow(/requirements\.ts/);
  });

  it("pins what the oracle folders' package.json and lockfile pin", () => {
    for (const [id, req] of Object.entries(FRAMEWORK_REQUIREMENTS)) {
      for (const install of req.installs) {
        const deps = manifest(install.dir).dependencies;
        const locked = lock(install.dir).packages;
        for (const [name, version] of Object.entries(install.packages)) {
          expect(deps[name], `${id}: ${name} in ${install.dir}/package.json`).toBe(version);
          expect(locked[`node_modules/${name}`]?.version, `${id}: ${name} in ${install.dir}/package-lock.json`).toBe(version);
        }
      }
    }
  });

  it('runs each entry on a Node its packages support, and leaves out only the majors they do not', () => {
    for (const [id, req] of Object.entries(FRAMEWORK_REQUIREMENTS)) {
      for (const node of REPORT_NODE_MAJORS) {
        const install = installOn(id, node);
        if (install) {
          const locked = lock(install.dir).packages;
          for (const name of Object.keys(install.packages)) {
            const engines = locked[`node_modules/${name}`]?.engines?.node ?? '>=0';
            expect(satisfies(engines, NODE_AT[node]), `${id}: ${name} (${engines}) on Node ${node}`).toBe(true);
          }
        } else {
          // the package named as the limit really excludes that major
          const [name, version] = req.limitedBy.split(/@(?=[^@]+$)/) as [string, string];
          const where = req.installs.find((i) => i.packages[name] === version)!;
          const engines = lock(where.dir).packages[`node_modules/${name}`]!.engines!.node!;
          expect(satisfies(engines, NODE_AT[node]), `${id}: ${req.limitedBy} (${engines}) excludes Node ${node}`).toBe(false);
        }
      }
    }
  });

  it("names the user files the module entries run, and they exist", () => {
    for (const req of Object.values(FRAMEWORK_REQUIREMENTS)) {
      for (const install of req.installs) {
        const file = /module=([^,]+)/.exec(install.params ?? '')?.[1];
        if (file) expect(existsSync(file), file).toBe(true);
        if (file) expect(file.startsWith(`${install.dir}/`), `${file} resolves its packages from ${install.dir}`).toBe(true);
      }
    }
    expect(packagesText(installOn('langchain-trim', 22)!)).toBe('langchain@1.5.14 + @langchain/core@1.4.0');
  });
});
