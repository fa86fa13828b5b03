/**
 * src/report/ imports in one direction — data (verdict-data, paired, manifest, run-summary), then text
 * (verdict-text, markdown, compare-markdown, html-tables), then files (write-run, write-report) — so no
 * module imports, even for a type, one that imports it back. A cycle here once tied seven files together.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'src/report';

function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const deps = [...readFileSync(p, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((m) => normalize(join(dirname(p), m[1]!)).replace(/\.js$/, '.ts')).filter((t) => t.startsWith(ROOT));
        g.set(p, deps);
      }
    }
  };
  walk(ROOT);
  return g;
}

/** One import cycle, as the path around it, or null. */
function findCycle(g: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (v: string): string[] | null => {
    state.set(v, 'open');
    path.push(v);
    for (const w of g.get(v) ?? []) {
      if (state.get(w) === 'open') return [...path.slice(path.indexOf(w)), w];
      if (!state.has(w)) {
        const c = visit(w);
        if (c) return c;
      }
    }
    path.pop();
    state.set(v, 'done');
    return null;
  };
  for (const v of g.keys()) {
    if (state.has(v)) continue;
    const c = visit(v);
    if (c) return c;
  }
  return null;
}

describe('src/report imports', () => {
  it('form no cycle', () => {
    const g = graph();
    expect(g.size).toBeGreaterThan(30);
    expect(findCycle(g)).toBeNull();
  });

  it('the finder finds a cycle when there is one', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keep escapeHtml out of the table file', () => {
    expect(readFileSync(join(ROOT, 'html-tables.ts'), 'utf8')).not.toMatch(/export function escapeHtml/);
  });
});
