/**
 * Printing a check: each invariant with pass or its counterexample (the conversation, what the
 * policy was given and returned, the violated invariant) and a ready-to-paste vitest test.
 *
 * Long strings are abbreviated for reading: a body that repeats one line prints as
 * `"<line>" × N`, any other long string as its head and its length. The test reproduces the case
 * from the compact spec, so it needs no abbreviation.
 */
import type { Message } from '../core/messages.js';
import type { RawParams } from '../policies/params.js';
import { caseTranscript } from './drive.js';
import type { Finding } from './invariant.js';
import type { CheckOptions, CheckReport, Counterexample, InvariantResult } from './property.js';

export interface ReproOptions {
  /** how the user named the policy: a registered id or a module path (as given to `--policy`) */
  policyRef: string;
  params?: RawParams;
  /** the generation options the check ran with (JSON), so the replay generates the same cases */
  generation?: Pick<CheckOptions, 'varyParams' | 'cases'>;
  /** module the test imports the kit from @default 'compactbench/testing' */
  importFrom?: string;
  /** the command line that found it, quoted in the test's comment */
  command?: string;
}

const LIMIT = 120;

/** A long string shortened for reading. */
export function abbreviate(s: string): string {
  if (s.length <= LIMIT) return s;
  const nl = s.indexOf('\n');
  if (nl > 0) {
    const unit = s.slice(0, nl + 1);
    const n = s.length / unit.length;
    if (Number.isInteger(n) && unit.repeat(n) === s) return `${JSON.stringify(unit)} × ${n}`;
  }
  return `${s.slice(0, 60)}… (${s.length} chars)`;
}

const replacer = (_k: string, v: unknown): unknown => (typeof v === 'string' ? abbreviate(v) : v);

/** Messages as JSON, one message per line, long strings abbreviated. */
export function formatMessages(msgs: readonly Message[], indent = '  '): string {
  if (!msgs.length) return `${indent}[]`;
  return `${indent}[\n${msgs.map((m, i) => `${indent}  ${JSON.stringify(m, replacer)}${i < msgs.length - 1 ? ',' : ''}  // ${i}`).join('\n')}\n${indent}]`;
}

function findingBlock(f: Finding): string {
  const lines = [`  violated: ${f.invariant} at step ${f.step} (${f.phase})`, `  ${f.message}`];
  if (f.input) lines.push(`  the policy was given (${f.input.length} messages; the system prompt is sent separately):`, formatMessages(f.input, '    '));
  if (f.messages) {
    const what = f.phase === 'request' ? 'the request sent (system prompt first)' : 'the policy returned';
    lines.push(`  ${what} (${f.messages.length} messages):`, formatMessages(f.messages, '    '));
  }
  return lines.join('\n');
}

/** JSON that keeps small objects on one line (a readable literal for a test). */
export function compactJson(v: unknown, indent = ''): string {
  const flat = JSON.stringify(v);
  if (flat === undefined || flat.length + indent.length <= 100 || v === null || typeof v !== 'object') return flat ?? 'undefined';
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + compactJson(x, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${compactJson(x, inner)}`).join(',\n')}\n${indent}}`;
}

/** The vitest file that reproduces one counterexample. */
export function reproTest(name: string, cx: Counterexample, o: ReproOptions): string {
  const from = o.importFrom ?? 'compactbench/testing';
  const gen = JSON.stringify(o.generation ?? {}).slice(1, -1);
  const opts = `{ invariants: [${JSON.stringify(name)}]${gen ? `, ${gen}` : ''} }`;
  const params = JSON.stringify(o.params ?? {});
  const slug = `${o.policyRef.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '')}: ${name}`;
  // fresh-instance imports the module again for each run, so its replay is asynchronous
  const fresh = name === 'fresh-instance';
  const lines = [
    `import fc from 'fast-check';`,
    `import { expect, it } from 'vitest';`,
    `import { ${fresh ? 'checkCaseAsync, freshInstanceProperty' : 'checkCase, invariantProperty'}, loadTarget, type PolicyCase } from '${from}';`,
    ``,
    `// Found by${o.command ? `: ${o.command}` : ' compactbench check'}`,
    `// Needs ${from === 'compactbench/testing' ? 'compactbench, ' : ''}vitest and fast-check installed: npm install --save-dev ${from === 'compactbench/testing' ? 'compactbench ' : ''}vitest fast-check; run it with npx vitest run FILE`,
    `// ${cx.finding.message}`,
    `const CASE: PolicyCase = ${compactJson(cx.case)};`,
    ``,
    `it(${JSON.stringify(`${slug} holds on the shrunk counterexample`)}, async () => {`,
    `  const target = await loadTarget(${JSON.stringify(o.policyRef)}, ${params});`,
    fresh
      ? `  expect((await checkCaseAsync(target, CASE, ${opts})).map((f) => f.message)).toEqual([]);`
      : `  expect(checkCase(target, CASE, ${opts}).map((f) => f.message)).toEqual([]);`,
    `});`,
  ];
  if (cx.path !== null) {
    const property = fresh
      ? `freshInstanceProperty(target${gen ? `, { ${gen} }` : ''})`
      : `invariantProperty(target, ${JSON.stringify(name)}${gen ? `, { ${gen} }` : ''})`;
    lines.push(
      ``,
      `it(${JSON.stringify(`${slug} replays from fast-check's seed and path`)}, async () => {`,
      `  const target = await loadTarget(${JSON.stringify(o.policyRef)}, ${params});`,
      `  ${fresh ? 'await ' : ''}fc.assert(${property}, { seed: ${cx.seed}, path: ${JSON.stringify(cx.path)}, endOnFailure: true });`,
      `});`,
    );
  }
  return lines.join('\n');
}

function resultBlock(r: InvariantResult, o: ReproOptions): string {
  if (r.ok || !r.counterexample) return `✓ ${r.name}: ${r.description}${r.documented ? ` (documented upstream property, not seen in these runs: ${r.documented})` : ''}`;
  const cx = r.counterexample;
  const transcript = caseTranscript(cx.case);
  const replay = cx.path === null
    ? `not replayable from a seed: the failure did not recur when the same cases were generated again (is the policy deterministic?)`
    : `fast-check seed ${cx.seed}, path ${JSON.stringify(cx.path)}; shrunk ${cx.shrinks} times`;
  return [
    r.documented ? `! ${r.name}: ${r.description}\n  a documented property of the upstream system: ${r.documented}` : `✗ ${r.name}: ${r.description}`,
    `  counterexample (${replay})`,
    `  conversation (${transcript.length} messages, system prompt first):`,
    formatMessages(transcript, '    '),
    findingBlock(cx.finding),
    `  reproduce with this vitest test:`,
    `  ----8<----`,
    reproTest(r.name, cx, o),
    `  ----8<----`,
  ].join('\n');
}

/** The whole report, as `compactbench check` prints it. */
export function formatReport(report: CheckReport, o: ReproOptions): string {
  const failed = report.results.filter((r) => !r.ok && !r.documented).length;
  const known = report.results.filter((r) => !r.ok && r.documented).length;
  const head = `compactbench check ${o.policyRef} (policy ${report.policy}${Object.keys(report.params).length ? ` ${JSON.stringify(report.params)}` : ''}): ${report.runs} runs, seed ${report.seed}`;
  const tail = (failed ? `${failed} of ${report.results.length} invariants violated` : `all ${report.results.length} invariants hold`) +
    (known ? ` (${known} more violated as documented upstream properties)` : '');
  return [head, '', ...report.results.map((r) => resultBlock(r, o)), '', tail, ''].join('\n');
}
