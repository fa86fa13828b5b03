/**
 * The correct twin of broken/edit-image-detail.ts: the same downgrade, done by returning new messages
 * with new image parts.
 */
import type { ContentPart, Message } from '../../../src/core/messages.js';
import type { ContextPolicy } from '../../../src/policies/types.js';
import { highDetail, imageParts, over } from '../broken/edit-image-detail.js';

export const id = 'image-detail';
export const description = 'downgrades older images by returning new messages';

const lowDetail = (m: Message): Message => ({
  ...m,
  content: (m.content as ContentPart[]).map((p) => (p.type === 'image_url' ? { type: 'image_url' as const, image_url: { url: p.image_url.url, detail: 'low' } } : p)),
});

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params,
    onAppend: (m) => highDetail(m),
    beforeStep(history, ctx) {
      if (!over(ctx)) return undefined;
      const old = (m: Message, i: number): boolean => i < history.length - 2 && imageParts(m).some((p) => p.type === 'image_url' && p.image_url.detail !== 'low');
      if (!history.some(old)) return undefined;
      return { history: history.map((m, i) => (old(m, i) ? lowDetail(m) : m)), kind: 'trim', note: 'older images at low detail' };
    },
  };
}
