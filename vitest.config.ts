import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects. `fast` is the default `npm test`: unit and in-process tests. `long` holds the suites
 * that dominate the run time (measured per file with the JSON reporter): end-to-end CLI runs in
 * subprocesses, whole reports, merges and worker pools, the property suite over every registered
 * policy, the browser test and the pack-and-install test (any `*.long.test.ts`). `npm run test:full`
 * (and CI) runs both.
 */
/** Tests on the real framework packages (oracles/frameworks, its own lockfile; CI installs it first). */
const FRAMEWORKS = ['test/frameworks/real/**/*.test.ts'];
/** The same on Node >= 22.13 for the frameworks whose current majors need it (oracles/frameworks-node22). */
const FRAMEWORKS_NODE22 = ['test/frameworks/real-node22/**/*.test.ts'];

const LONG = [
  'test/**/*.long.test.ts',
  'test/props/registered-policies.test.ts',
  'test/cli/policy-modules.test.ts',
  'test/cli/run.test.ts',
  'test/cli/trace-and-conform.test.ts',
  'test/cli/validate.test.ts',
  'test/workload/calibration-ks.test.ts',
  'test/report/cli-commands.test.ts',
  'test/report/parallel.test.ts',
  'test/report/merge.test.ts',
  'test/report/compare-markdown.test.ts',
  'test/report/html-browser.test.ts',
  'test/testing/broken-policies.test.ts',
  'test/testing/cli-check.test.ts',
  'test/cli/optimum.test.ts',
  'test/cli/json-config.test.ts',
  'test/ci/action-e2e.test.ts',
  'test/robustness/outputs.test.ts',
  'test/robustness/hostile.test.ts',
];

// CLI tests spawn the tool as a subprocess and the browser test launches Chromium, so the default 5 s
// per test is too short on a loaded 2-core machine. No test asserts a duration.
// Vitest's own default is one worker fewer than the cores — a single worker on a 2-core machine, where
// `npm test` then used 1.2 cores. Test files are independent processes, so use every core.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      // `fast` shares one module graph per worker (isolate: false): 142 files re-importing the simulator,
      // the tokenizer and zod in fresh processes cost ~3x the CPU of the tests themselves. Tests must
      // therefore leave no global state behind (none mocks modules; spies are restored).
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...LONG, ...FRAMEWORKS, ...FRAMEWORKS_NODE22], isolate: false },
      },
      { extends: true, test: { name: 'long', include: LONG } },
      { extends: true, test: { name: 'frameworks', include: FRAMEWORKS } },
      { extends: true, test: { name: 'frameworks-node22', include: FRAMEWORKS_NODE22 } },
    ],
  },
});
