/**
 * The per-image token cost Hermes learns from the provider's own usage (agent/image_token_cost.py
 * @ 11cf2064, PR #104575, 2026-09-06; read from source): after a response, if the messages added
 * since the previous response (the usage anchor) brought N images, the residual
 * `prompt_tokens − (anchor + text-only estimate of what was added)` divided by N is the provider's
 * price per image. Residuals outside 64–32,768 are noise and teach nothing; the first plausible one
 * is taken as is, later ones move the cost halfway (EMA, alpha 0.5). 1,500 until then.
 * Upstream keeps the value per model@host across sessions; here it lives for one session.
 */
import type { PyMsg } from '../msg.js';
import { isDict } from '../msg.js';
import { isImagePart } from '../estimate.js';
import type { ImageCost } from './estimate.js';

export const DEFAULT_IMAGE_TOKEN_COST = 1500;
const MIN_PLAUSIBLE = 64;
const MAX_PLAUSIBLE = 32_768;
const EMA_ALPHA = 0.5;

function imagesIn(msgs: readonly PyMsg[]): number {
  let n = 0;
  for (const m of msgs) {
    if (Array.isArray(m.content)) for (const p of m.content) if (isImagePart(p)) n++;
    const c = m.content as unknown;
    if (isDict(c) && c._multimodal && Array.isArray(c.content)) for (const p of c.content) if (isDict(p) && (p.type === 'image' || p.type === 'image_url')) n++;
  }
  return n;
}

export class ImageCostLearner implements ImageCost {
  tokens = DEFAULT_IMAGE_TOKEN_COST;
  private learned = false;
  private anchor?: { prompt: number; count: number };

  /**
   * A response to a request of the first `length` messages of `history` reported `promptTokens`.
   * `textTokens` is the rough estimate with images priced at 0.
   */
  observe(history: readonly PyMsg[], length: number, promptTokens: number, textTokens: (msgs: readonly PyMsg[]) => number): void {
    const anchor = this.anchor;
    this.anchor = promptTokens > 0 ? { prompt: promptTokens, count: length } : undefined;
    if (!anchor || promptTokens <= 0 || anchor.count > length) return;
    let delta = history.slice(anchor.count, length);
    const added = delta;
    if (delta.length && delta[0]!.role === 'assistant') delta = delta.slice(1);
    const n = imagesIn(delta);
    if (n <= 0) return;
    const perImage = Math.floor((promptTokens - (anchor.prompt + textTokens(added))) / n);
    if (perImage < MIN_PLAUSIBLE || perImage > MAX_PLAUSIBLE) return;
    this.tokens = this.learned ? Math.trunc(this.tokens + EMA_ALPHA * (perImage - this.tokens)) : perImage;
    this.learned = true;
  }
}
