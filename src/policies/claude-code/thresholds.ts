/**
 * Claude Code's token thresholds (autoCompact.ts): the effective window reserves the summary's output,
 * auto-compact fires 13k below it, and the warning state — which gates generation-1 microcompact —
 * begins 20k below the auto-compact threshold (or below the effective window when auto-compact is off).
 */
import type { ClaudeCodeConfig } from './config.js';

export interface Thresholds {
  effectiveWindow: number;
  autoCompact: number;
  warning: number;
}

export function thresholds(cfg: ClaudeCodeConfig, contextWindow: number, maxOutputTokens: number): Thresholds {
  const window = cfg.autoCompactWindow > 0 ? Math.min(contextWindow, cfg.autoCompactWindow) : contextWindow;
  const effectiveWindow = window - Math.min(maxOutputTokens, cfg.summaryMaxTokens);
  let autoCompact = effectiveWindow - cfg.autoCompactBufferTokens;
  if (cfg.autoCompactPctOverride > 0) {
    autoCompact = Math.min(Math.floor(effectiveWindow * (cfg.autoCompactPctOverride / 100)), autoCompact);
  }
  const base = cfg.autoCompact ? autoCompact : effectiveWindow;
  return { effectiveWindow, autoCompact, warning: base - cfg.warningBufferTokens };
}
