/**
 * Seeded random agent conversations in compactbench's message format (OpenAI chat), and their Gemini
 * `Content[]` form as Gemini CLI stores them, for comparing the port with the published package.
 *
 * A conversation: user turns, each a loop of assistant steps with 1–3 tool calls and their results, ending
 * on a final answer (or, for the last turn sometimes, mid-loop). Tool outputs have log-uniform lengths
 * from 20 to `maxChars` characters, spread over lines; with `nonAscii`, about a third of their characters
 * are accented letters, CJK or emoji (emoji are two UTF-16 units, as Gemini CLI counts them).
 */

/** mulberry32: a small seeded generator, so every run compares the same conversations. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ASCII = 'abcdefghijklmnopqrstuvwxyz0123456789 _-.,:;/(){}=<>"\'';
const WIDE = ['é', 'ü', 'ß', 'ñ', '日', '本', '語', 'の', '中', '文', '한', '글', 'Ж', 'я', '€', '😀', '🚀'];
const TOOLS = ['read_file', 'run_shell_command', 'grep_search', 'glob', 'web_fetch'];

function text(r, chars, nonAscii) {
  const out = [];
  let line = 0;
  for (let i = 0; i < chars; i++) {
    if (line > 20 && r() < 0.02) {
      out.push('\n');
      line = 0;
      continue;
    }
    out.push(nonAscii && r() < 0.33 ? WIDE[Math.floor(r() * WIDE.length)] : ASCII[Math.floor(r() * ASCII.length)]);
    line++;
  }
  return out.join('');
}

const logUniform = (r, lo, hi) => Math.floor(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));

/** One conversation: `turns` user turns of up to `steps` steps each. */
export function conversation(seed, { turns = 4, steps = 6, maxChars = 60_000, nonAscii = false } = {}) {
  const r = rng(seed);
  const msgs = [];
  let id = 0;
  const nTurns = 1 + Math.floor(r() * turns);
  for (let t = 0; t < nTurns; t++) {
    msgs.push({ role: 'user', content: `Task ${t}: ${text(r, logUniform(r, 10, 400), nonAscii)}` });
    const nSteps = 1 + Math.floor(r() * steps);
    for (let s = 0; s < nSteps; s++) {
      const calls = [];
      for (let c = 1 + Math.floor(r() * 3); c > 0; c--) {
        const name = TOOLS[Math.floor(r() * TOOLS.length)];
        calls.push({ id: `call_${seed}_${id++}`, type: 'function', function: { name, arguments: JSON.stringify({ path: `src/f${id}.ts` }) } });
      }
      msgs.push({ role: 'assistant', content: r() < 0.5 ? `Step ${s}: ${text(r, logUniform(r, 5, 300), nonAscii)}` : null, tool_calls: calls });
      for (const c of calls) {
        msgs.push({ role: 'tool', tool_call_id: c.id, name: c.function.name, content: text(r, logUniform(r, 20, maxChars), nonAscii) });
      }
    }
    if (t < nTurns - 1 || r() < 0.6) msgs.push({ role: 'assistant', content: `Done ${t}: ${text(r, logUniform(r, 5, 300), nonAscii)}` });
  }
  return msgs;
}

/**
 * Gemini CLI's form: a user message is one text part; an assistant message is a model message of its
 * text and its function calls; a run of tool results is one user message of function responses, each
 * response `{ output }`. `starts[g]` is the index of the compactbench message where Content g begins.
 */
export function toGemini(msgs) {
  const contents = [];
  const starts = [];
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i];
    if (m.role === 'tool') {
      const part = { functionResponse: { id: m.tool_call_id, name: m.name, response: { output: m.content } } };
      if (i > 0 && msgs[i - 1].role === 'tool') contents.at(-1).parts.push(part);
      else {
        starts.push(i);
        contents.push({ role: 'user', parts: [part] });
      }
      continue;
    }
    starts.push(i);
    if (m.role === 'user') contents.push({ role: 'user', parts: [{ text: m.content }] });
    else {
      const parts = m.content ? [{ text: m.content }] : [];
      for (const c of m.tool_calls ?? []) parts.push({ functionCall: { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) } });
      contents.push({ role: 'model', parts });
    }
  }
  return { contents, starts };
}

/** A Content index (or contents.length) as a compactbench message index. */
export const messageIndex = (starts, g, length) => (g < starts.length ? starts[g] : length);
