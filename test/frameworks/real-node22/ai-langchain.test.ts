/**
 * The AI SDK and LangChain adapters on Node 22 with the packages of oracles/frameworks-node22 (ai@7,
 * langchain 1.5), through the built command as a user runs it (`npm run test:frameworks:node22` puts a
 * registry build of Node 22 first on PATH, so `process.execPath` is that Node). `check` and a
 * default-suite replay through each adapter; what `check` finds is data (docs/frameworks.md), only the
 * invariants that say the adapter itself is broken must hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks-node22/node_modules/ai') && existsSync('oracles/frameworks-node22/node_modules/langchain');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks-node22 is not installed: run npm run test:frameworks:node22');

const PKG = 'packageDir=oracles/frameworks-node22';
const PREPARE_STEP = 'ai-sdk-prepare-step:module=oracles/frameworks-node22/fixtures/prepare-step.ts,semantics=ai7';
const MIDDLEWARE = 'langchain:oracles/frameworks-node22/fixtures/summarization.ts';
/** every adapter of this folder, as the replay and `check` run them */
const ADAPTERS = [`ai-sdk-prune:${PKG}`, PREPARE_STEP, MIDDLEWARE, `langchain-summarization:${PKG}`, `langchain-clear-tool-uses:${PKG}`, `langchain-trim:${PKG}`];
/** what an adapter that works must never break, whatever the framework's own policy does */
const ADAPTER_INVARIANTS = /✗ (policy-completes|input-not-mutated|deterministic|well-formed-text)/;

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 900_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const csv = (file: string): Row[] => parse(readFileSync(file, 'utf8'), { columns: true }) as Row[];

describe.skipIf(!INSTALLED)('AI SDK 7 and LangChain adapters on Node 22', () => {
  it('replays the default suite through every adapter; ai-sdk-prune picks ai@7 semantics (a durable edit)', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-fw22-suite-'));
    const r = cb(['run', '--policy', 'none', ...ADAPTERS.flatMap((a) => ['--policy', a]), '--seeds', '1', '--max-steps', '60', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(join(out, 'sessions.csv'));
    expect(new Set(rows.map((x) => x.scenario)).size).toBe(7);
    expect(new Set(rows.map((x) => x.policy)).size).toBe(1 + ADAPTERS.length);
    expect(rows.filter((x) => x.failed !== '0').map((x) => `${x.scenario} ${x.policyLabel}: ${x.failure}`)).toEqual([]);

    const prune = rows.filter((x) => x.policy === 'ai-sdk-prune');
    expect(new Set(prune.map((x) => x['telemetry.aiSdk.version']))).toEqual(new Set(['7.0.173']));
    expect(new Set(prune.map((x) => x['telemetry.aiSdk.semantics']))).toEqual(new Set(['ai7']));
    const events = csv(join(out, 'events.csv'));
    const phases = (policy: string): Set<string> => new Set(events.filter((e) => e.policy === policy).map((e) => e.phase!));
    // ai@7 carries prepareStep's messages forward: a rewrite of history before the step, never a view
    expect(phases('ai-sdk-prune')).toEqual(new Set(['before']));
    expect(phases('ai-sdk-prepare-step')).toEqual(new Set(['before']));
    // the user's file is pruneMessages with the same options: the same prompts as the registered entry
    const user = rows.filter((x) => x.policy === 'ai-sdk-prepare-step');
    expect(user.map((x) => x.promptTokens)).toEqual(prune.map((x) => x.promptTokens));
    expect(Number(user.find((x) => x.scenario === 'swe-bash-128k')!['telemetry.aiSdk.messageOverrides'])).toBeGreaterThan(0);
    // LangChain on Node 22: summaries are the harness's own summary calls; trimMessages is a view
    const lc = rows.filter((x) => x.policy === 'langchain-middleware');
    expect(lc.some((x) => Number(x.summaryEvents) > 0)).toBe(true);
    // at most one call per summary: when the messages to summarize do not fit its 4,000-token summarizer
    // input, LangChain writes "Previous conversation was too long to summarize." with no call at all
    for (const x of lc) expect(Number(x.auxCalls)).toBeLessThanOrEqual(Number(x.summaryEvents));
    expect(lc.some((x) => Number(x.auxCalls) > 0)).toBe(true);
    expect(phases('langchain-middleware')).toEqual(new Set(['before']));
    expect(phases('langchain-trim')).toEqual(new Set(['view']));
  });

  it("check on ai@7's pruneMessages finds what it finds on ai@6 (thinking-kept, strict-alternation)", () => {
    const r = cb(['check', '--policy', `ai-sdk-prune:${PKG}`, '--runs', '40']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/✗ thinking-kept/);
    expect(r.stdout).toMatch(/✗ strict-alternation/);
    expect(r.stdout).not.toMatch(ADAPTER_INVARIANTS);
  });

  it.each(ADAPTERS.slice(1))('check through %s: the adapter holds, what the framework breaks is reported', (spec) => {
    const r = cb(['check', '--policy', spec, '--runs', '20']);
    expect([0, 2], r.stderr).toContain(r.code);
    expect(r.stdout).toMatch(/policy-completes/);
    expect(r.stdout).not.toMatch(ADAPTER_INVARIANTS);
  });
});
