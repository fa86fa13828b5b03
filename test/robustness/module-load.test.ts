/**
 * Issue 29, "Modules load where they run": reading a policy module's definition runs its top level on a
 * throwaway worker, so whatever it does there is a PolicyLoadError with a message, within the budget —
 * never an exit of this process, a hang, or an internal error.
 */
import { describe, expect, it } from 'vitest';
import { probePolicyModule, setProbeLimits } from '../../src/sim/module-probe.js';

const M = 'test/robustness/modules';

describe('reading a policy module on an isolated worker', () => {
  setProbeLimits({ hookBudgetMs: 1500, heapMb: 256 });

  it.each([
    ['top-exit0', /failed to load: policy called process\.exit\(0\)/],
    ['top-exit5', /failed to load: policy called process\.exit\(5\)/],
    ['top-await', /failed to load: its top-level code ended its worker before answering .*top-level await that never settles/],
    ['top-atomics', /failed to load: its top-level code ran longer than 1\.5 s without returning/],
    ['top-busy', /failed to load: its top-level code ran longer than 1\.5 s without returning/],
    ['tostring-throws', /failed to load: a thrown \[object Object\] that cannot be printed/],
    ['proxy-default', /failed to load: proxy trap/],
  ])('%s is a load failure with its cause', async (name, message) => {
    const p = probePolicyModule(`${M}/${name}.mjs`);
    await expect(p).rejects.toMatchObject({ name: 'PolicyLoadError' });
    await expect(p).rejects.toThrow(message);
  });

  it('a module that patches the built-ins at its top level does not patch them here', async () => {
    const meta = await probePolicyModule(`${M}/pollute.mjs`);
    expect(meta).toMatchObject({ id: 'pollute', params: [] });
    expect([1, 2].map((x) => x * 2)).toEqual([2, 4]);
    expect(Math.max(1, 3)).toBe(3);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a top-level interval does not keep anything alive: the metadata comes back and the worker is stopped', async () => {
    await expect(probePolicyModule(`${M}/top-interval.mjs`)).resolves.toMatchObject({ id: 'top-interval' });
  });
});
