/**
 * A PolicyResult given as an edit of the hook's input (`PolicyResult.tail`): the new history is the
 * input's first `changedFrom` messages followed by `tail`.
 *
 * Why: a policy that rewrites a few messages near the end of a long history on most steps (microcompact
 * above its threshold) would otherwise copy the whole history into a new array on each of them, O(history)
 * to build and to collect. The harness applies the tail to its own array; `history` is built only when
 * someone reads it (a test, the property kit, a checked run), once, and must then be read before the
 * next hook call: the harness edits the input array in place when it applies the result.
 */
import type { Message } from '../../core/messages.js';
import type { PolicyResult } from '../types.js';

type Fields = Omit<PolicyResult, 'history' | 'changedFrom' | 'tail'>;

export function tailResult(input: readonly Message[], changedFrom: number, tail: Message[], fields: Fields): PolicyResult {
  let full: Message[] | undefined;
  // the fields one by one, not spread: one object shape for every result (a spread and a getter made V8
  // define each property through its slow path)
  return {
    kind: fields.kind, note: fields.note, detail: fields.detail, changedFrom, tail,
    get history(): Message[] {
      return (full ??= input.slice(0, changedFrom).concat(tail));
    },
  };
}
