/**
 * Prose messages: the narration next to tool calls, reasoning, user requests and end-of-turn answers,
 * built from whole sentences to a token target. Paragraphs hold two to four sentences.
 */
import { ANSWER, NARRATION, PASTE, REASONING, REQUESTS } from '../corpus/prose.js';
import { TextBuilder, pieceTokens, type BuiltText } from '../text/builder.js';
import type { Rng } from '../rng.js';

/** sentences from `pool` until about `target` tokens; empty for a target of 0 */
export function sentences(rng: Rng, pool: readonly string[], target: number, prefix = ''): BuiltText {
  const b = new TextBuilder();
  if (target <= 0) return b.build();
  if (prefix) b.add(prefix);
  let inPara = 0;
  let paraLen = rng.int(2, 4);
  for (let first = true; b.estimate < target; first = false) {
    const s = rng.pick(pool);
    // keep a sentence when it brings the size closer to the target
    if (!first && b.estimate + pieceTokens(s) / 2 > target) break;
    if (inPara === paraLen) {
      b.add('\n\n');
      inPara = 0;
      paraLen = rng.int(2, 4);
    }
    b.add(inPara === 0 ? s : ` ${s}`);
    inPara++;
  }
  return b.build();
}

export const narration = (rng: Rng, target: number, prefix = ''): BuiltText => sentences(rng, NARRATION, target, prefix);
export const reasoning = (rng: Rng, target: number): BuiltText => sentences(rng, REASONING, target);

/** an end-of-turn answer: a lead sentence, then list lines */
export function answer(rng: Rng, target: number, prefix = ''): BuiltText {
  const b = new TextBuilder();
  if (prefix) b.add(prefix);
  b.add(rng.pick(ANSWER.filter((s) => !s.startsWith('-'))));
  while (b.estimate < target) b.add('\n').add(rng.pick(ANSWER));
  return b.build();
}

/** a user request; longer ones carry pasted context (issue text, logs) */
export function request(rng: Rng, target: number, wrap?: { open: string; close: string }): BuiltText {
  const b = new TextBuilder();
  if (wrap) b.add(wrap.open);
  b.add(rng.pick(REQUESTS));
  while (b.estimate < target) b.add('\n').add(rng.pick(rng.chance(0.5) ? PASTE : REASONING));
  if (wrap) b.add(wrap.close);
  return b.build();
}
