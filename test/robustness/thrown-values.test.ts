/** Issue 29: a thrown value that cannot even be printed is a policy failure with a message, not an internal error. */
import { describe, expect, it } from 'vitest';
import { callHook, PolicyFailure } from '../../src/sim/policy-call.js';
import { describeThrown } from '../../src/testing/module-import.js';
import { fromWorker } from '../../src/sim/worker-protocol.js';

const unprintable = { toString(): string { throw new Error('toString trap'); } };

describe('thrown values', () => {
  it('describes any thrown value, including one whose toString throws, a Symbol and a revoked Proxy', () => {
    expect(describeThrown(new Error('x'))).toBe('x');
    expect(describeThrown('plain')).toBe('plain');
    expect(describeThrown(Symbol('s'))).toBe('Symbol(s)');
    expect(describeThrown(unprintable)).toBe('a thrown [object Object] that cannot be printed');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeThrown(proxy)).toBe('a thrown value that cannot be printed');
  });

  it('a hook throwing an unprintable object is a PolicyFailure', () => {
    const call = (): unknown => callHook('after', [], false, () => { throw unprintable; });
    expect(call).toThrow(PolicyFailure);
    expect(call).toThrow('policy threw: a thrown [object Object] that cannot be printed');
  });

  it('a worker reports an unprintable thrown value as an error message', () => {
    expect(fromWorker(unprintable)).toMatchObject({ type: 'error', message: expect.stringContaining('cannot be printed') });
  });
});
