/**
 * The Vega, Vega-Lite and vega-embed browser bundles, read from the installed packages so the HTML
 * report is self-contained (no CDN, no network). The packages do not export their build files, so the
 * package folder is found through its package.json (shared/reference/stack.md, trap 7).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function bundle(pkg: string, file: string): string {
  return readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8');
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
