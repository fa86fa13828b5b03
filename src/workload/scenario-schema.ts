/**
 * The scenario file format (JSON, documented in scenarios/README.md): what is modelled, where its
 * numbers come from, the model and its cache settings, the mock summarizer, the seeds, the session
 * generator and scheduled events. Unknown fields are errors (`.strict()`), so a typo cannot silently
 * fall back to a default.
 */
import { z } from 'zod';
import { GeneratorSchema } from './generator-schema.js';
import { LIMITS } from './limits.js';

const windowTokens = z.number({ error: 'a positive integer' }).int({ error: 'a positive integer' }).positive({ error: 'a positive integer' }).max(LIMITS.contextWindow, { error: `a positive integer up to ${LIMITS.contextWindow} (real windows are 1-2 M tokens)` });
const seedCount = z.number({ error: 'a positive integer' }).int({ error: 'a positive integer' }).positive({ error: 'a positive integer' }).max(LIMITS.seeds, { error: `a positive integer up to ${LIMITS.seeds}` });

const posInt = z.number({ error: 'a positive integer' }).int({ error: 'a positive integer' }).positive({ error: 'a positive integer' });
const stepIndex = z.number({ error: 'an integer >= 0' }).int({ error: 'an integer >= 0' }).min(0, { error: 'an integer >= 0' });
const fraction = z.number({ error: 'a number in (0, 1)' }).gt(0, { error: 'a number in (0, 1)' }).lt(1, { error: 'a number in (0, 1)' });
const text = z.string({ error: 'a non-empty string' }).min(1, { error: 'a non-empty string' });
const rate = z.number({ error: 'a rate in [0, 1]' }).min(0, { error: 'a rate in [0, 1]' }).max(1, { error: 'a rate in [0, 1]' });

/** where in the session an event fires: a 0-based step, or a fraction of the session's steps */
const when = { atStep: stepIndex.optional(), atFraction: fraction.optional() };

const ModelSwitch = z
  .object({ type: z.literal('model-switch'), ...when, profile: text, contextWindow: windowTokens, maxOutputTokens: windowTokens.optional() })
  .strict();
const Command = z
  .object({
    type: z.literal('command'),
    ...when,
    command: z.string({ error: 'a slash command such as "/compress"' }).regex(/^\/\S+$/, { error: 'a slash command such as "/compress"' }),
    args: z.string().optional(),
  })
  .strict();
export const EventSpecSchema = z.discriminatedUnion('type', [ModelSwitch, Command]);
export type EventSpec = z.infer<typeof EventSpecSchema>;

export const ModelSpecSchema = z
  .object({
    /** a cache/price profile id (src/cache/profiles.ts), e.g. "anthropic/claude-sonnet-4.5" */
    profile: text,
    contextWindow: windowTokens,
    maxOutputTokens: windowTokens,
    /** where the agent puts its Anthropic cache breakpoints */
    breakpoints: z.enum(['auto', 'system_and_3', 'swe-agent', 'none']),
    ttl: z.enum(['5m', '1h']).optional(),
  })
  .strict();

export const ScenarioSchema = z
  .object({
    name: z.string({ error: 'a lower-case name of letters, digits and dashes' }).regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'a lower-case name of letters, digits and dashes' }),
    /** what the scenario models */
    description: text,
    /** where its numbers come from */
    sources: z.array(text).min(1, { error: 'at least one source' }),
    /** remarks on individual numbers (assumptions, stretched lengths) */
    notes: z.array(text).optional(),
    model: ModelSpecSchema,
    auxModel: z.object({ profile: text }).strict().optional(),
    summarizer: z
      .object({
        fidelity: z.number({ error: 'a number > 0' }).positive({ error: 'a number > 0' }).default(1),
        failureRate: rate.default(0),
        /** 1-based summarizer call numbers that fail */
        failAt: z.array(posInt).max(LIMITS.listItems).default([]),
      })
      .strict()
      .default({ fidelity: 1, failureRate: 0, failAt: [] }),
    /** how needs are checked and what the closed loop does when one is unmet (docs/closed-loop.md); defaults calibrated */
    needs: z
      .object({
        /** P(a summary names an identifier of a message it summarized) */
        summaryNames: rate.optional(),
        /** P(re-fetch) by how the needed content was removed */
        refetch: z.object({ placeholder: rate.optional(), summary: rate.optional(), truncation: rate.optional() }).strict().optional(),
      })
      .strict()
      .optional(),
    /** how many seeds a run uses by default */
    seeds: seedCount,
    generator: GeneratorSchema,
    events: z.array(EventSpecSchema).max(LIMITS.listItems).default([]),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.model.maxOutputTokens >= s.model.contextWindow) {
      ctx.addIssue({ code: 'custom', path: ['model', 'maxOutputTokens'], message: `less than model.contextWindow (${s.model.contextWindow})`, input: s.model.maxOutputTokens });
    }
    s.events.forEach((e, i) => {
      if ((e.atStep === undefined) === (e.atFraction === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['events', i], message: 'exactly one of atStep or atFraction', input: e });
      }
      if (e.type === 'model-switch' && e.maxOutputTokens !== undefined && e.maxOutputTokens >= e.contextWindow) {
        ctx.addIssue({ code: 'custom', path: ['events', i, 'maxOutputTokens'], message: `less than the event's contextWindow (${e.contextWindow})`, input: e.maxOutputTokens });
      }
    });
  });
export type Scenario = z.infer<typeof ScenarioSchema>;

export const SuiteSchema = z
  .object({
    name: text,
    description: text,
    /** scenario names, optionally with a per-suite seed count */
    scenarios: z
      .array(z.union([text, z.object({ scenario: text, seeds: seedCount.optional() }).strict()], { error: 'a scenario name or { "scenario": name, "seeds": n }' }))
      .min(1, { error: 'at least one scenario' }),
    /** seed count for every scenario that does not set its own */
    seeds: seedCount.optional(),
  })
  .strict();
export type Suite = z.infer<typeof SuiteSchema>;
