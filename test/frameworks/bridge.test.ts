import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { bridgedPolicy } from '../../src/frameworks/bridge/client.js';
import { aiSdkPrepareStepPolicy } from '../../src/frameworks/definitions.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';
import { syncSummary } from './fixtures/sync-summary.js';

const fixture = (name: string): string => new URL(`./fixtures/${name}`, import.meta.url).href;

const bridgedDef = (file: string, budgetMs?: number): PolicyDefinition => ({
  ...syncSummary, create: (params) => bridgedPolicy(fixture(file), 'async-summary', params, budgetMs),
});

describe('the asynchronous bridge', () => {
  const opts = { turns: 6, stepsPerTurn: 5, resultChars: 1200 };

  it('gives the records of the synchronous twin: steps, events, summary calls and telemetry', () => {
    const sync = runFixture(syncSummary, opts);
    const bridged = runFixture(bridgedDef('async-summary.ts'), opts);
    expect(sync.events.length).toBeGreaterThan(1);
    expect(bridged.failure).toBeNull();
    expect(bridged.steps).toEqual(sync.steps);
    expect(bridged.events).toEqual(sync.events);
    expect(bridged.violations).toEqual([]);
    expect(bridged.telemetry).toEqual({ ...sync.telemetry, asyncPolicy: true });
    // the summaries were the harness's own calls, counted on the step that made them
    expect(bridged.steps.reduce((n, s) => n + s.auxCalls, 0)).toBe(sync.events.length);
  });

  it('keeps message identity: an untouched message comes back as the same object', () => {
    const p = bridgedPolicy(fixture('async-summary.ts'), 'async-summary', { limit: 10 });
    const a: Message = { role: 'user', content: 'first question' };
    const b: Message = { role: 'assistant', content: 'an answer '.repeat(50) };
    const c: Message = { role: 'user', content: 'second question' };
    const ctx = runFixture.length ? makeCtx() : makeCtx();
    const r = p.beforeStep!([a, b, c], ctx);
    expect(r && 'history' in r).toBe(true);
    const out = (r as { history: Message[] }).history;
    expect(out).toHaveLength(2);
    expect(out[1]).toBe(c);
    expect(out[0]).not.toBe(a);
  });

  it('fails the session, with the reason, when a hook never settles', () => {
    const run = runFixture({ ...syncSummary, create: (params) => bridgedPolicy(fixture('hangs.ts'), 'hangs', params, 300) }, opts);
    expect(run.failure?.error).toMatch(/did not settle within 300 ms/);
    expect(run.steps).toHaveLength(2);
  });

  it("runs a user's prepareStep as a per-request view whose hint the checked harness verifies", () => {
    const run = runFixture(aiSdkPrepareStepPolicy, { turns: 8, stepsPerTurn: 6 }, { module: 'test/frameworks/fixtures/keep-last.ts' });
    expect(run.failure).toBeNull();
    expect(run.violations).toEqual([]);
    // the window starts once the history passes 40 messages, then slides every step
    const views = run.events.filter((e) => e.phase === 'view');
    expect(views.length).toBeGreaterThan(10);
    expect(run.steps.filter((s) => s.breakCause === 'view-change').length).toBeGreaterThan(10);
    expect(run.telemetry['aiSdk.messageOverrides']).toBe(views.length);
  });

  it('loads a TypeScript file outside any package (CommonJS to Node), as from a user folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-prepare-step-'));
    copyFileSync('test/frameworks/fixtures/keep-last.ts', join(dir, 'keep-last.ts'));
    const run = runFixture(aiSdkPrepareStepPolicy, { turns: 8, stepsPerTurn: 6 }, { module: join(dir, 'keep-last.ts') });
    expect(run.failure).toBeNull();
    expect(run.events.length).toBeGreaterThan(10);
  });

  it('fails the session when the module cannot be loaded, never the run', () => {
    expect(() => bridgedPolicy(fixture('no-such-module.ts'), 'missing', {})).toThrow(/failed to load/);
  });
});

function makeCtx() {
  // the parts of a PolicyContext the fixture reads; the summarizer answers as the mock does, in one line
  return {
    contextWindow: 200_000, maxOutputTokens: 8_000, step: 0, userTurn: 0, turnStart: true, now: 0, systemTokens: 0, systemPrompt: '',
    tokens: { messages: () => 0 } as never, model: 'm', rng: () => 0.5,
    summarizer: { summarize: () => ({ ok: true as const, text: 'summary text', inputTokens: 10, outputTokens: 3 }) },
  } as never;
}
