// V8's tier-up threshold for the installed command, by V8 version (no other imports: the command sets it
// before anything else loads).
//
// Why: V8 optimizes a function once it has run often enough, and a default report runs 28 policies' code
// once per workload, so on V8's defaults most functions are optimized early and many again as objects of
// new shapes arrive: the optimizing compiler took ~5 s of CPU on a ~14 s run (docs/performance.md,
// "npm start"). A higher threshold leaves only the code that stays hot to it.
//
// The knob is named differently by V8 version, and a flag V8 does not know is not ignored quietly: V8
// prints "Error: unrecognized flag" on every start (Node 22 did, with V8 11's flag). So each flag is set
// only on the V8 majors it was checked on; on any other the defaults stay. test/cli/tier-up.test.ts checks
// that the running Node knows the flag chosen for it, and CI runs it on each supported Node major.
//   - V8 11 (Node 20): an interrupt budget in bytes of bytecode, default 66 KB; 1 MB: ~15% less CPU.
//   - V8 12 and 13 (Node 22, 24): a count of invocations, default 3,000; 15,000: ~14% less CPU on Node 22
//     (three alternating rounds of `npm start`: 17.0-17.2 s of CPU against 14.0-15.4 s; 30,000 was no better).
// It changes no output.

/** The V8 flag to set for a V8 version string (`process.versions.v8`), or undefined for V8's defaults. */
export function tierUpFlag(v8Version) {
  const major = Number.parseInt(v8Version, 10);
  if (major === 11) return '--interrupt-budget=1048576';
  if (major === 12 || major === 13) return '--invocation-count-for-turbofan=15000';
  return undefined;
}
