/**
 * Progress for long runs: a bar on a terminal, plain lines otherwise (CI logs), nothing with --quiet.
 * Written to stderr so stdout stays machine-readable.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(done: number): void;
  stop(): void;
}

export function createProgress(total: number, quiet = false, label = 'sessions'): Progress {
  if (quiet || total <= 1) return { tick: () => {}, stop: () => {} };
  if (process.stderr.isTTY && !process.env.CI) {
    const bar = new cliProgress.SingleBar(
      { format: `{bar} {value}/{total} ${label} | {percentage}% | eta {eta}s`, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { tick: (d) => bar.update(d), stop: () => bar.stop() };
  }
  let nextPct = 10;
  return {
    tick(done) {
      const pct = Math.floor((100 * done) / total);
      if (pct >= nextPct || done === total) {
        process.stderr.write(`progress: ${done}/${total} ${label} (${pct}%)\n`);
        nextPct = Math.floor(pct / 10) * 10 + 10;
      }
    },
    stop: () => {},
  };
}
