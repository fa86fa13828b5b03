/**
 * Headless chart rendering: Vega-Lite → Vega → SVG (vega's string renderer, no canvas) → PNG (resvg).
 *
 * Traps (shared/reference/stack.md): resvg draws text only from system fonts and maps `sans-serif` to
 * Arial, which Debian lacks, so DejaVu Sans is named explicitly; vega numbers its clip and gradient ids
 * with module-global counters, which are reset before every render so the SVG bytes depend only on the
 * spec. vega, vega-lite and resvg (a native module) are loaded lazily: they are large and only
 * charting needs them.
 */
import { createRequire } from 'node:module';

export const CHART_FONT = 'DejaVu Sans';

/** A Vega-Lite spec as plain JSON (the library's own types are too deep to be useful here). */
export type VlSpec = Record<string, unknown>;

export async function toVega(spec: VlSpec): Promise<Record<string, unknown>> {
  const vl = await import('vega-lite');
  return vl.compile(spec as never).spec as unknown as Record<string, unknown>;
}

export async function renderSvg(spec: VlSpec): Promise<string> {
  const vega = await import('vega');
  const runtime = vega.parse((await toVega(spec)) as never);
  vega.resetSVGDefIds();
  const view = new vega.View(runtime, { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Above this many pixels the PNG is rendered at less than `scale` (tall faceted charts stay a few MB). */
export const MAX_PNG_PIXELS = 12_000_000;

const require = createRequire(import.meta.url);

/**
 * PNG at `scale`× the SVG's size (capped at MAX_PNG_PIXELS), white background, text in DejaVu Sans from
 * the system fonts. 1× by default: rendering at 2× took a tenth of a default report's time; the SVG
 * beside every PNG scales without loss.
 */
export function svgToPng(svg: string, scale = 1): Buffer {
  const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  const area = m ? Number(m[1]) * Number(m[2]) : 0;
  const zoom = area > 0 ? Math.min(scale, Math.sqrt(MAX_PNG_PIXELS / area)) : scale;
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { loadSystemFonts: true, defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT },
  });
  return r.render().asPng();
}
