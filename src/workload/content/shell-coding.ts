/**
 * Shell commands of a coding agent and the output each one prints: git, ls/find/grep, test runners,
 * builds, scripts. Each family covers the size band where its output is plausible (a silent `git add`
 * prints nothing, a test run prints hundreds of lines), so a sampled size picks a fitting command.
 * Formats follow the real tools' output (git, pytest, vitest, tsc, ls -la) as seen in shared/traces.
 */
import { BLOCKS } from '../corpus/code.js';
import { segments, type Line } from './lines.js';
import { COMMIT_MESSAGES, fileLines, identifier, type Project } from './project.js';
import type { Rng } from '../rng.js';

export interface ShellCtx {
  rng: Rng;
  project: Project;
}

/** one run of a command: what was typed and how its output is laid out */
export interface Invocation {
  command: string;
  head: Line[];
  body: (i: number) => Line;
  tail: Line[];
  maxBody?: number;
  /** exit code when the command fails */
  failCode: number;
}

export interface Family {
  id: string;
  /** plausible output size, in tokens (inclusive band) */
  min: number;
  max: number;
  start(c: ShellCtx, failed: boolean): Invocation;
}

export const hex = (r: Rng, n: number): string => {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[r.int(0, 15)];
  return s;
};
const file = (c: ShellCtx) => c.rng.pick(c.project.files);
const codeLine = (c: ShellCtx) => c.rng.pick(c.rng.pick(BLOCKS[c.project.lang]));
const num = (c: ShellCtx, lo: number, hi: number) => String(c.rng.int(lo, hi));

const silent: Family = {
  id: 'silent', min: 0, max: 0,
  start: (c) => ({
    command: c.rng.pick([`git add ${file(c)}`, `mkdir -p ${c.rng.pick(c.project.dirs)}/fixtures`, `touch ${file(c)}`, `cp ${file(c)} /tmp/backup`, 'rm -f /tmp/out.log']),
    head: [], body: () => [], tail: [], maxBody: 0, failCode: 1,
  }),
};

const gitStatus: Family = {
  id: 'git-status', min: 40, max: 150,
  start: (c) => ({
    command: 'git status',
    head: [['On branch ', c.project.name, '-', hex(c.rng, 3)], ['Changes not staged for commit:'], ['  (use "git add <file>..." to update what will be committed)']],
    body: () => ['\tmodified:   ', ...segments(file(c))],
    tail: [[''], ['no changes added to commit (use "git add" and/or "git commit -a")']],
    failCode: 128,
  }),
};

const gitLog: Family = {
  id: 'git-log', min: 8, max: 400,
  start: (c) => ({
    command: `git log --oneline -${c.rng.pick([5, 10, 20, 30])}`,
    head: [], body: () => [hex(c.rng, 7), ' ', c.rng.pick(COMMIT_MESSAGES)], tail: [], failCode: 128,
  }),
};

const gitDiff: Family = {
  id: 'git-diff', min: 60, max: 30000,
  start: (c) => {
    const f = file(c);
    return {
      command: c.rng.pick(['git diff', `git diff ${f}`, 'git diff HEAD~1']),
      head: [['diff --git a/', f, ' b/', f], ['index ', hex(c.rng, 7), '..', hex(c.rng, 7), ' 100644'], ['--- a/', f], ['+++ b/', f]],
      body: (i) => (i % 12 === 0 ? ['@@ -', String(10 + i), ',7 +', String(10 + i), ',9 @@'] : [c.rng.pick([' ', ' ', '+', '-']) + codeLine(c)]),
      tail: [], failCode: 1,
    };
  },
};

const ls: Family = {
  id: 'ls', min: 20, max: 1500,
  start: (c) => ({
    command: c.rng.pick(['ls -la', `ls -la ${c.rng.pick(c.project.dirs)}`, 'ls -R src | head -100']),
    head: [['total ', num(c, 8, 400)]],
    body: () => [c.rng.pick(['-rw-r--r--  1 user user  ', 'drwxr-xr-x  2 user user  ']), num(c, 80, 40000), ' Oct 24 12:01 ', file(c).split('/').pop() ?? ''],
    tail: [], failCode: 2,
  }),
};

const find: Family = {
  id: 'find', min: 5, max: 3000,
  start: (c) => ({
    command: c.rng.pick([`find . -name "*.${c.project.lang}" | head -50`, 'find src -type f', `find . -name "*${c.rng.pick(['store', 'session', 'cache'])}*" -not -path "./node_modules/*"`]),
    head: [], body: () => ['.', ...segments(`/${file(c)}`)], tail: [], failCode: 1,
  }),
};

const grep: Family = {
  id: 'grep', min: 5, max: 6000,
  start: (c) => ({
    command: `grep -rn "${identifier(c.rng)}" ${c.rng.pick(['src/', '.', 'lib/ tests/'])}`,
    head: [], body: () => [...segments(file(c)), ':', num(c, 1, 400), ':', codeLine(c)], tail: [], failCode: 1,
  }),
};

