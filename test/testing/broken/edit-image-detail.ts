/**
 * Broken on purpose: asks for high-detail images as they enter history (new image parts with
 * `detail: 'high'`), then, once the prompt passes half the window, downgrades older ones by assigning
 * `part.image_url.detail = 'low'` on the messages it is given. Shallow freezing froze the part but not
 * its `image_url`, so the edit went unseen; checked runs now freeze deeply (caught by input-not-mutated).
 * Its correct twin is test/testing/correct/image-detail.ts.
 */
import type { ContentPart, Message } from '../../../src/core/messages.js';
import type { ContextPolicy, PolicyContext } from '../../../src/policies/types.js';

export const id = 'broken-edit-image-detail';
export const description = "edits image_url.detail of its input in place";

export const imageParts = (m: Message): ContentPart[] => (Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url') : []);

/** High detail for every image part of a message entering history (new parts, new image_url objects). */
export function highDetail(m: Message): Message {
  if (!imageParts(m).length) return m;
  const content = (m.content as ContentPart[]).map((p) => (p.type === 'image_url' ? { type: 'image_url' as const, image_url: { url: p.image_url.url, detail: 'high' } } : p));
  return { ...m, content };
}

export const over = (ctx: PolicyContext): boolean => (ctx.lastUsage?.promptTokens ?? 0) >= 0.5 * ctx.contextWindow;

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params,
    onAppend: (m) => highDetail(m),
    beforeStep(history, ctx) {
      if (!over(ctx)) return undefined;
      for (const m of history.slice(0, -2)) {
        for (const p of imageParts(m)) if (p.type === 'image_url') p.image_url.detail = 'low';
      }
      return undefined;
    },
  };
}
