/**
 * Resolving a framework package the way an ES module importing it from `from` would: the `import`
 * condition of its `exports`. Why not `createRequire(from).resolve`: that picks the `require` build,
 * a second copy of the package beside the ESM one the user's code imports, so a patch of the model
 * class (langchain/middleware.ts) or an `instanceof` check would miss the copy that runs.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

type Exports = string | { [condition: string]: Exports } | null | undefined;

function pick(e: Exports): string | undefined {
  if (typeof e === 'string' || !e) return e ?? undefined;
  for (const c of ['import', 'node', 'default']) {
    const v = pick(e[c]);
    if (v) return v;
  }
  return undefined;
}

/** The file URL of `spec` (`pkg` or `pkg/sub/path`, scoped or not) for an ES module at `from`. */
export function resolveEsm(spec: string, from: string): string {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const sub = `.${spec.slice(name.length)}`;
  const pkgFile = createRequire(from).resolve(`${name}/package.json`);
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports?: Exports | Record<string, Exports>; module?: string; main?: string };
  const exp = pkg.exports;
  const target = typeof exp === 'object' && exp && Object.keys(exp).some((k) => k.startsWith('.'))
    ? pick((exp as Record<string, Exports>)[sub])
    : sub === '.' ? pick(exp as Exports) ?? pkg.module ?? pkg.main ?? 'index.js' : sub;
  if (!target) throw new Error(`${name} does not export ${sub}`);
  return pathToFileURL(path.join(path.dirname(pkgFile), target)).href;
}

/** The installed version of package `name` as `from` resolves it. */
export function packageVersion(name: string, from: string): string {
  return (JSON.parse(readFileSync(createRequire(from).resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}
