import { it, expect } from 'vitest';
import { INVARIANTS } from 'compactbench/testing';
it('self reference', () => { expect(INVARIANTS.length).toBeGreaterThan(5); });
