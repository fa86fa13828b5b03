/** Issue 13, findings 1-4: bounded sizes, deep nesting, strict numeric flags, BOMs, validate = run. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../src/cli/commands/validate.js';
import { execOf, planSpecOf, type CommonOpts } from '../../src/cli/run-plan.js';
import { parseDocument, MAX_INPUT_DEPTH } from '../../src/core/input-text.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { resolvePolicySpec } from '../../src/policies/registry.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { LIMITS } from '../../src/workload/limits.js';
import { loadScenario, loadSuite, parseScenario } from '../../src/workload/scenario.js';
import { tempDir } from '../cli/helpers.js';

const base = (): Record<string, any> => JSON.parse(readFileSync('scenarios/small-32k.json', 'utf8'));
const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const opts = (o: Partial<CommonOpts>): CommonOpts => ({ out: 'x', ...o });

describe('size fields are bounded (finding 1)', () => {
  const cases: [string, (s: Record<string, any>) => void, RegExp][] = [
    ['sessionSteps', (s) => (s.generator.sessionSteps = { kind: 'constant', value: 1e7 }), /generator\.sessionSteps\.value: got 10000000, expected at most 100000/],
    ['parallel.extra', (s) => (s.generator.parallel.extra = { kind: 'constant', value: 1e6 }), /generator\.parallel\.extra\.value: .*at most 128/],
    ['resultTokens', (s) => (s.generator.tools[0].resultTokens = { kind: 'lognormal', median: 1e9, sigma: 1 }), /generator\.tools\[0\]\.resultTokens\.median: .*at most 1048576/],
    ['systemPromptTokens', (s) => (s.generator.systemPromptTokens = 1e9), /generator\.systemPromptTokens: .*up to 1048576/],
    ['contextWindow', (s) => (s.model.contextWindow = 1e12), /model\.contextWindow: .*up to 10000000/],
    ['seeds', (s) => (s.seeds = 1e12), /scenario\.seeds: .*up to 10000/],
  ];
  for (const [what, edit, msg] of cases) {
    it(`refuses an oversized ${what} with the bound`, () => {
      const s = base();
      edit(s);
      expect(() => parseScenario(s, 'f.json')).toThrow(msg);
    });
  }

  it('caps heavy-tailed draws at the bound and stops a session past the token budget', () => {
    const s = base();
    s.generator.sessionSteps = { kind: 'pareto', xm: 5, alpha: 0.01 };
    const w = generateWorkload(parseScenario(s, 'f'), 1, createTokenCounter(), 3);
    expect(w.steps.length).toBeLessThanOrEqual(3);
    const big = base();
    big.generator.sessionSteps = { kind: 'constant', value: LIMITS.sessionSteps };
    big.generator.tools.forEach((t: any) => (t.resultTokens = { kind: 'constant', value: LIMITS.textTokens }));
    expect(() => generateWorkload(parseScenario(big, 'f'), 1, createTokenCounter(), undefined, 3_000_000)).toThrow(/more than 3000000 tokens/);
  });

  it('--max-steps bounds generation: the same first steps, without building the rest', () => {
    const s = loadScenario('small-32k');
    const full = generateWorkload(s, 2, createTokenCounter());
    const cut = generateWorkload(s, 2, createTokenCounter(), 25);
    expect(cut.steps).toEqual(full.steps.slice(0, 25));
    const huge = parseScenario({ ...base(), generator: { ...base().generator, sessionSteps: { kind: 'constant', value: LIMITS.sessionSteps } } }, 'f');
    expect(generateWorkload(huge, 1, createTokenCounter(), 10).steps).toHaveLength(10);
  });
});

describe('deep nesting never overflows the stack (finding 2)', () => {
  it('refuses documents nested past the limit with a message, for JSON and YAML', () => {
    expect(() => parseDocument(deep(6000))).toThrow(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(() => parseDocument(deep(6000), true)).toThrow(/not valid YAML|nested deeper/);
    expect(() => parseDocument(deep(MAX_INPUT_DEPTH))).not.toThrow();
  });

  it('in scenario, suite, gate and validate', () => {
    const d = tempDir();
    const nested = `{"name":"x","description":${deep(6000)}}`;
    for (const f of ['s.json', 'x.suite.json', 'g.yaml']) {
      writeFileSync(join(d, f), f.endsWith('yaml') ? `limits: ${deep(6000)}` : nested);
      expect(() => validateFile(join(d, f))).toThrow(/nested deeper than|not valid YAML/);
    }
    expect(() => loadScenario(join(d, 's.json'))).toThrow(/nested deeper than/);
  });
});

describe('numeric flags are strict (finding 4)', () => {
  for (const [flag, raw] of [['seeds', ''], ['seeds', '0x10'], ['seeds', '0b11'], ['seeds', '1e12'], ['seeds', ' 3'], ['maxSteps', '0'], ['maxSteps', '1e3'], ['workers', '']] as const) {
    it(`--${flag} ${JSON.stringify(raw)} is refused`, () => {
      const o = opts({ [flag]: raw });
      expect(() => (flag === 'workers' ? execOf(o) : planSpecOf(o))).toThrow(/expected a whole number from 1 to/);
    });
  }
  it('accepts plain decimals and rejects counts past their bound', () => {
    expect(planSpecOf(opts({ seeds: '12', maxSteps: '40' }))).toMatchObject({ seeds: 12, maxSteps: 40 });
    expect(() => planSpecOf(opts({ seeds: '1000000000000' }))).toThrow(/got "1000000000000"/);
  });
  it("--shard '' is refused, not read as 'everything'", () => {
    expect(() => execOf(opts({ shard: '' }))).toThrow(/--shard: got ""/);
    expect(() => execOf(opts({ shard: ' 1/2' }))).toThrow(/--shard/);
  });
  it('hermes:__proto__=1 is an unknown parameter like any other', () => {
    expect(() => resolvePolicySpec('hermes:__proto__=1')).toThrow(/unknown parameter "__proto__"/);
    expect(() => resolvePolicySpec('hermes:constructor=1')).toThrow(/unknown parameter "constructor"/);
  });
  it('policy number parameters take decimal numbers only', () => {
    expect(() => resolvePolicySpec('threshold-summary:triggerFraction=0x1')).toThrow(/expected a number/);
    expect(resolvePolicySpec('threshold-summary:triggerFraction=0.5').params.triggerFraction).toBe(0.5);
  });
});

describe('BOMs and validate = run (finding 4)', () => {
  it('a BOM is dropped in scenario files as in traces', () => {
    const d = tempDir();
    writeFileSync(join(d, 's.json'), `\ufeff${readFileSync('scenarios/small-32k.json', 'utf8')}`);
    expect(loadScenario(join(d, 's.json')).name).toBe('small-32k');
    expect(validateFile(join(d, 's.json'))).toMatch(/valid scenario/);
  });

  it('validate refuses a suite naming a missing scenario and an unknown model profile', () => {
    const d = tempDir();
    writeFileSync(join(d, 'a.suite.json'), JSON.stringify({ name: 'a', description: 'd', scenarios: ['small-32k', 'no-such-scenario'] }));
    expect(() => validateFile(join(d, 'a.suite.json'))).toThrow(/no scenario named "no-such-scenario"/);
    const s = base();
    s.model.profile = 'acme/model-9';
    writeFileSync(join(d, 'p.json'), JSON.stringify(s));
    expect(() => validateFile(join(d, 'p.json'))).toThrow(/unknown model profile "acme\/model-9"/);
  });

  it('suite entries resolve against the suite file, and a non-scenario file is not echoed (finding 10)', () => {
    const d = tempDir();
    mkdirSync(join(d, 'sub'));
    writeFileSync(join(d, 'sub', 'mine.json'), readFileSync('scenarios/chat-heavy.json', 'utf8'));
    writeFileSync(join(d, 'sub', 's.suite.json'), JSON.stringify({ name: 's', description: 'd', scenarios: ['./mine.json'] }));
    expect(loadSuite(join(d, 'sub', 's.suite.json')).map((s) => s.name)).toEqual(['chat-heavy']);
    writeFileSync(join(d, 'secret.txt'), 'root:$6$SECRETHASH:19000:0:99999:7:::\n');
    writeFileSync(join(d, 'x.suite.json'), JSON.stringify({ name: 'x', description: 'd', scenarios: ['./secret.txt'] }));
    let msg = '';
    try {
      loadSuite(join(d, 'x.suite.json'));
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/not valid JSON/);
    expect(msg).not.toMatch(/root|SECRET/);
  });
});
