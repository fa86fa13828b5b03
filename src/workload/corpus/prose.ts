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
  'Let me check.',
  'Now the tests.',
  'Checking the config.',
  'Found it.',
  'Let me look at the output.',
  'That worked.',
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

/** guideline sentences of an agent's system prompt and tool usage notes */
export const SYSTEM: readonly string[] = [
  'You are an agent that helps users with software engineering tasks in their repository.',
  'Use the available tools to read, search and edit files and to run commands.',
  'Before editing a file, read it so that your change fits the surrounding code.',
  'Prefer small, focused changes and keep the existing style of the codebase.',
  'Run the relevant tests after every change and report failures honestly.',
  'Do not commit changes unless the user asks you to.',
  'When several independent tool calls are needed, make them in parallel.',
  'Keep your answers short; the user reads them in a terminal.',
  'Never print secrets such as API keys or passwords.',
  'If a command may take a long time, set a timeout or run it in the background.',
  'Quote file paths that contain spaces.',
  'Use absolute paths in tool arguments.',
  'Ask the user before taking destructive actions such as deleting files or force-pushing.',
  'When you are unsure about the intent of a request, ask a short clarifying question.',
  'Summarize what you changed at the end of each task.',
  'Output longer than the limit is truncated; use a more specific command to see the rest.',
  'Search with the dedicated search tool instead of running grep through the shell.',
  'Track multi-step work in the task list and mark items done as you go.',
];

/** the instructions mini-swe-agent sends after a response with more or fewer than one command */
export const FORMAT_ERROR =
  'Please always provide EXACTLY ONE action in triple backticks, found 2 actions.\n\nPlease format your action in triple backticks as shown in <response_example>.\n\n<response_example>\nHere are some thoughts about why you want to perform the action.\n\n```bash\n<action>\n```\n</response_example>\n\nIf you have completed your assignment, please consult the first message about how to\nsubmit your solution (you will not be able to continue working on this task after that).';
