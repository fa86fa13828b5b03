/**
 * `gemini-cli`: Gemini CLI's context management as `@google/gemini-cli-core` 0.61.0 publishes it (read from
 * the package's JS and checked against it by oracles/gemini-cli; the compression is the same as
 * google-gemini/gemini-cli @ 5411f113, `packages/core/src/context/chatCompressionService.ts`). Before every
 * request, `GeminiClient.processTurn` runs `tryCompressChat`, then `tryMaskToolOutputs`:
 * - Trigger: the last prompt's tokens ≥ 0.5 × the model's token limit (`model.compressionThreshold`).
 * - Tool responses are cut newest first against a 50,000-token budget: the newest stay whole, older ones
 *   are cut to the first 20% and last 80% of min(40,000, 4 × (limit − last prompt)) characters. Tokens are
 *   Gemini CLI's estimate, 1.5 per non-ASCII character (./estimate.ts).
 * - The newest 30% of the (truncated) history by characters is kept, starting at a user message; the
 *   rest is summarized (the original messages when their estimate is under the token limit, else the
 *   truncated ones) into a `<state_snapshot>`, then a second call verifies and may rewrite it.
 * - New history: the snapshot as a user message, the model's "Got it. Thanks for the additional
 *   context!", the kept messages. If that would be larger than before, nothing changes and later automatic
 *   attempts only truncate tool outputs (`hasFailedCompressionAttempt`).
 * - Masking (./mask.ts): old tool outputs past the newest 50,000 tool tokens become a preview and a file
 *   path, when at least 30,000 tokens can be masked.
 * `gemini-cli@5411f113` is the previous port: no masking, chars/4, the summarizer's head under limit − 20k.
 * Not modelled: the experimental context manager and agent history provider (off by default).
 */
import { contentText, type Message } from '../../core/messages.js';
import { flagOverWindow } from '../shared/over-window.js';
import { roughText } from '../shared/rough.js';
import { isVeto, type ContextPolicy, type HookResult, type PolicyContext, type PolicyDefinition } from '../types.js';
import { splitPoint, truncateToBudget } from './compress.js';
import { contentJsonChars } from './content-json.js';
import { geminiMessagesTokens, messageTextTokens } from './estimate.js';
import { PROJECT_TEMP_DIR, pendingFrom, sanitize } from './mask.js';
import { MaskTrigger } from './mask-trigger.js';

export const ACK_TEXT = 'Got it. Thanks for the additional context!';
const SAFE_BUFFER_TOKENS = 20_000;

const ESTIMATORS = ['estimateTokenCountSync', 'chars/4'] as const;
const SUMMARY_INPUT_LIMITS = ['token-limit', 'limit-minus-20k'] as const;
const SPLIT_MEASURES = ['content-json', 'message-json'] as const;

interface GeminiConfig {
  threshold: number;
  preserveFraction: number;
  functionResponseBudget: number;
  truncateChars: number;
  truncateToRemaining: boolean;
  summaryTokens: number;
  estimator: (typeof ESTIMATORS)[number];
  summaryInputLimit: (typeof SUMMARY_INPUT_LIMITS)[number];
  splitMeasure: (typeof SPLIT_MEASURES)[number];
  maskToolOutputs: boolean;
  maskProtectTokens: number;
  maskMinPrunableTokens: number;
  maskProtectLatestTurn: boolean;
}

