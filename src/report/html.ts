/**
 * The self-contained HTML report: one file with the Vega/Vega-Lite/vega-embed bundles and every chart's
 * spec (its CSV inlined) embedded, rendered in the browser with interactive tooltips; the tables and the
 * manifest as HTML. It makes no network request. Each chart element gets `data-rendered="true"` (or
 * "error") when vega-embed finishes, and <body> gets `data-charts-done` when all have — the browser
 * test waits on that.
 */
import { vegaBundles } from './bundles.js';
import type { WrittenChart } from './chart-files.js';
import { escapeHtml } from './html-escape.js';

export interface HtmlSection {
  id: string;
  title: string;
  html: string;
}

const CSS = `
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:0 auto;max-width:1400px;padding:0 24px 48px;color:#222;line-height:1.45}
h1{font-size:1.6em;margin:24px 0 4px}h2{margin-top:36px;border-bottom:1px solid #ddd;padding-bottom:4px}h3{margin:20px 0 4px}
nav a{margin-right:14px}.note{color:#555;margin:2px 0 8px;font-size:.92em}
table{border-collapse:collapse;font-size:.8em;margin:6px 0 14px}th,td{border:1px solid #ddd;padding:3px 6px;text-align:right;vertical-align:top}
td{white-space:nowrap}.scroll{overflow-x:auto;max-width:100%}thead th{background:#f4f5f7;text-align:center;white-space:normal;max-width:8.5em;font-weight:600}
tbody th{text-align:left;font-weight:normal;white-space:nowrap}td .ci{display:block;color:#777;font-size:.88em}
table.sortable thead th{cursor:pointer;user-select:none}table.sortable thead th:hover{background:#e8eaee}
th[aria-sort=ascending]::after{content:" ▲";font-size:.75em}th[aria-sort=descending]::after{content:" ▼";font-size:.75em}
tr.baseline th,tr.baseline td{background:#f3f3f3;font-weight:bold}tr.best th,tr.best td{background:#eaf5ea}
table.wrap td{white-space:normal;text-align:left;min-width:12em;word-break:break-word}
.sentence{font-weight:bold;margin:4px 0}.sentence.unresolved{color:#8a5300}.warn{color:#8a5300;font-weight:bold}
figure{margin:18px 0 28px;overflow-x:auto}figcaption{color:#444;font-size:.9em;margin-top:4px}
.verdict{font-size:1.2em;font-weight:bold;padding:8px 12px;border-radius:4px;display:inline-block}
.verdict.pass{background:#e6f4ea}.verdict.fail{background:#fde8e8}.verdict.not-evaluated{background:#fff4e0}.verdict.none{background:#f0f0f0}
pre{background:#f6f8fa;padding:10px;overflow-x:auto;font-size:.8em}
.answer{background:#f6f8fa;border-left:4px solid #4c78a8;padding:6px 14px;margin:10px 0}.answer ul{margin:4px 0;padding-left:20px}.why{margin:2px 0 6px}
details.more>summary{cursor:pointer;margin:10px 0;color:#335}details.more>summary h3{display:inline}
`;

/** JSON inside <script type="application/json">: `<` escaped so no `</script` can end it early. */
export function jsonScript(x: unknown): string {
  return JSON.stringify(x).replace(/</g, '\\u003c');
}

const BOOT = `(function () {
  var specs = JSON.parse(document.getElementById('chart-specs').textContent);
  var els = document.querySelectorAll('[data-chart]');
  var pending = [];
  for (var i = 0; i < els.length; i++) (function (el) {
    var name = el.getAttribute('data-chart');
    pending.push(vegaEmbed(el, specs[name], { renderer: 'svg', actions: false }).then(function () {
      el.setAttribute('data-rendered', 'true');
    }, function (err) {
      el.setAttribute('data-rendered', 'error');
      el.textContent = 'This chart failed to render: ' + err;
      console.error('chart ' + name + ': ' + err);
    }));
  })(els[i]);
  Promise.all(pending).then(function () { document.body.setAttribute('data-charts-done', String(pending.length)); });
})();
// sortable tables: click a header to sort by that column (numbers by value, text alphabetically)
(function () {
  function key(cell) {
    var t = cell.textContent.replace(/[−–]/g, '-').replace(/[$,%+]/g, '').trim();
    var n = parseFloat(t);
    return isNaN(n) ? t.toLowerCase() : n;
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    table.querySelectorAll('thead th').forEach(function (th, col) {
      th.addEventListener('click', function () {
        var asc = th.getAttribute('aria-sort') !== 'ascending';
        table.querySelectorAll('thead th').forEach(function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a.cells[col]), y = key(b.cells[col]);
          if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
          return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
})();`;

function chartFigure(c: WrittenChart): string {
  // the PNG is linked only when it was written (PNGs are on request; see ReportOptions.png)
  const exts = c.files.some((f) => f.endsWith('.png')) ? ['png', 'svg', 'csv', 'vl.json'] : ['svg', 'csv', 'vl.json'];
  const links = exts.map((ext) => `<a href="charts/${escapeHtml(c.name)}.${ext}">${ext === 'csv' ? 'data (CSV)' : ext.toUpperCase().replace('VL.JSON', 'Vega-Lite spec')}</a>`).join(' · ');
  return `<figure id="chart-${escapeHtml(c.name)}"><div class="chart" data-chart="${escapeHtml(c.name)}"></div>\n<figcaption>${escapeHtml(c.caption)} ${links}</figcaption></figure>`;
}

export interface HtmlPage {
  title: string;
  subtitle: string;
  /** sections before the charts (verdict, tables) and after them (manifest) */
  before: readonly HtmlSection[];
  charts: readonly WrittenChart[];
  after: readonly HtmlSection[];
  /**
   * charts drawn folded, after the others, under one "more charts" disclosure: with many policies the
   * one-row-per-policy charts make a page tens of thousands of pixels tall (write-report.ts picks them)
   */
  folded?: readonly string[];
}

export function reportHtml(page: HtmlPage): string {
  const { title, subtitle, charts } = page;
  const folded = charts.filter((c) => page.folded?.includes(c.name));
  const open = charts.filter((c) => !folded.includes(c));
  const more = folded.length ? [`<details class="more"><summary>${folded.length} more charts with a row or a panel per policy: ${escapeHtml(folded.map((c) => c.title).join('; '))}</summary>`, ...folded.map(chartFigure), '</details>'] : [];
  const all = [...page.before, { id: 'charts', title: 'Charts', html: [...open.map(chartFigure), ...more].join('\n') }, ...page.after];
  const nav = all.map((s) => `<a href="#${s.id}">${escapeHtml(s.title)}</a>`).join('');
  const specs = Object.fromEntries(charts.map((c) => [c.name, c.inlineSpec]));
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${CSS}</style>`,
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1><p class="note">${escapeHtml(subtitle)}</p><nav>${nav}</nav>`,
    ...all.map((s) => `<section id="${s.id}"><h2>${escapeHtml(s.title)}</h2>\n${s.html}\n</section>`),
    ...vegaBundles().map((b) => `<script>${b}</script>`),
    `<script type="application/json" id="chart-specs">${jsonScript(specs)}</script>`,
    `<script>${BOOT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
