/**
 * The answer across scenarios in words (verdict-overview.ts has the data): one line per leading policy —
 * where it is the cheapest, how it fares against the baseline, its worst case and its decision rules —
 * then which policies were identical on every seed, and which policies were never the cheapest.
 */
import { ruleSentence } from './rule-telemetry.js';
import type { IdenticalGroup } from './verdict-identical.js';
import type { PolicyStanding, VerdictOverview } from './verdict-overview.js';

/** "all but small-32k" or "in claude-code-200k and ops-1m": the shorter way to say which scenarios. */
function where(these: readonly string[], of: number, all: readonly string[]): string {
  if (these.length === of) return 'all';
  const rest = all.filter((s) => !these.includes(s));
  return these.length > of / 2 && rest.length ? `all but ${rest.join(', ')}` : these.join(', ');
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const code = (s: string, md: boolean): string => (md ? `\`${s}\`` : s);

function standingLine(s: PolicyStanding, o: VerdictOverview, all: readonly string[], md: boolean): string {
  const parts: string[] = [];
  parts.push(s.cheapestIn.length ? `the cheapest in ${s.cheapestIn.length} of ${s.of} scenarios (${where(s.cheapestIn, s.of, all)})` : `never the cheapest`);
  if (s.policy !== o.baseline) {
    const n = (xs: readonly string[]): string => (xs.length ? `${xs.length} (${xs.join(', ')})` : '0');
    parts.push(`against ${code(o.baseline, md)} cheaper in ${n(s.cheaper)}, dearer in ${n(s.dearer)}, not distinguishable in ${s.tied.length}`);
  } else parts.push('the baseline');
  parts.push(s.worst ? `at worst ${s.worst.abovePct.toFixed(1)}% above the cheapest (${s.worst.scenario})` : 'never above the cheapest');
  const rules = s.rules.map(ruleSentence);
  return `${code(s.policy, md)}: ${parts.join('; ')}.${rules.length ? ` ${rules.map(capital).join('. ')}.` : ''}`;
}

function identicalLine(g: IdenticalGroup, all: readonly string[], md: boolean): string {
  const n = g.scenarios.length === g.of ? `in all ${g.of} scenarios` : `in ${g.scenarios.length} of ${g.of} scenarios (${where(g.scenarios, g.of, all)})`;
  return `${g.labels.map((l) => code(l, md)).join(' = ')} on every seed ${n}`;
}

/** The most identical groups listed; with many policies many coincide (e.g. none compacts a short session). */
const MAX_GROUPS = 6;

/** The overview as lines of text (Markdown when `md`, with `code` spans; plain for the terminal and HTML). */
export function overviewLines(o: VerdictOverview, scenarios: readonly string[], md: boolean): string[] {
  if (o.scenarios < 1) return [];
  const lines = o.leaders.map((s) => standingLine(s, o, scenarios, md));
  const groups = o.identicalGroups;
  if (groups.length) {
    const shown = groups.slice(0, MAX_GROUPS).map((g) => identicalLine(g, scenarios, md));
    const more = groups.length > MAX_GROUPS ? `; ${groups.length - MAX_GROUPS} more groups in the scenarios below` : '';
    lines.push(`Identical: ${shown.join('; ')}${more}.`);
  }
  if (o.others.length) lines.push(`Never the cheapest (${o.others.length}): ${o.others.map((l) => code(l, md)).join(', ')}.`);
  for (const r of o.otherRules) lines.push(`${code(r.policy, md)}: ${r.rules.map(ruleSentence).join('; ')}.`);
  return lines;
}
