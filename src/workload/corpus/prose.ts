/**
 * Prose vocabulary: what an agent says between tool calls, its reasoning, what users ask, final
 * answers, and web pages. Sentences are whole pieces (each counted once); paragraphs are joined with
 * newlines. Written for compactbench in the register of the real transcripts in shared/traces
 * (short narration before calls, longer summaries at the end of a turn); no transcript text is copied.
 */

/** one-line narration an agent writes next to its tool calls */
export const NARRATION: readonly string[] = [
  'Let me look at the current state of the code first.',
  "I'll check how the sessions are loaded.",
  'Let me run the tests to see what fails.',
  'Now let me read the file that handles the request.',
  "Let me search for where this function is called.",
  'The test output shows a single failure in the parser.',
  "I'll fix the off-by-one error in the range merge.",
  'Let me check the git history for this file.',
  'Now I understand the structure. Let me make the change.',
  "Let me verify the fix by running the tests again.",
  'The build passes now. Let me check the remaining warnings.',
  "I need to see the configuration before editing it.",
  'Let me look at the migration that created this table.',
  "That error comes from the missing field. Let me add it.",
  'Good, all tests pass. Let me commit the change.',
  "Let me create a script that reproduces the issue.",
  'The issue is in the time zone conversion, not in the query.',
  "Let me check the logs for the failing pod.",
  'The service restarted twice in the last hour.',
  "I'll search the documentation for the relevant option.",
];

/** sentences of model reasoning (thinking summaries) */
export const REASONING: readonly string[] = [
  'The user wants the annotations to keep a stable reference to the message they were made on.',
  'I should first understand how messages are identified in the transcript parser.',
  'If the identifier changes when the session is re-imported, the reference would break.',
  'The failing test expects four messages, but the fixture has a trailing empty line.',
  'That means the filter on empty lines is not applied before parsing.',
  'I could either change the fixture or make the parser skip blank lines.',
  'Skipping blank lines is safer because real transcripts can end with a newline.',
  'The conversion should go from the database time zone to the application time zone.',
  'Right now it always converts from UTC, which is wrong when the database stores local time.',
  'Let me think about which backends are affected by this change.',
  'MySQL and SQLite store naive datetimes, so both need the conversion.',
  'The cache is invalidated whenever the system prompt changes, so the edit must keep it stable.',
  'A smaller change would be to add the option and leave the default behaviour as it is.',
  'I need to check whether the test database is recreated between runs.',
  'The error says the module is missing, so the dependency was probably not installed.',
  'The pod keeps restarting because the readiness probe times out before the cache is warm.',
];

/** what users ask at the start of a turn */
export const REQUESTS: readonly string[] = [
  'Implement the annotation references described in the issue.',
  'The dashboard is slow when a project has many sessions. Can you add pagination?',
  'Tests are failing on the main branch after the last merge. Please fix them.',
  'Add a filter for projects to the session list.',
  'Can you review the changes on this branch and clean up anything that looks wrong?',
  'Please run the linter and fix the warnings.',
  'Commit this and open a pull request.',
  'The API returns a 500 error when the session is missing. It should return 404.',
  'Write tests for the range merge function.',
  'Find out why the deploy failed last night and fix it.',
  'Summarize what changed in the last ten commits.',
  'Research how other tools handle prompt caching and write a short comparison.',
  'Look into the memory usage of the worker and suggest a fix.',
  'Yes, go ahead.',
  'Continue.',
  'That looks good. Now update the documentation as well.',
];

/** lines of pasted context users add to a request (issue text, logs, specs) */
export const PASTE: readonly string[] = [
  'Steps to reproduce:',
  '1. Open the dashboard with a project that has more than 500 sessions.',
  '2. Click on the sessions tab and wait for the list to load.',
  'Expected behaviour: the list loads in under a second.',
  'Actual behaviour: the page hangs for about ten seconds and sometimes times out.',
  'This started after the upgrade to the new database adapter.',
  'The same query is fast when run directly in the database shell.',
  'Environment: production cluster, three replicas, default settings.',
];

/** sentences of an end-of-turn answer */
export const ANSWER: readonly string[] = [
  'The change is done and all tests pass.',
  'Here is a summary of what I changed:',
  '- Added a stable message reference to annotations.',
  '- Made the parser skip blank lines at the end of a transcript.',
  '- Fixed the time zone conversion for backends that store local time.',
  '- Added tests for the new behaviour and updated the fixtures.',
  'The root cause was a missing conversion in the query builder.',
  'I did not change the public API, so existing callers keep working.',
  'One thing to check: the migration rewrites the table, which takes a while on large databases.',
  'Let me know if you want me to open a pull request.',
];

/** lines of a fetched web page, already converted to markdown */
export const WEB: readonly string[] = [
  '# Prompt caching',
  'Prompt caching lets you reuse the processed prefix of a request across calls.',
  'Cached reads are billed at a fraction of the normal input price.',
  '## How it works',
  'The cache is keyed by the exact prefix of the prompt, including tools and the system prompt.',
  'Any change before a cache breakpoint invalidates that entry and every later one.',
  '- Entries expire after five minutes without use.',
  '- A one-hour lifetime is available at a higher write price.',
  '## Limits',
  'The minimum cacheable length depends on the model.',
  'Requests shorter than the minimum are processed without caching.',
  '| Model | Minimum tokens | Write price |',
  '|---|---|---|',
  '| Large | 1024 | 1.25x |',
  '| Small | 2048 | 1.25x |',
  'See the pricing page for the current prices.',
  'Release notes',
  'Fixed a bug where long sessions lost their cached prefix after compaction.',
];
