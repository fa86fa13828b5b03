/**
 * A workload's needs arranged for the step loop, built once per workload and shared by every policy
 * replayed over it (it is immutable): needs by step, the original message behind each source (a
 * re-fetch returns it), the call that produced it (a re-fetch repeats it), and the identifiers the
 * needs name, with their base names (a summary that says `main.ts` names `src/app/main.ts`).
 *
 * Keyed by message in strong maps, not weak ones: they live as long as the workload, whose messages they
 * hold anyway, and a WeakMap's entries are ephemerons that every garbage collection re-traces — with one
 * entry per scripted message, that halved the step loop's speed on policies that allocate.
 */
import type { Message, ToolCall } from '../../core/messages.js';
import type { Workload } from '../types.js';
import { baseName } from './idents.js';
import { appendKey, type Need } from './types.js';
import { UserSources } from './user-sources.js';

export interface NeedLookup {
  byStep: ReadonlyMap<number, readonly Need[]>;
  /** every need source, by key: its message as scripted */
  sources: ReadonlyMap<string, Message>;
  /** the call behind each tool-result source, by call id */
  calls: ReadonlyMap<string, ToolCall>;
  /** the append key of each scripted non-tool message */
  appendKeys: ReadonlyMap<Message, string>;
  /** identifier (or its base name) → the need identifiers it names */
  idents: ReadonlyMap<string, readonly string[]>;
  /** the identifiers each source holds (a summary of it may keep them) */
  sourceIdents: ReadonlyMap<string, readonly string[]>;
  /** the user messages that are need sources, found by their text in a user message the policy wrote */
  userSources: UserSources;
  /** every scripted message: anything else in a request was written by the policy */
  scripted: ReadonlySet<Message>;
  /** what each scripted message names (needs-meter.ts), filled as sessions meet them: the same for every policy */
  marks: Map<Message, readonly string[] | null>;
  /**
   * the need identifiers a text names, by text (needs-meter.ts): a policy that copies a message keeps its
   * content string, so every policy's copies of a scripted message share one entry. Emptied past a cap.
   */
  textIdents: Map<string, readonly string[]>;
  total: number;
}

const cache = new WeakMap<Workload, NeedLookup>();

export function needLookup(w: Workload): NeedLookup {
  let l = cache.get(w);
  if (!l) cache.set(w, (l = build(w)));
  return l;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const a = m.get(k);
  if (a) {
    if (!a.includes(v)) a.push(v);
  } else m.set(k, [v]);
}

function build(w: Workload): NeedLookup {
  const needs = w.needs ?? [];
  const byStep = new Map<number, Need[]>();
  const wanted = new Set<string>();
  const idents = new Map<string, string[]>();
  const sourceIdents = new Map<string, string[]>();
  for (const n of needs) {
    push(byStep, n.step, n);
    wanted.add(n.source);
    push(idents, n.ident, n.ident);
    const b = baseName(n.ident);
    if (b !== n.ident && b.length >= 4) push(idents, b, n.ident);
    push(sourceIdents, n.source, n.ident);
  }
  const sources = new Map<string, Message>();
  const calls = new Map<string, ToolCall>();
  const appendKeys = new Map<Message, string>();
  const scripted = new Set<Message>([w.system]);
  w.steps.forEach((st, t) => {
    st.append.forEach((m, k) => {
      scripted.add(m);
      const key = m.role === 'tool' && m.tool_call_id ? m.tool_call_id : appendKey(t, k);
      if (m.role !== 'tool') appendKeys.set(m, key);
      if (wanted.has(key)) sources.set(key, m);
    });
    scripted.add(st.response);
    for (const c of st.response.tool_calls ?? []) calls.set(c.id, c);
  });
  const userSources = new UserSources(sources);
  return { byStep, sources, calls, appendKeys, userSources, idents, sourceIdents, scripted, marks: new Map(), textIdents: new Map(), total: needs.length };
}
