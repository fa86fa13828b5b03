/**
 * Point labels that do not overlap: policies at the same point share one label ("a = b"), and a label
 * that would overlap one already placed moves down a line, estimated in the panel's pixels from its data
 * range (vega-lite's text marks have no collision avoidance); a label that would run past the panel's
 * right edge goes left of its point. The result is data: each labelled row gets `label_right` or
 * `label_left` (the text, on that side of the point) and `label_y` (the data y it is drawn at); the
 * others get null.
 */
import type { Row } from '../table.js';

export interface PanelSize {
  width: number;
  height: number;
  /** text height and the width of one character, in pixels */
  line?: number;
  char?: number;
  /** the label's offset from its point, in pixels (right, up) */
  dx?: number;
  dy?: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Places the labels of `rows` (one panel's labelled points, with `x`, `y` and their `_lo`/`_hi`) in place. */
export function placeLabels(rows: Row[], panel: readonly Row[], size: PanelSize): void {
  const { width, height, line = 12, char = 5.8, dx = 7, dy = 7 } = size;
  const ends = (k: string): number[] => panel.flatMap((r) => [num(r[k]), num(r[`${k}_lo`]), num(r[`${k}_hi`])]).filter((v): v is number => v !== null);
  const [xs, ys] = [ends('x'), ends('y')];
  const [x0, x1] = [Math.min(0, ...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const px = (x: number): number => (x1 > x0 ? ((x - x0) / (x1 - x0)) * width : 0);
  const py = (y: number): number => (y1 > y0 ? ((y1 - y) / (y1 - y0)) * height : height / 2);
  // one label per point: policies at the same point are named together
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    r.label_right = null;
    r.label_left = null;
    r.label_y = null;
    if (num(r.x) === null || num(r.y) === null) continue;
    const key = `${r.x}|${r.y}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const placed: { left: number; right: number; top: number; bottom: number }[] = [];
  const heads = [...groups.values()].map((g) => g[0]!).sort((a, b) => py(num(a.y)!) - py(num(b.y)!) || px(num(a.x)!) - px(num(b.x)!));
  for (const r of heads) {
    const text = groups.get(`${r.x}|${r.y}`)!.map((q) => String(q.policyLabel)).join(' = ');
    const textWidth = text.length * char;
    const onLeft = px(num(r.x)!) + dx + textWidth > width && px(num(r.x)!) - dx - textWidth >= -dx;
    const left = onLeft ? px(num(r.x)!) - dx - textWidth : px(num(r.x)!) + dx;
    const right = left + textWidth;
    const start = py(num(r.y)!) - dy - line / 2;
    const hits = (t: number): boolean => placed.some((p) => left < p.right && right > p.left && t < p.bottom && t + line > p.top);
    // the nearest free line, down first, inside the panel (a label outside it would stretch the axis)
    const inside = (t: number): boolean => t >= -dy && t + line <= height + dy;
    let top = start;
    for (let i = 1; i <= 20 && hits(top); i++) {
      const down = start + i * line;
      const up = start - i * line;
      if (inside(down) && !hits(down)) top = down;
      else if (inside(up) && !hits(up)) top = up;
    }
    placed.push({ left, right, top, bottom: top + line });
    if (onLeft) r.label_left = text;
    else r.label_right = text;
    // back to data: the label's centre, then the mark's own offset (dy) undone
    const centre = top + line / 2 + dy;
    r.label_y = y1 > y0 ? y1 - (centre / height) * (y1 - y0) : num(r.y);
  }
}
