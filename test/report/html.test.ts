import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptSafe } from '../../src/report/bundles.js';
import { parseGate } from '../../src/report/gate.js';
import { jsonScript } from '../../src/report/html.js';
import { writeReport } from '../../src/report/write-report.js';
import { COMPARE_POLICIES, fixtureRun, tempDir } from './helpers.js';

describe('the HTML report file', () => {
  it('is self-contained: inline bundles and data, no external scripts, styles or images', async () => {
    const dir = tempDir();
    const gate = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] });
    const { runs, manifest } = fixtureRun({ policies: COMPARE_POLICIES }, { kind: 'compare', baseline: COMPARE_POLICIES[0]!, candidate: COMPARE_POLICIES[1]!, gate, gateFile: 'g.json' });
    await writeReport(dir, runs, manifest, { png: false });
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
    expect(markup).not.toMatch(/<(link|img|iframe|object)\b/i);
    expect(markup).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect((html.match(/<script\b/gi) ?? []).length).toBe(5);
    expect((html.match(/<\/script/gi) ?? []).length).toBe(5);
    for (const marker of ['vega-embed', 'vegaLite', 'vg-tooltip']) expect(html).toContain(marker);
    for (const id of ['gate', 'comparison', 'summary', 'charts', 'manifest']) expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain('Gate: FAIL');
    expect(html).toContain('threshold-summary:triggerFraction=0.6');
    const specs = JSON.parse(/<script type="application\/json" id="chart-specs">(.*?)<\/script>/s.exec(html)![1]!);
    expect(Object.keys(specs)).toEqual(['deltas', 'headline', 'headline-events', 'cost-breakdown', 'sawtooth-fixture-a', 'sawtooth-fixture-b', 'changed-index', 'cache-share']);
    for (const name of Object.keys(specs)) expect(html).toContain(`data-chart="${name}"`);
  });

  it('escapes what would end an inline script early', () => {
    expect(scriptSafe('a="</script>";b="</SCRIPT"')).toBe('a="<\\/script>";b="<\\/SCRIPT"');
    const text = jsonScript({ s: '</script><b>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ s: '</script><b>' });
  });
});
