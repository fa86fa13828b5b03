/**
 * The `generator` section of a scenario file: what sessions look like (see scenarios/README.md).
 * Every size is in o200k tokens and every rate is a share in [0, 1]; the per-tool size tables are fitted
 * to the real transcripts with `compactbench calibrate --fit` and say so in the scenario's `sources`.
 */
import { z } from 'zod';
import { boundedDist, DistSchema } from './dist.js';
import { LIMITS } from './limits.js';

const textSize = boundedDist(LIMITS.textTokens, 'tokens of one text: more than any context window');
import { TimingSchema } from './timing.js';
import { STYLES, TOOL_KINDS, type ToolKind } from './tools.js';

const rate = z.number({ error: 'a rate in [0, 1]' }).min(0, { error: 'a rate in [0, 1]' }).max(1, { error: 'a rate in [0, 1]' });
const posNum = z.number({ error: 'a number > 0' }).positive({ error: 'a number > 0' });
const posInt = z.number({ error: 'a positive integer' }).int({ error: 'a positive integer' }).positive({ error: 'a positive integer' });
const name = z.string({ error: 'a non-empty string' }).min(1, { error: 'a non-empty string' });

/** kinds whose identical calls (same arguments) agents really repeat: re-reads, re-runs, re-searches */
export const REPEATABLE_KINDS: readonly ToolKind[] = ['read', 'shell', 'glob', 'grep', 'web_fetch', 'web_search'];

export const ToolSpecSchema = z
  .object({
    /** the name the agent gives the tool (Bash, read_file, str_replace_editor, ...) */
    name,
    kind: z.enum(TOOL_KINDS),
    /** relative frequency in the tool mix */
    weight: posNum,
    /** tokens of the tool's result */
    resultTokens: textSize,
    /** tokens of the call's JSON arguments, where the kind has a free-size part (commands, edits, files, prompts) */
    argTokens: textSize.optional(),
    /** share of calls that fail (error output, non-zero exit) @default 0 */
    errorRate: rate.default(0),
    /** seconds the tool runs @default 1 s */
    runSeconds: DistSchema.default({ kind: 'constant', value: 1 }),
  })
  .strict();
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

export const GeneratorSchema = z
  .object({
    /** the agent whose formats the session uses */
    style: z.enum(STYLES),
    /** what the shell commands are about */
    domain: z.enum(['coding', 'ops', 'research']),
    /** model calls per session (the session ends at the turn that reaches it) */
    sessionSteps: boundedDist(LIMITS.sessionSteps, 'steps of the longest session this tool models'),
    /** model calls per user turn, the final answer included */
    stepsPerTurn: boundedDist(LIMITS.stepsPerTurn, 'a turn is at most a session'),
    /** tokens of the system message (instructions and tool definitions) */
    systemPromptTokens: posInt.max(LIMITS.textTokens, { error: `a positive integer up to ${LIMITS.textTokens} (more than any context window)` }),
    userMessage: z.object({ firstTokens: textSize, tokens: textSize }).strict(),
    /** text next to tool calls: share of calls with none, and its size otherwise */
    assistantText: z.object({ emptyRate: rate, tokens: textSize }).strict(),
    finalAnswer: z.object({ tokens: textSize }).strict(),
    reasoning: z
      .object({ rate, tokens: textSize, field: z.enum(['reasoning', 'reasoning_content']).default('reasoning') })
      .strict()
      .optional(),
    /** share of tool-calling responses with more than one call, and how many more */
    parallel: z.object({ rate, extra: boundedDist(LIMITS.parallelExtra, 'OpenAI allows 128 tools per request') }).strict(),
    /** share of calls that repeat an earlier identical call (same name and arguments; same output) */
    repeatRate: rate,
    /** mini-swe-agent: share of responses with no single command, answered by a format-error message */
    formatErrorRate: rate.default(0),
    tools: z.array(ToolSpecSchema).min(1, { error: 'at least one tool' }).max(LIMITS.tools, { error: `at most ${LIMITS.tools} tools (OpenAI's limit per request)` }),
    timing: TimingSchema,
  })
  .strict()
  .superRefine((g, ctx) => {
    const seen = new Set<string>();
    // one tool may serve several kinds (SWE-agent's str_replace_editor views, creates and edits)
    g.tools.forEach((t, i) => {
      const key = `${t.name}/${t.kind}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['tools', i, 'kind'], message: `a kind not already given to tool "${t.name}"`, input: t.kind });
      seen.add(key);
    });
  });
export type GeneratorSpec = z.infer<typeof GeneratorSchema>;
