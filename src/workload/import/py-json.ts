/**
 * JSON text the way Python's `json.dumps(v, ensure_ascii=False)` writes it (", " and ": " separators).
 *
 * Why: when an importer has to turn a structured tool input into an OpenAI `arguments` string
 * (Claude Code `tool_use.input`, a synthesized text-mode command), it uses the rendering that the
 * reference conversions in shared/traces/openai/ use and that Python agents (Hermes, SWE-agent,
 * mini-swe-agent) send, so token counts of the arguments match theirs.
 */

export function pyJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : v > 0 ? 'Infinity' : v < 0 ? '-Infinity' : 'NaN';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (typeof v === 'object') {
    const parts: string[] = [];
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (x === undefined) continue;
      parts.push(`${JSON.stringify(k)}: ${pyJson(x)}`);
    }
    return `{${parts.join(', ')}}`;
  }
  return JSON.stringify(String(v));
}
