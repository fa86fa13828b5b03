/**
 * The installed command's V8 tier-up flag (bin/tier-up.js): named per V8 version, and known to the V8 it
 * is set on. An unknown flag is not ignored quietly: V8 prints "Error: unrecognized flag" on every start,
 * as Node 22 did with Node 20's flag. CI runs this file on each supported Node major.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tierUpFlag } from '../../bin/tier-up.js';

/** the flags V8 lists in `node --v8-options`, without their values (e.g. `--interrupt-budget`) */
function knownV8Flags(): Set<string> {
  const r = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
  return new Set([...r.stdout.matchAll(/^ {2}(--[a-z0-9-]+) \(/gm)].map((m) => m[1]!));
}

describe('tierUpFlag', () => {
  it('names the knob each checked V8 major has, and nothing for the others', () => {
    expect(tierUpFlag('11.3.244.8-node.38')).toBe('--interrupt-budget=1048576'); // Node 20
    expect(tierUpFlag('12.4.254.21-node.21')).toBe('--invocation-count-for-turbofan=15000'); // Node 22
    expect(tierUpFlag('13.6.233.17-node.53')).toBe('--invocation-count-for-turbofan=15000'); // Node 24
    expect(tierUpFlag('10.2.154.26-node.26')).toBeUndefined();
    expect(tierUpFlag('14.1.0')).toBeUndefined();
  });

  it(`is a flag this Node's V8 knows (V8 ${process.versions.v8})`, () => {
    const flag = tierUpFlag(process.versions.v8);
    const known = knownV8Flags();
    expect(known.size).toBeGreaterThan(100); // the listing was read
    if (flag === undefined) {
      // an unchecked V8: its defaults stay, and neither knob is set blindly
      expect(Number.parseInt(process.versions.v8, 10)).not.toBeOneOf([11, 12, 13]);
      return;
    }
    expect(known).toContain(flag.slice(0, flag.indexOf('=')));
  });
});
