/**
 * The AI SDK's own `pruneMessages` (ai@6/ai@7), run as-is from the `ai` package the user has installed,
 * called the way its documentation shows: from `prepareStep`, on every step. Which major version is
 * found decides whether the result lasts one step (ai@6) or carries forward (ai@7), unless `semantics`
 * names one.
 */
import path from 'node:path';
import type { AsyncContextPolicy } from '../async-policy.js';
import type { ModelMessage } from './convert.js';
import { prepareStepPolicy } from './prepare-step.js';
import { packageVersion, resolveEsm } from '../resolve-package.js';

export const async = true;

/** The `ai` package as the working directory resolves it, or a one-line error saying what to install. */
export async function loadAi(cwd = process.cwd()): Promise<{ version: string; pruneMessages: (o: Record<string, unknown>) => ModelMessage[] }> {
  const from = path.join(cwd, 'package.json');
  let version: string;
  try {
    version = packageVersion('ai', from);
  } catch {
    throw new Error(`the AI SDK is not installed in ${cwd}: npm install ai@6 (Node 20) or ai@7 (Node >= 22) there, or name the folder with packageDir=`);
  }
  const mod = (await import(resolveEsm('ai', from))) as { pruneMessages?: unknown };
  if (typeof mod.pruneMessages !== 'function') throw new Error(`ai@${version} has no pruneMessages (it arrived in ai@5.1)`);
  return { version, pruneMessages: mod.pruneMessages as (o: Record<string, unknown>) => ModelMessage[] };
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const ai = await loadAi(path.resolve(String(params.packageDir || '.')));
  const semantics = params.semantics === 'auto' || params.semantics === undefined ? (Number(ai.version.split('.')[0]) >= 7 ? 'ai7' : 'ai6') : String(params.semantics);
  const options = { reasoning: params.reasoning, toolCalls: params.toolCalls, emptyMessages: params.emptyMessages };
  const policy = prepareStepPolicy('ai-sdk-prune', params, ({ messages }) => ({ messages: ai.pruneMessages({ messages, ...options }) }), semantics, 'prune');
  const inner = policy.telemetry!;
  return { ...policy, telemetry: async () => ({ ...(await inner()), 'aiSdk.version': ai.version, 'aiSdk.semantics': semantics }) };
}
