/** Text made safe for the report page: escaping, and a `mean [lo, hi]` cell split over two lines. */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A cell `mean [lo, hi]` as the mean over its interval on a second, smaller line (keeps wide tables on the page). */
export function cellHtml(c: string): string {
  const m = /^(\S+) (\[[^\]]*\])$/.exec(c);
  return m ? `${escapeHtml(m[1]!)}<span class="ci">${escapeHtml(m[2]!)}</span>` : escapeHtml(c);
}
