/**
 * The Cline SDK's own telemetry and log lines, captured per session and reported in sessions.csv: the
 * prepare-turn emits `task.compaction_executed` (with the strategy that actually ran: `basic` when the
 * agentic summary failed and it fell back), `task.compaction_skipped` and
 * `task.compaction_budget_emergency` to the `telemetry` service of its config, and logs its fallbacks.
 * Only what is a function of the replay is kept: the events' wall-clock `durationMs` and `timestamp`
 * are dropped, so two runs report the same.
 */

export interface ClineCounts {
  'cline.compactions': number;
  'cline.agentic': number;
  'cline.basic': number;
  'cline.skipped': number;
  'cline.budgetEmergencies': number;
  'cline.fallbacksToBasic': number;
  'cline.overflowRecoveries': number;
  'cline.summaryCalls': number;
  'cline.summaryFailures': number;
  /** tokens saved by the SDK's own estimate (chars / 3, floored by the previous request's input) */
  'cline.tokensSavedEstimate': number;
}

export const newCounts = (): ClineCounts => ({
  'cline.compactions': 0, 'cline.agentic': 0, 'cline.basic': 0, 'cline.skipped': 0, 'cline.budgetEmergencies': 0,
  'cline.fallbacksToBasic': 0, 'cline.overflowRecoveries': 0, 'cline.summaryCalls': 0, 'cline.summaryFailures': 0,
  'cline.tokensSavedEstimate': 0,
});

/** What the last executed compaction reported (its strategy and the SDK's token estimates), for the event's detail. */
export interface Executed {
  strategy: string;
  mode: string;
  tokensBefore: number;
  tokensAfter: number;
  triggerTokens: number;
  maxInputTokens: number;
}

/** The `telemetry` service and `logger` the SDK's config takes, writing into `counts`; `last` holds the latest execution. */
export function telemetrySink(counts: ClineCounts): { telemetry: unknown; logger: unknown; last: { executed: Executed | null } } {
  const last: { executed: Executed | null } = { executed: null };
  const capture = ({ event, properties = {} }: { event: string; properties?: Record<string, unknown> }): void => {
    const num = (k: string): number => (typeof properties[k] === 'number' ? (properties[k] as number) : 0);
    if (event === 'task.compaction_executed') {
      const strategy = String(properties.strategy ?? '');
      counts['cline.compactions']++;
      if (strategy === 'agentic') counts['cline.agentic']++;
      if (strategy === 'basic') counts['cline.basic']++;
      counts['cline.tokensSavedEstimate'] += num('tokensSaved');
      last.executed = {
        strategy, mode: String(properties.mode ?? ''), tokensBefore: num('tokensBefore'), tokensAfter: num('tokensAfter'),
        triggerTokens: Math.round(num('triggerTokens')), maxInputTokens: Math.round(num('maxInputTokens')),
      };
    } else if (event === 'task.compaction_skipped') counts['cline.skipped']++;
    else if (event === 'task.compaction_budget_emergency') counts['cline.budgetEmergencies']++;
  };
  // the service has more methods (identify, flush, ...); the prepare-turn calls only capture
  const telemetry = new Proxy({ capture, captureRequired: (event: string, properties?: Record<string, unknown>) => capture({ event, properties }) }, {
    get: (t, k) => (k in t ? t[k as keyof typeof t] : () => undefined),
  });
  const log = (message: string): void => {
    if (/falling back to basic compaction/i.test(message)) counts['cline.fallbacksToBasic']++;
  };
  const logger = { debug: () => undefined, info: () => undefined, log, warn: log, error: log };
  return { telemetry, logger, last };
}
