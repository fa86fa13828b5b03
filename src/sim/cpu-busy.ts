/**
 * How many cores other processes keep busy, measured over this process's life so far.
 *
 * Why not the load average: it is a one-minute decaying mean that counts this very tool's recent work.
 * Run twice in a row, the second `npm start` saw a load of ~1.5 left by the first, took one core for
 * busy and ran single-threaded (10.6–11.8 s instead of ~8 s). Instead: the CPU time every core spent
 * busy since this module was loaded (os.cpus(), Linux's /proc/stat), less this process's own CPU time
 * (process.cpuUsage), over the wall time between. The CLI imports this module first thing, so by the
 * time a command picks its threads (~0.3 s later) the window is long enough for the kernel's 10 ms ticks.
 */
import { cpus } from 'node:os';

/** What busyElsewhereBetween compares: the cores' busy time and this process's own CPU time at an instant. */
export interface CpuSample {
  /** ms since the process started (performance.now) */
  at: number;
  /** busy ms summed over every core (user, nice, sys, irq), as the kernel counts them */
  busy: number;
  /** this process's CPU µs (user + system) */
  own: number;
}

function sample(): CpuSample {
  let busy = 0;
  for (const c of cpus()) busy += c.times.user + c.times.nice + c.times.sys + c.times.irq;
  const u = process.cpuUsage();
  return { at: performance.now(), busy, own: u.user + u.system };
}

const START = sample();

/** Shortest window that says something (a core's busy time moves in 10 ms ticks). */
export const MIN_WINDOW_MS = 100;

/** Cores busy with other processes between two samples; undefined when the window is too short. */
export function busyElsewhereBetween(a: CpuSample, b: CpuSample): number | undefined {
  const wall = b.at - a.at;
  if (wall < MIN_WINDOW_MS) return undefined;
  const others = Math.max(0, b.busy - a.busy - (b.own - a.own) / 1000);
  return others / wall;
}

/** Cores busy with other processes since this module loaded (undefined: too soon to tell). */
export function busyElsewhere(): number | undefined {
  return busyElsewhereBetween(START, sample());
}

