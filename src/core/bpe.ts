/**
 * gpt-tokenizer's o200k_base count, loaded on first use: the encoder's tables take most of a second of
 * CPU to load, which commands that count nothing (`--help`, `policies`, `validate`) should not pay.
 * Loaded through `require` (the package ships CommonJS too) so the count stays synchronous.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let impl: ((text: string) => number) | undefined;

export function countTokens(text: string): number {
  impl ??= (require('gpt-tokenizer') as typeof import('gpt-tokenizer')).countTokens;
  return impl(text);
}
