/**
 * A shell tool call: the command (JSON arguments) and its captured output, in the format of each agent:
 * - Claude Code `Bash`: raw output; a failure starts with "Exit code N" (as in shared/traces claude-code).
 * - Hermes `terminal`: JSON `{"output": ..., "exit_code": N, "error": null}` (the compressor reads
 *   `"exit_code"` from it; reference/hermes-compressor.md §4).
 * - mini-swe-agent `bash`: `<returncode>N</returncode>` then `<output>…</output>`; outputs over 10,000
 *   characters become the head/elided/tail form with a warning (as in the mini-swe-agent traces).
 * - SWE-agent `bash`: raw output, or a fixed line when the command printed nothing.
 */
import { BLOCKS } from '../corpus/code.js';
import { TextBuilder, type BuiltText } from '../text/builder.js';
import { fillLines, writeLine } from './lines.js';
import { CODING_FAMILIES, type Family, type Invocation, type ShellCtx } from './shell-coding.js';
import { OPS_FAMILIES } from './shell-ops.js';
import type { Style } from '../tools.js';

export type Domain = 'coding' | 'ops' | 'research';

/** a family whose size band holds `target` (ties broken at random), so the output can reach it */
function pickFamily(c: ShellCtx, domain: Domain, target: number): Family {
  const all = domain === 'ops' ? [...OPS_FAMILIES, ...CODING_FAMILIES.filter((f) => f.id.startsWith('git'))] : CODING_FAMILIES;
  if (target === 0) return all.find((f) => f.id === 'silent') ?? all[0];
  const fits = all.filter((f) => f.min > 0 && f.min <= target && target <= f.max);
  return c.rng.pick(fits.length ? fits : all.filter((f) => f.max >= target).concat(all[1]));
}

const DESCRIPTIONS = ['Show working tree status', 'Run the test suite', 'List files', 'Search the code', 'Run the script', 'Check the build'];
const MINI_SWE_WARNING = [
  'The output of your last command was too long.',
  'Please try a different command that produces less output.',
  "If you're looking at a file you can try use head, tail or sed to view a smaller number of lines selectively.",
  "If you're using grep or find and it produced too much output, you can use a more selective search pattern.",
];

/** tokens the style's wrapper adds around the captured output (so the output itself gets the rest) */
const WRAPPER_TOKENS: Record<Style, number> = { 'claude-code': 0, hermes: 16, 'mini-swe-agent': 15, 'swe-agent': 0 };

const roughTokens = (s: string) => s.length / 3.5;

/** the command as typed: longer targets get the `cd` prefix and output filters agents add, then a heredoc script */
function shellArgs(c: ShellCtx, style: Style, inv: Invocation, argTarget: number): BuiltText {
  const budget = style === 'claude-code' ? argTarget - 12 : argTarget - 4;
  let cmd = inv.command;
  if (budget > roughTokens(cmd) + 14) cmd = `cd ${c.project.root} && ${cmd}`;
  if (budget > roughTokens(cmd) + 6) cmd += c.rng.pick([' 2>&1 | tail -50', ' 2>&1 | head -100', ' 2>/dev/null || true', ' 2>&1 | grep -v "^$"']);
  const b = new TextBuilder().add('{"command": "').words(cmd, true);
  if (budget > b.estimate + 30) {
    // scripts written inline: `cat > x.py << 'EOF' ... EOF` then run (the long tail of command sizes)
    b.json(` && cat > /tmp/check.${c.project.lang} << 'EOF'\n`);
    const blocks = BLOCKS[c.project.lang];
    while (b.estimate < budget - 4) writeLine(b, [c.rng.pick(c.rng.pick(blocks))], true);
    b.json('EOF');
  }
  b.add('"');
  if (style === 'claude-code') b.add(', "description": "').json(c.rng.pick(DESCRIPTIONS)).add('"');
  return b.add('}').build();
}

function writeOutput(b: TextBuilder, inv: Invocation, target: number, escape: boolean): void {
  fillLines(b, { head: inv.head, body: inv.body, tail: inv.tail, maxBody: inv.maxBody }, b.estimate + target, escape);
}

function shellResult(c: ShellCtx, style: Style, inv: Invocation, target: number, failed: boolean): BuiltText {
  const code = failed ? inv.failCode : 0;
  const b = new TextBuilder();
  switch (style) {
    case 'hermes':
      b.add('{"output": "');
      writeOutput(b, inv, target - WRAPPER_TOKENS.hermes, true);
      return b.add(`", "exit_code": ${code}, "error": null}`).build();
    case 'mini-swe-agent': {
      b.add(`<returncode>${code}</returncode>\n`);
      if (target > 2600) {
        b.add('<warning>\n');
        for (const l of MINI_SWE_WARNING) writeLine(b, [l], false);
        b.add('</warning><output_head>\n');
        writeOutput(b, inv, target / 2 - 60, false);
        b.add('</output_head>\n<elided_chars>\n').add(String(c.rng.int(1000, 90000))).add(' characters elided\n</elided_chars>\n<output_tail>\n');
        writeOutput(b, inv, target / 2 - 60, false);
        return b.add('</output_tail>').build();
      }
      b.add('<output>\n');
      writeOutput(b, inv, target - WRAPPER_TOKENS['mini-swe-agent'], false);
      return b.add('</output>').build();
    }
    case 'swe-agent':
      if (target === 0) return b.add('Your command ran successfully and did not produce any output.').build();
      writeOutput(b, inv, target, false);
      return b.build();
    default:
      if (failed) b.add('Exit code ').add(String(code)).add('\n');
      if (target > 0) writeOutput(b, inv, target, false);
      return b.build();
  }
}

export interface ShellCall {
  args: BuiltText;
  result: BuiltText;
}

export function shellCall(c: ShellCtx, style: Style, domain: Domain, target: number, argTarget: number, failed: boolean): ShellCall {
  const inner = target - WRAPPER_TOKENS[style];
  const fam = pickFamily(c, domain, inner < 3 ? 0 : inner);
  const inv = fam.start(c, failed);
  return { args: shellArgs(c, style, inv, argTarget), result: shellResult(c, style, inv, target, failed) };
}
