/**
 * Deeply nested YAML is refused before yaml composes it. Composing recurses once per level, and where the
 * stack runs out while V8 compiles a regular expression, V8 ends the process ("FATAL ERROR: RegExpCompiler
 * Allocation failed") instead of throwing: no `catch`, no message, and once a vitest worker lost mid-suite.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../src/cli/config.js';
import { MAX_INPUT_DEPTH, nestingDepth, parseDocument, yamlNestingDepth } from '../../src/core/input-text.js';
import { tempDir } from '../cli/helpers.js';

const flow = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('yamlNestingDepth', () => {
  it('counts collections as nestingDepth counts the parsed value', () => {
    const docs = [
      'plain scalar',
      'a: 1',
      'a: [1, {b: [2]}]\nc:\n  - d\n  - - e\n',
      '- - - x',
      'k: "[[[[ in a string ]]"',
      "k: '{{{'  # [[[ in a comment",
      '{a: {b: {c: []}}}',
      'x: !!seq [1, [2]]',
      'a: &x [1, [2]]\nb: *x',
      'text: |\n  [[[\n  {{{\n',
      `limits: ${flow(MAX_INPUT_DEPTH - 1)}`,
    ];
    for (const d of docs) expect(yamlNestingDepth(d), d).toBe(nestingDepth(parseYaml(d)));
  });

    // logLevel 'error': the library's process warning about the key is not this test's business (npm test stays quiet)
  it('counts a collection used as a key, which the value turns into a string', () => {
    expect(nestingDepth(parseYaml('? [a, [b]]\n: v', { logLevel: 'error' }))).toBe(1);
    expect(yamlNestingDepth('? [a, [b]]\n: v')).toBe(3); // never less than the value's: yaml composes the key
  });

  it('stops past the limit, on any depth, without recursion', () => {
    expect(yamlNestingDepth(flow(100_000), 50)).toBe(51);
    expect(yamlNestingDepth(`${'- '.repeat(20_000)}x`, 50)).toBe(51);
    expect(yamlNestingDepth(flow(MAX_INPUT_DEPTH + 1))).toBe(MAX_INPUT_DEPTH + 1);
  });
});

describe('parseDocument refuses deep YAML before composing it', () => {
  it('at the limit it parses; one past, it is refused with the bound', () => {
    expect(nestingDepth(parseDocument(`limits: ${flow(MAX_INPUT_DEPTH - 1)}`, true))).toBe(MAX_INPUT_DEPTH);
    expect(() => parseDocument(`limits: ${flow(MAX_INPUT_DEPTH)}`, true)).toThrow(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
  });

  it('refuses 6,000 levels from any depth of the caller stack, in a process of its own (an abort ends it)', () => {
    // Before the check, yaml.parse of this text ended the process on the second or a later attempt (a
    // regular expression on the composer's path compiled anew at the bottom of the stack), from any start.
    const script = `
      import { parseDocument } from ${JSON.stringify(join(import.meta.dirname, '../../src/core/input-text.ts'))};
      const text = 'limits: ' + '['.repeat(6000) + ']'.repeat(6000);
      const at = (k, f) => (k === 0 ? f() : at(k - 1, f) + 0);
      let refused = 0;
      for (let k = 0; k < 40; k++) {
        try { at(k, () => { parseDocument(text, true); return 0; }); } catch (e) { if (/nested deeper than/.test(e.message)) refused++; }
      }
      console.log(refused);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).not.toMatch(/FATAL ERROR/);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('40');
  });

  it('in a YAML config file too', () => {
    const d = tempDir();
    const f = join(d, 'compactbench.config.yaml');
    writeFileSync(f, `scenarios: ${flow(6000)}\n`);
    expect(() => loadConfig(f, d)).toThrow(/compactbench\.config\.yaml: nested deeper than 200 levels/);
    writeFileSync(f, '\ufeffscenarios: [small-32k]\n');
    expect(loadConfig(f, d)!.config.scenarios).toEqual(['small-32k']);
  });
});
