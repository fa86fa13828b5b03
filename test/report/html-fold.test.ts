/**
 * A report of reasonable length with many policies: the charts with a row or a panel per policy come
 * after the others under one disclosure, and each scenario's summary tables fold under its name.
 */
import { describe, expect, it } from 'vitest';
import type { PolicyAggregate } from '../../src/metrics/aggregate.js';
import { reportHtml } from '../../src/report/html.js';
import { summaryTablesHtml } from '../../src/report/html-tables.js';

const chart = (name: string) => ({ name, title: `title of ${name}`, caption: 'c', inlineSpec: {}, files: [] });

describe('folding in report.html', () => {
  it('puts the folded charts after the others, inside one <details>', () => {
    const html = reportHtml({ title: 't', subtitle: 's', before: [], after: [], charts: [chart('sawtooth-a'), chart('headline'), chart('cache-share')], folded: ['sawtooth-a', 'cache-share'] });
    const details = html.indexOf('<details class="more"><summary>2 more charts');
    expect(details).toBeGreaterThan(html.indexOf('data-chart="headline"'));
    expect(html.indexOf('data-chart="sawtooth-a"')).toBeGreaterThan(details);
    expect(html.indexOf('data-chart="cache-share"')).toBeGreaterThan(details);
    expect(reportHtml({ title: 't', subtitle: 's', before: [], after: [], charts: [chart('sawtooth-a')] })).not.toContain('<details');
  });

  it('folds a scenario\'s summary tables only when it has many policies', () => {
    const agg = (label: string): PolicyAggregate => ({ scenario: 's', policy: label, policyLabel: label, paramsHash: '', seeds: [1], failures: 0, metrics: {} as PolicyAggregate['metrics'] });
    expect(summaryTablesHtml(Array.from({ length: 9 }, (_, i) => agg(`p${i}`)))).toMatch(/^<details class="more"><summary><h3>s<\/h3> \(9 policies\)<\/summary>/);
    expect(summaryTablesHtml([agg('a'), agg('b')])).toMatch(/^<h3>s<\/h3>/);
  });
});
