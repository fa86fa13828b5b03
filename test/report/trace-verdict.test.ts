/** The verdict over traces as text: the recorded bill beside every policy's replay, in Markdown and HTML. */
import { buildOverview } from '../../src/report/verdict-overview.js';
import { describe, expect, it } from 'vitest';
import { traceSampleHtml, traceSampleMarkdown, withTraceSample, type TraceSampleVerdict } from '../../src/report/trace-verdict.js';
import type { Verdict } from '../../src/report/verdict.js';

const t: TraceSampleVerdict = {
  metric: 'costTotal', baseline: 'hermes', sentence: 'Over 2 recorded traces (each session one sample): ...',
  traces: [
    { trace: 'trace:a<b>.jsonl', recorded: { calls: 3, skipped: 0, promptTokens: 900, outputTokens: 30, costUsd: 1.25 }, replayed: { hermes: 1.5, x: 1.4 } },
    { trace: 'trace:c|d.jsonl', recorded: null, replayed: { hermes: 2, x: null } },
  ],
  policies: [
    { policyLabel: 'x', mean: 1.4, delta: { mean: -0.1, lo: NaN, hi: NaN, n: 1 }, distinguishable: null },
    { policyLabel: 'hermes', mean: 1.75, delta: null, distinguishable: null },
  ],
};

describe('the verdict over traces as text', () => {
  it('shows each trace\'s recorded bill beside each policy\'s replayed cost, escaped', () => {
    const md = traceSampleMarkdown(t).join('\n');
    expect(md).toContain('| trace:a<b>.jsonl | 1.2500 | 1.4000 | 1.5000 |');
    expect(md).toContain('| trace:c\\|d.jsonl | — | — | 2.0000 |');
    expect(md).toContain('| x | −$0.1000 | — (one trace) | n/a |');
    const html = traceSampleHtml(t);
    expect(html).toContain('<th scope="row">trace:a&lt;b&gt;.jsonl</th><td>1.2500</td><td>1.4000</td><td>1.5000</td>');
    expect(html).toContain('<h3>Over 2 recorded traces</h3>');
  });

  it('leaves a verdict without trace scenarios as it is', () => {
    const v: Verdict = { baseline: 'hermes', method: 'm', overview: buildOverview([], 'hermes'), scenarios: [], unresolved: [] };
    expect(withTraceSample(v, [], new Map())).toBe(v);
  });
});
