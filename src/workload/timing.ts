/**
 * Simulated time: how long the model takes to answer and how long the user thinks between turns
 * (tool run times are per-tool distributions, drawn in calls.ts). Long pauses matter because they expire prompt caches (Anthropic 5 min or
 * 1 h, OpenAI 5-10 min idle; reference/pricing.md), so their rates are explicit scenario parameters:
 * `over5m` is the share of user-turn gaps longer than 300 s (those past an hour included) and
 * `over1h` the share longer than 3,600 s.
 */
import { z } from 'zod';
import { DistSchema, sample } from './dist.js';
import type { Rng } from './rng.js';

const rate = z.number({ error: 'a rate in [0, 1]' }).min(0, { error: 'a rate in [0, 1]' }).max(1, { error: 'a rate in [0, 1]' });
const posNum = z.number({ error: 'a number > 0' }).positive({ error: 'a number > 0' });

export const TimingSchema = z
  .object({
    /** seconds before the first output token */
    ttftSeconds: z.number({ error: 'a number >= 0' }).min(0, { error: 'a number >= 0' }),
    /** output decoding speed */
    outputTokensPerSecond: posNum,
    /** user think time between turns, before the long-pause rates are applied (kept under 300 s) */
    thinkSeconds: DistSchema,
    pauses: z
      .object({ over5m: rate, over1h: rate, maxSeconds: posNum.optional() })
      .strict()
      .refine((p) => p.over1h <= p.over5m, { message: 'over1h <= over5m (a pause past 1 h is also past 5 min)', path: ['over1h'] }),
  })
  .strict();
export type Timing = z.infer<typeof TimingSchema>;

/** model latency: time to first token plus decoding time */
export function modelLatency(t: Timing, outputTokens: number): number {
  return t.ttftSeconds + outputTokens / t.outputTokensPerSecond;
}

/** the gap before a user turn: a short think time, or a long pause at the configured rates */
export function thinkTime(t: Timing, rng: Rng): number {
  const u = rng.next();
  const logUniform = (lo: number, hi: number) => lo * Math.pow(hi / lo, rng.next());
  if (u < t.pauses.over1h) return logUniform(3601, Math.max(3602, t.pauses.maxSeconds ?? 4 * 3600));
  if (u < t.pauses.over5m) return logUniform(301, 3599);
  // the short-gap body is truncated below 300 s (by rejection, so no mass piles up at the cut)
  for (let i = 0; i < 100; i++) {
    const v = sample(t.thinkSeconds, rng);
    if (v < 300) return v;
  }
  return 60;
}
