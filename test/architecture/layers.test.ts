/**
 * The layers import downwards only: the simulator, the policies, the metrics and the workload know
 * nothing of the report or the CLI that sit on them, and a policy knows nothing of the loop that runs it.
 * Read from the source's static imports, so a new import against the layers fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** `from '…'` targets of static imports and re-exports (not `import()`: loading by name is the inversion) */
function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms)].map((m) => m[1]!);
}

/** every static import from a file under `layer` that reaches into one of `forbidden` (folders of src/) */
function violations(layer: string, forbidden: string[]): string[] {
  const out: string[] = [];
  for (const f of tsFiles(join('src', layer))) {
    for (const spec of staticImports(f)) {
      if (!spec.startsWith('.')) continue;
      const target = relative('src', join(f, '..', spec));
      if (forbidden.some((d) => target === d || target.startsWith(`${d}/`))) out.push(`${f} -> ${spec}`);
    }
  }
  return out;
}

describe('layers', () => {
  it('sim/, metrics/, workload/, core/ and cache/ import nothing from report/, cli/ or validate/', () => {
    for (const layer of ['sim', 'metrics', 'workload', 'core', 'cache']) {
      expect(violations(layer, ['report', 'cli', 'validate']), layer).toEqual([]);
    }
  });

  it('policies/ import nothing from sim/, report/ or cli/ (a policy knows nothing of the loop)', () => {
    expect(violations('policies', ['sim', 'report', 'cli'])).toEqual([]);
  });

  it('finds an import against the layers (the check itself can fail)', () => {
    expect(violations('report', ['sim']).length).toBeGreaterThan(0);
  });
});
