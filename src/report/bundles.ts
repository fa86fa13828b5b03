/**
 * The Vega, Vega-Lite and vega-embed browser bundles, read from the installed packages so the HTML
 * report is self-contained (no CDN, no network). The packages do not export their build files, so the
 * package folder is found by resolving the package's entry and walking up to its package.json (vega
 * does not export `./package.json` either; shared/reference/stack.md, trap 7).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function packageDir(pkg: string): string {
  let dir = dirname(require.resolve(pkg));
  for (;;) {
    const pj = join(dir, 'package.json');
    if (existsSync(pj) && (JSON.parse(readFileSync(pj, 'utf8')) as { name?: string }).name === pkg) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the package folder of ${pkg}`);
    dir = up;
  }
}

function bundle(pkg: string, file: string): string {
  return readFileSync(join(packageDir(pkg), file), 'utf8');
}

/** Makes text safe inside an inline <script>: a literal `</script` (any case) would end the element. */
export function scriptSafe(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1');
}

let cached: string[] | undefined;

/** vega, vega-lite, vega-embed (in load order), already script-safe. */
export function vegaBundles(): string[] {
  cached ??= [bundle('vega', 'build/vega.min.js'), bundle('vega-lite', 'build/vega-lite.min.js'), bundle('vega-embed', 'build/vega-embed.min.js')].map(scriptSafe);
  return cached;
}
