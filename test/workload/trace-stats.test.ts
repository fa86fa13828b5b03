import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { statsOf, workloadSession } from '../../src/workload/trace-stats.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { short } from './helpers.js';

describe('transcript statistics', () => {
  it('measures turns, calls, repeats, parallel calls and user gaps as reference/traces.md defines them', () => {
    const messages: Message[] = [
      user('fix the test'),
      assistant(null, [call('a', 'Bash', { command: 'ls' }), call('b', 'Read', { file_path: '/x' })]),
      toolResult('a', 'x\ny', 'Bash'),
      toolResult('b', '1→hello', 'Read'),
      assistant('running again', [call('c', 'Bash', { command: 'ls' })]),
      toolResult('c', 'x\ny', 'Bash'),
      assistant('done'),
      user('thanks'),
      assistant('welcome'),
    ];
    const times = new Map([[1, 0], [4, 5], [6, 9], [8, 400]]);
    const st = statsOf([{ id: 't', messages, responseTimes: times }], createTokenCounter());
    expect(st.stepsPerTurn).toEqual([3, 1]);
    expect(st.calls).toBe(3);
    expect(st.repeatedCalls).toBe(1);
    expect(st.responses).toBe(4);
    expect(st.parallelResponses).toBe(1);
    expect(st.userGaps).toEqual([391]);
    expect([...st.toolMix]).toEqual([['Bash', 2], ['Read', 1]]);
    expect(st.resultTokensByTool.get('Bash')).toHaveLength(2);
  });

  it('times a generated workload on the simulated clock', () => {
    const w = generateWorkload(short('chat-heavy', 30), 1, createTokenCounter());
    const s = workloadSession(w);
    const last = Math.max(...s.responseTimes!.values());
    const total = w.steps.reduce((t, st) => t + st.gapBefore + st.latency, 0);
    expect(last).toBeCloseTo(total, 6);
    expect(s.messages[0]).toBe(w.system);
  });
});