const view: Family = {
  id: 'view', min: 30, max: 30000,
  start: (c) => {
    const f = file(c);
    const lines = fileLines(c.project, f);
    const from = c.rng.int(0, Math.max(0, lines.length - 40));
    return {
      command: c.rng.pick([`cat ${f}`, `sed -n '${from + 1},${from + 200}p' ${f}`, `head -150 ${f}`]),
      head: [], body: (i) => [lines[(from + i) % lines.length]], tail: [], failCode: 1,
    };
  },
};

function testRun(c: ShellCtx, failed: boolean): Invocation {
  const py = c.project.lang === 'py';
  const err = (): Line => c.rng.pick([['    assert result == expected'], ['E       AssertionError: assert 0 == 1'], ['  File "', c.project.root, '/', file(c), '", line ', num(c, 2, 300), ', in test_case']]);
  return {
    command: py ? c.rng.pick(['python -m pytest tests/ -x -q', `pytest ${file(c)} -v`, 'python runtests.py --verbosity 2']) : c.rng.pick(['npm test', `npx vitest run ${file(c)}`, 'npm test -- --reporter=verbose']),
    head: py ? [['============================= test session starts =============================='], ['platform linux -- Python 3.11.9, pytest-8.3.2, pluggy-1.5.0'], ['collected ', num(c, 5, 400), ' items']] : [[' RUN  v4.1.12 ', c.project.root]],
    body: (i) => (failed && i % 9 === 4 ? err() : py ? [...segments(file(c)), '::test_', identifier(c.rng), ' PASSED'] : [' ✓', ...segments(` ${file(c)}`), ' (', num(c, 1, 30), ' tests) ', num(c, 2, 900), 'ms']),
    tail: py
      ? failed ? [['FAILED tests/test_store.py::test_load_annotations - AssertionError: assert 0 == 1'], ['=========== 1 failed, ', num(c, 2, 300), ' passed in 3.21s ===========']] : [['=========== ', num(c, 2, 300), ' passed in 2.87s ===========']]
      : [[''], [' Test Files  ', failed ? '1 failed | 11 passed' : '12 passed', ' (12)'], ['      Tests  ', failed ? '1 failed | 97 passed' : '98 passed', ' (98)']],
    failCode: 1,
  };
}
const test: Family = { id: 'test', min: 60, max: 30000, start: testRun };

const build: Family = {
  id: 'build', min: 35, max: 8000,
  start: (c, failed) => {
    const py = c.project.lang === 'py';
    return {
      command: py ? c.rng.pick(['python -m mypy src', 'ruff check .']) : c.rng.pick(['npx tsc --noEmit', 'npm run build', 'npm run lint']),
      head: [],
      body: () => (py
        ? [file(c), ':', num(c, 1, 300), ': error: Argument 1 to "merge_ranges" has incompatible type "str"; expected "Iterable[tuple[int, int]]"  [arg-type]']
        : [file(c), '(', num(c, 1, 300), ',', num(c, 1, 40), "): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'."]),
      tail: failed ? [['Found ', num(c, 2, 30), ' errors in ', num(c, 1, 6), ' files.']] : [],
      failCode: 2,
    };
  },
};

const run: Family = {
  id: 'run', min: 1, max: 3000,
  start: (c, failed) => ({
    command: c.project.lang === 'py' ? c.rng.pick(['python reproduce.py', 'python -c "import sys; print(sys.version)"', 'python manage.py check']) : c.rng.pick(['node scripts/check.mjs', 'npx tsx scripts/repro.ts']),
    head: failed ? [['Traceback (most recent call last):']] : [],
    body: () => (failed
      ? ['  File "', c.project.root, '/', file(c), '", line ', num(c, 2, 400), ', in ', identifier(c.rng)]
      : c.rng.pick([['Result: ', num(c, 0, 999)], ['ok ', identifier(c.rng)], ['Loaded ', num(c, 1, 500), ' sessions'], [num(c, 0, 99999)]])),
    tail: failed ? [["KeyError: 'session_id'"]] : [],
    failCode: 1,
  }),
};

const install: Family = {
  id: 'install', min: 25, max: 3000,
  start: (c) => {
    const py = c.project.lang === 'py';
    return {
      command: py ? 'pip install -e .' : 'npm install',
      head: [],
      body: () => (py ? ['Requirement already satisfied: ', c.rng.pick(['numpy', 'pytz', 'sqlparse', 'asgiref', 'requests']), ' in /usr/lib/python3/site-packages'] : ['npm warn deprecated ', c.rng.pick(['glob@7.2.3', 'inflight@1.0.6', 'rimraf@3.0.2']), ': This package is no longer supported.']),
      tail: py ? [['Successfully installed ', c.project.name, '-0.1.0']] : [['added ', num(c, 40, 900), ' packages in ', num(c, 2, 40), 's']],
      failCode: 1,
    };
  },
};

export const CODING_FAMILIES: readonly Family[] = [silent, gitStatus, gitLog, gitDiff, ls, find, grep, view, test, build, run, install];
