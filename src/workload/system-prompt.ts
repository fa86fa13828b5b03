/**
 * The system message: the agent's instructions followed by its tool definitions (OpenAI function
 * JSON), padded with guideline sentences to the scenario's size. Real prompts are large: Claude Code
 * sends roughly 15-25k tokens of system prompt and tool schemas (reference/traces.md, caveat 2), while
 * mini-swe-agent's system prompt is a few hundred tokens. It depends on the scenario only (not the
 * seed), so every seed of a scenario shares one system prompt, as one agent build does.
 */
import type { Message } from '../core/messages.js';
import { SYSTEM } from './corpus/prose.js';
import { Rng } from './rng.js';
import { TextBuilder, type BuiltText } from './text/builder.js';
import { toolDefinition, type Style, type ToolDef, type ToolKind } from './tools.js';

export interface SystemPromptSpec {
  style: Style;
  /** total tokens of the system message content (instructions + tool definitions) */
  tokens: number;
  tools: readonly ToolDef[];
  /** seeds the choice of guideline sentences (the scenario name) */
  key: string;
}

const INTRO: Record<Style, string> = {
  'claude-code': 'You are an interactive command-line coding agent. Use the instructions below and the tools available to you to assist the user.',
  hermes: 'You are a helpful assistant with access to tools. You can run commands, work with files and search the web.',
  'swe-agent': 'You are a helpful assistant that can interact with a computer to solve tasks.',
  'mini-swe-agent': 'You are a helpful assistant that can interact multiple times with a computer shell to solve programming tasks.',
};

function usageNote(rng: Rng, tokens: number): string {
  const parts: string[] = [];
  let chars = 0;
  while (chars / 4.5 < tokens) {
    const s = rng.pick(SYSTEM);
    parts.push(`- ${s}`);
    chars += s.length + 3;
  }
  return parts.join('\n');
}

function writeTools(b: TextBuilder, defs: readonly string[]): void {
  if (defs.length === 0) return;
  b.add('\n# Tools\n\n');
  for (const d of defs) for (const line of d.split('\n')) b.add(line).add('\n');
}

/** Prompts built so far, by spec: every seed of a scenario (and every policy's run) reuses its scenario's. */
const built = new Map<string, BuiltText>();
const MAX_BUILT = 64;

/** The system prompt of `spec`, built once per process (it is a pure function of the spec). */
export function buildSystemPrompt(spec: SystemPromptSpec): BuiltText {
  const key = JSON.stringify(spec);
  let b = built.get(key);
  if (!b) {
    b = build(spec);
    if (built.size >= MAX_BUILT) built.clear();
    built.set(key, b);
  }
  return b;
}

function build(spec: SystemPromptSpec): BuiltText {
  const rng = new Rng(`system/${spec.key}`);
  // mini-swe-agent parses one fenced command from the text: it sends no tool schemas
  const tools = spec.style === 'mini-swe-agent' ? [] : spec.tools;
  const kinds = new Map<string, ToolKind[]>();
  for (const t of tools) kinds.set(t.name, [...(kinds.get(t.name) ?? []), t.kind]);
  const toolShare = kinds.size ? Math.floor((spec.tokens * 0.45) / kinds.size) : 0;
  const defs = [...kinds].map(([name, ks]) => toolDefinition(spec.style, name, ks, usageNote(rng, toolShare)));
  const measure = new TextBuilder();
  writeTools(measure, defs);
  const defTokens = measure.build().tokens;
  const b = new TextBuilder().add(INTRO[spec.style]).add('\n\n');
  while (b.estimate + defTokens < spec.tokens) b.add(`- ${rng.pick(SYSTEM)}\n`);
  writeTools(b, defs);
  return b.build();
}

export function systemMessage(built: BuiltText): Message {
  return { role: 'system', content: built.text };
}