class GeminiCliPolicy implements ContextPolicy {
  readonly id = 'gemini-cli';
  private failed = false;
  /** each tool response's cut copy (truncateToBudget) at `cutChars`, kept across compressions */
  private cuts = new WeakMap<Message, Message>();
  private cutChars = 0;
  private readonly mask: MaskTrigger | undefined;
  private readonly countText: (m: Message) => number;
  /** `getNextCompressionTruncationId`: numbers the saved outputs of the session */
  private truncations = 0;

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: GeminiConfig,
  ) {
    this.countText = cfg.estimator === 'chars/4' ? (m) => roughText(contentText(m)) : messageTextTokens;
    this.mask = cfg.maskToolOutputs
      ? new MaskTrigger({ protectTokens: cfg.maskProtectTokens, minPrunableTokens: cfg.maskMinPrunableTokens, protectLatestTurn: cfg.maskProtectLatestTurn })
      : undefined;
  }

  /**
   * Upstream checks, after compression, whether the request would overflow the remaining window and then
   * emits `ContextWindowWillOverflow` instead of sending (client.ts); this port sends it and reports it:
   * the veto `over-window` when no compression ran, `detail.overWindow` on one that left it over
   * (shared/over-window.ts; metadata only).
   */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    return flagOverWindow(history, this.maskAfter(this.compress(history, ctx), history), ctx);
  }

  /** Masking runs on whatever compression left (client.ts: tryCompressChat, then tryMaskToolOutputs). */
  private maskAfter(compressed: HookResult, history: readonly Message[]): HookResult {
    if (!this.mask) return compressed;
    const rewritten = compressed && !isVeto(compressed);
    if (rewritten) this.mask.reset();
    const m = this.mask.check(rewritten ? compressed.history : history);
    if (!m) return compressed;
    this.mask.reset();
    const detail = { masked: m.masked, maskedTokens: m.savedTokens };
    if (rewritten) return { ...compressed, history: m.history, detail: { ...compressed.detail, ...detail } };
    const note = `masked ${m.masked} tool outputs (~${m.savedTokens} tokens)${compressed ? `; compression: ${compressed.veto}` : ''}`;
    return { history: m.history, kind: 'mask', note, detail };
  }

  /** `getTruncateToolOutputThreshold`: min(40,000, 4 × (limit − last prompt)) characters. */
  private truncateChars(ctx: PolicyContext, lastPrompt: number): number {
    const chars = this.cfg.truncateToRemaining
      ? Math.max(0, Math.min(this.cfg.truncateChars, 4 * (ctx.contextWindow - lastPrompt))) : this.cfg.truncateChars;
    if (chars !== this.cutChars) {
      this.cuts = new WeakMap();
      this.cutChars = chars;
    }
    return chars;
  }

  /**
   * `ChatCompressionService.compress` on the chat's history, which does not hold the request being sent:
   * the messages after the newest assistant message (tool results, or the user's message) go out with the
   * request and stay as they are (client.ts sendMessageStream: compression, then the request is added).
   */
  private compress(full: readonly Message[], ctx: PolicyContext): HookResult {
    const original = ctx.lastUsage?.promptTokens ?? 0;
    // the threshold first: below it a step costs no copy of the history
    if (original < this.cfg.threshold * ctx.contextWindow) return undefined;
    const pendingAt = pendingFrom(full);
    if (pendingAt === 0) return undefined;
    const history = full.slice(0, pendingAt);
    const pending = full.slice(pendingAt);
    const maxChars = this.truncateChars(ctx, original);
    const truncated = truncateToBudget(history, this.cfg.functionResponseBudget, maxChars, {
      count: this.countText, cuts: this.cuts,
      file: (m) => `${PROJECT_TEMP_DIR}/tool-outputs/${sanitize(m.name ?? 'unknown_tool').toLowerCase()}_${++this.truncations}.txt`,
    });
    if (this.failed) {
      const after = this.cfg.estimator === 'chars/4' ? ctx.systemTokens + ctx.tokens.messages(truncated) : geminiMessagesTokens(truncated);
      if (after >= original) return undefined;
      // flagged here by the previous port's exact count; with upstream's estimate, flagOverWindow counts exactly
      const over = this.cfg.estimator === 'chars/4' && after > ctx.contextWindow ? { detail: { overWindow: true, tokens: after } } : {};
      return { history: [...truncated, ...pending], kind: 'trim', note: 'summarization failed before: truncation only', ...over };
    }
    const split = this.cfg.splitMeasure === 'content-json'
      ? splitPoint(truncated, 1 - this.cfg.preserveFraction, contentJsonChars)
      : splitPoint(truncated, 1 - this.cfg.preserveFraction);
    if (split === 0) return { veto: 'nothing-to-compress' };
    const originalHead = history.slice(0, split);
    const forSummary = this.summaryInputFits(originalHead, ctx) ? originalHead : truncated.slice(0, split);
    const first = ctx.summarizer.summarize({ messages: forSummary, budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary' });
    if (!first.ok) return { veto: 'compression-failed' };
    const verify = ctx.summarizer.summarize({
      messages: [...forSummary, { role: 'assistant', content: first.text }], budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary-verify',
    });
    if (!verify.ok) return { veto: 'compression-failed' };
    const snapshot = (verify.text.trim() || first.text).trim();
    if (!snapshot) return { veto: 'empty-summary' };
    const next: Message[] = [{ role: 'user', content: snapshot }, { role: 'assistant', content: ACK_TEXT }, ...truncated.slice(split)];
    const after = ctx.systemTokens + ctx.tokens.messages(next) + ctx.tokens.messages(pending);
    // upstream weighs its estimate of the new history (calculateRequestTokenCount; its environment-context
    // message, a few hundred tokens, is left out here) against the last prompt's real count
    if ((this.cfg.estimator === 'chars/4' ? after : geminiMessagesTokens(next)) > original) {
      this.failed = true;
      return { veto: 'inflated-token-count' };
    }
    const overWindow = after > ctx.contextWindow;
    return { history: [...next, ...pending], kind: 'summary', detail: { split, originalTokens: original, newTokens: after, ...(overWindow ? { overWindow } : {}) } };
  }

  /** 0.61.0: the original head when its estimate is under the token limit; the previous port: exact tokens under limit − 20k. */
  private summaryInputFits(head: readonly Message[], ctx: PolicyContext): boolean {
    if (this.cfg.summaryInputLimit === 'limit-minus-20k') return ctx.tokens.messages(head) < ctx.contextWindow - SAFE_BUFFER_TOKENS;
    const tokens = this.cfg.estimator === 'chars/4' ? ctx.tokens.messages(head) : geminiMessagesTokens(head);
    return tokens < ctx.contextWindow;
  }
}

export const geminiCliPolicy: PolicyDefinition = {
  id: 'gemini-cli',
  description: 'Gemini CLI 0.61.0: at 50% of the window, cut old tool outputs past a 50k-token budget, summarize all but the newest 30% (by characters) into a verified <state_snapshot>; before every request, mask old tool outputs past the newest 50k tool tokens once 30k can be masked.',
  source: '@google/gemini-cli-core 0.61.0 (npm) dist/src/context/{chatCompressionService,toolOutputMaskingService}.js, core/client.js, '
    + 'utils/tokenCalculation.js, utils/fileUtils.js, config/config.js; compression as google-gemini/gemini-cli '
    + 'packages/core/src/context/chatCompressionService.ts @ 5411f113cafae26161b4969b0237b8e1e024e2c2',
  version: '0.61.0',
  versions: {
    '5411f113': {
      description: 'the previous port (google-gemini/gemini-cli @ 5411f113): no tool-output masking, chars/4 for tool outputs, '
        + 'the summarizer\'s original head only under the limit − 20,000 tokens, a fixed 40,000-character cut, the split measured on '
        + 'the JSON of compactbench\'s messages (saved outputs now named as upstream names them, in both versions)',
      defaults: { maskToolOutputs: false, estimator: 'chars/4', summaryInputLimit: 'limit-minus-20k', truncateToRemaining: false, splitMeasure: 'message-json' },
    },
  },
  upstreamProperties: {
    'well-formed-text': 'Gemini CLI cuts text by UTF-16 code unit, so a cut can split an emoji\'s surrogate pair: formatTruncatedToolOutput '
      + '(utils/fileUtils.js: contentStr.slice(0, headChars), contentStr.slice(-tailChars)) and the masking preview '
      + '(context/toolOutputMaskingService.js: content.slice(0, 250), content.slice(-250)). The port cuts where upstream cuts; '
      + 'oracles/gemini-cli compares the texts character for character. Source: @google/gemini-cli-core 0.61.0.',
  },
  params: [
    { name: 'threshold', type: 'number', default: 0.5, min: 0.01, max: 1, description: 'compress when the last prompt ≥ this × the token limit (DEFAULT_COMPRESSION_TOKEN_THRESHOLD; setting model.compressionThreshold)' },
    { name: 'preserveFraction', type: 'number', default: 0.3, min: 0.01, max: 0.99, description: 'newest share of the history (characters) kept (COMPRESSION_PRESERVE_THRESHOLD)' },
    { name: 'functionResponseBudget', type: 'integer', default: 50_000, min: 0, description: 'tokens of tool responses kept whole, newest first (COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET)' },
    { name: 'truncateChars', type: 'integer', default: 40_000, min: 10, description: 'an older tool response keeps this many characters, 20% head + 80% tail (DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD)' },
    { name: 'truncateToRemaining', type: 'boolean', default: true, description: 'cap the cut at 4 × (limit − last prompt) characters (getTruncateToolOutputThreshold)' },
    { name: 'estimator', type: 'enum', values: ESTIMATORS, default: 'estimateTokenCountSync', description: 'token estimate of the budget, the failed-compression check and the summarizer input: estimateTokenCountSync (1.5 per non-ASCII character) or chars/4 (the previous port)' },
    { name: 'summaryInputLimit', type: 'enum', values: SUMMARY_INPUT_LIMITS, default: 'token-limit', description: 'the summarizer gets the original head when it is under the token limit (0.61.0) or under the limit − 20,000 (the previous port); else the truncated head' },
    { name: 'splitMeasure', type: 'enum', values: SPLIT_MEASURES, default: 'content-json', description: 'characters the split point measures: the JSON of Gemini CLI\'s Content form (upstream) or of compactbench\'s messages (the previous port)' },
    { name: 'maskToolOutputs', type: 'boolean', default: true, description: 'tool-output masking before every request (ToolOutputMaskingService)' },
    { name: 'maskProtectTokens', type: 'integer', default: 50_000, min: 0, description: 'newest tool tokens never masked (DEFAULT_TOOL_PROTECTION_THRESHOLD)' },
    { name: 'maskMinPrunableTokens', type: 'integer', default: 30_000, min: 0, description: 'mask only when this many tool tokens are prunable (DEFAULT_MIN_PRUNABLE_TOKENS_THRESHOLD)' },
    { name: 'maskProtectLatestTurn', type: 'boolean', default: true, description: 'the newest message of the history is never masked (DEFAULT_PROTECT_LATEST_TURN)' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'snapshot output budget (compactbench assumption; upstream sets none)' },
  ],
  create(params) {
    const cfg: Record<string, unknown> = {};
    for (const p of geminiCliPolicy.params) cfg[p.name] = params[p.name] ?? p.default;
    return new GeminiCliPolicy(params, cfg as unknown as GeminiConfig);
  },
};
