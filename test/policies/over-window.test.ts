/**
 * Reporting a request left over the window (shared/over-window.ts) and the agent ports that use it: a
 * rewrite still over the window carries `detail.overWindow`, and a hook that did nothing although the
 * request is over the window returns the veto `over-window` (the `within-window` / `overflow-flagged`
 * invariants). Metadata only: the histories are what the policies returned before.
 */
import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/messages.js';
import { aiderPolicy } from '../../src/policies/aider/policy.js';
import { clinePolicy } from '../../src/policies/cline/policy.js';
import { codexPolicy } from '../../src/policies/codex/policy.js';
import { geminiCliPolicy } from '../../src/policies/gemini-cli/policy.js';
import { recentToolsSummaryPolicy } from '../../src/policies/recent-tools-summary/policy.js';
import { rooCodePolicy } from '../../src/policies/roo-code/policy.js';
import { flagOverWindow, OVER_WINDOW_VETO, overWindow } from '../../src/policies/shared/over-window.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, text, tokens, turn } from './helpers.js';

describe('flagOverWindow', () => {
  const h = [user(text(2_000, 'a'))];
  const size = 1_000 + tokens.messages(h); // makeCtx's system prompt is 1,000 tokens
  const fits = makeCtx({ contextWindow: size });
  const over = makeCtx({ contextWindow: size - 1 });

  it('measures the request with the system prompt', () => {
    expect(overWindow(h, fits)).toBe(false);
    expect(overWindow(h, over)).toBe(true);
  });

  it('turns no action over the window into the veto, and leaves vetoes and fitting results alone', () => {
    expect(flagOverWindow(h, undefined, fits)).toBeUndefined();
    expect(flagOverWindow(h, undefined, over)).toEqual({ veto: OVER_WINDOW_VETO });
    expect(flagOverWindow(h, { veto: 'nothing-to-truncate' }, over)).toEqual({ veto: 'nothing-to-truncate' });
    const r: PolicyResult = { history: h.slice(), kind: 'summary', detail: { n: 1 } };
    expect(flagOverWindow(h, r, fits)).toBe(r);
  });

  it('adds detail.overWindow to a result still over the window, keeping its history and detail', () => {
    const r: PolicyResult = { history: h.slice(), kind: 'summary', note: 'x', detail: { n: 1 } };
    const flagged = flagOverWindow(h, r, over) as PolicyResult;
    expect(flagged).toEqual({ ...r, detail: { n: 1, overWindow: true } });
    expect(flagged.history).toBe(r.history);
  });
});

describe.each([codexPolicy, rooCodePolicy, geminiCliPolicy, clinePolicy, aiderPolicy, recentToolsSummaryPolicy])('$id', (def) => {
  // a history whose current user message alone (kept by every one of these policies) exceeds a small window
  const h = history(turn({ resultTokens: 500, calls: 2 }, 'a'), [user(text(20_000, 'big'))]);

  it('reports a request it leaves over the window', () => {
    const ctx = makeCtx({ contextWindow: 16_000, turnStart: true });
    const r = create(def).beforeStep!(h, ctx);
    expect(r).toBeDefined();
    if (r && 'veto' in r) expect(r.veto).toBe(OVER_WINDOW_VETO);
    else expect(r!.detail?.overWindow === true && overWindow(r!.history, ctx)).toBe(true);
  });

  it('reports nothing when the request fits', () => {
    const r = create(def).beforeStep!(h, makeCtx({ contextWindow: 200_000, turnStart: true }));
    expect(r).toBeUndefined();
  });
});
