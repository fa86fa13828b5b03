/** Every invariant the kit checks, in report order. */
import type { Invariant } from '../invariant.js';
import { anthropicOrder, claimedTextKept, lastUserKept, openaiOrder, strictAlternation, systemKept, withinWindow } from './content.js';
import { overflowFlagged, thinkingKept, wellFormedText } from './provider.js';
import { deterministic, freshInstance, inputNotMutated, noMissingResult, noOrphanResult, policyCompletes, uniqueCallIds } from './structure.js';

export const INVARIANTS: readonly Invariant[] = [
  policyCompletes,
  inputNotMutated,
  noOrphanResult,
  noMissingResult,
  uniqueCallIds,
  systemKept,
  lastUserKept,
  claimedTextKept,
  openaiOrder,
  anthropicOrder,
  strictAlternation,
  withinWindow,
  overflowFlagged,
  wellFormedText,
  thinkingKept,
  deterministic,
  freshInstance,
];

export function invariantNames(): string[] {
  return INVARIANTS.map((i) => i.name);
}

/** The invariant with this name; an error lists the valid names. */
export function getInvariant(name: string): Invariant {
  const inv = INVARIANTS.find((i) => i.name === name);
  if (!inv) throw new Error(`unknown invariant ${JSON.stringify(name)}; invariants: ${invariantNames().join(', ')}`);
  return inv;
}

export {
  anthropicOrder, claimedTextKept, deterministic, freshInstance, inputNotMutated, lastUserKept, noMissingResult, noOrphanResult,
  openaiOrder, overflowFlagged, policyCompletes, strictAlternation, systemKept, thinkingKept, uniqueCallIds, wellFormedText, withinWindow,
};
