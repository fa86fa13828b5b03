/**
 * The correct twin of broken/slice-truncate.ts: the same truncation, but a cut that would split a
 * surrogate pair moves one code unit back, so the text stays well-formed.
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { truncatingPolicy } from '../broken/slice-truncate.js';

export const id = 'slice-truncate';
export const description = 'truncates tool outputs without splitting a character';

/** `s` cut to at most `n` code units, never between the two halves of a surrogate pair. */
export function cutWellFormed(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

export const create = (params: Readonly<Record<string, unknown>>): ContextPolicy => truncatingPolicy(id, cutWellFormed, params);
