/**
 * `none`: never compacts. The baseline every other policy is compared with; when the conversation
 * outgrows the window the harness records overflow steps (a real provider would answer HTTP 413).
 */
import type { PolicyDefinition } from './types.js';

export const nonePolicy: PolicyDefinition = {
  id: 'none',
  description: 'Never compacts; records overflow when the context window is exceeded.',
  source: 'compactbench baseline (no upstream)',
  version: 'compactbench-0.1',
  params: [],
  create: (params) => ({ id: 'none', params }),
};
