/**
 * A user's AI SDK `prepareStep`, run as-is (the host thread imports this module; bridge/client.ts).
 *
 * Each step the history goes to `prepareStep` as `ModelMessage[]` (convert.ts, identity kept) with the
 * step number and a stub model; the `messages` it returns are what is sent. How long that lasts depends
 * on the AI SDK's major version, so both are parameters (`semantics`):
 * - `ai6`: the override applies to that step only (ai@6 `generateText`/`streamText`): a per-request view;
 * - `ai7`: it carries forward to later steps (ai@7): a durable rewrite of the history before the step.
 * Other fields of the result (model, tools, system) are counted in telemetry, not modelled.
 */
import type { Message } from '../../core/messages.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { MessageMap, type ModelMessage } from './convert.js';
import { importUserModule } from '../user-module.js';

export const async = true;

type PrepareStep = (o: { steps: unknown[]; stepNumber: number; model: unknown; messages: ModelMessage[]; experimental_context: unknown }) =>
  unknown | Promise<unknown>;

/** The user's `prepareStep`: a named export, `default`, or `default.prepareStep`. */
export async function loadPrepareStep(file: string): Promise<PrepareStep> {
  if (!file) throw new Error('ai-sdk-prepare-step needs module=PATH (a file that exports prepareStep)');
  const mod = await importUserModule(file);
  const d = mod.default as Record<string, unknown> | ((...a: unknown[]) => unknown) | undefined;
  const fn = mod.prepareStep ?? (typeof d === 'function' ? d : d?.prepareStep);
  if (typeof fn !== 'function') throw new Error(`${file} exports no prepareStep function (export const prepareStep = …, or export default)`);
  return fn as PrepareStep;
}

const sameList = (a: readonly Message[], b: readonly Message[]): boolean => a.length === b.length && a.every((m, i) => m === b[i]);

/** An asynchronous policy from a prepareStep-shaped function (also used by ai-sdk-prune). */
export function prepareStepPolicy(id: string, params: Readonly<Record<string, unknown>>, fn: PrepareStep, semantics: string, kind = 'prepare-step'): AsyncContextPolicy {
  const map = new MessageMap();
  const counts = { 'aiSdk.calls': 0, 'aiSdk.messageOverrides': 0, 'aiSdk.otherOverrides': 0 };
  const run = async (history: readonly Message[], ctx: AsyncPolicyContext): Promise<Message[] | null> => {
    counts['aiSdk.calls']++;
    const model = { specificationVersion: 'v2', provider: 'compactbench', modelId: ctx.model };
    const r = (await fn({ steps: [], stepNumber: ctx.step, model, messages: map.toModel(history), experimental_context: undefined })) as
      { messages?: ModelMessage[] } & Record<string, unknown> | undefined;
    if (r && Object.keys(r).some((k) => k !== 'messages' && r[k] !== undefined)) counts['aiSdk.otherOverrides']++;
    if (!r?.messages) return null;
    const out = map.fromModel(r.messages);
    if (sameList(out, history)) return null;
    counts['aiSdk.messageOverrides']++;
    return out;
  };
  const telemetry = (): Record<string, number> => ({ ...counts });
  if (semantics === 'ai7') {
    return {
      id, params, telemetry,
      beforeStep: async (history, ctx) => {
        const out = await run(history, ctx);
        return out ? { history: out, kind } : undefined;
      },
    };
  }
  return {
    id, params, telemetry,
    view: async (history, ctx) => {
      const out = await run(history, ctx);
      return out ? { messages: out, kind } : history;
    },
  };
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const fn = await loadPrepareStep(String(params.module ?? ''));
  return prepareStepPolicy('ai-sdk-prepare-step', params, fn, String(params.semantics ?? 'ai6'));
}
