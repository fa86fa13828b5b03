/**
 * Tool kinds, agent styles and the tool definitions rendered into the system prompt.
 *
 * A scenario names its tools as the agent does (Claude Code: Bash/Read/Edit/...; Hermes: terminal/
 * read_file/patch/...; SWE-agent: bash/str_replace_editor/submit) and gives each a `kind`, which fixes
 * the shape of its arguments and results; the `style` fixes the agent's formats (result wrappers,
 * line-number prefixes, call-id shapes). Parameter lists follow each agent's published tool schemas
 * (Claude Code's tool docs, Hermes' tools/*.py, SWE-agent's tool bundles) in outline; descriptions are
 * written for compactbench.
 */
import type { Rng } from './rng.js';

export const STYLES = ['claude-code', 'hermes', 'swe-agent', 'mini-swe-agent'] as const;
export type Style = (typeof STYLES)[number];

export const TOOL_KINDS = [
  'shell', 'read', 'edit', 'write', 'glob', 'grep', 'web_fetch', 'web_search', 'task', 'todo', 'submit',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

type Params = Record<string, { type: string; description: string }>;

/** SWE-agent 1.x: bash, str_replace_editor (view/create/str_replace) and submit */
const SWE_AGENT: Record<ToolKind, Params> = {
  shell: { command: { type: 'string', description: 'The bash command to execute' } },
  read: { command: { type: 'string', description: 'view' }, path: { type: 'string', description: 'Absolute path to file or directory' }, view_range: { type: 'array', description: 'Line range to show' } },
  edit: { command: { type: 'string', description: 'str_replace' }, path: { type: 'string', description: 'Absolute path to file' }, old_str: { type: 'string', description: 'String to replace' }, new_str: { type: 'string', description: 'Replacement string' } },
  write: { command: { type: 'string', description: 'create' }, path: { type: 'string', description: 'Absolute path to file' }, file_text: { type: 'string', description: 'Content of the file to create' } },
  glob: { command: { type: 'string', description: 'The bash command to execute' } },
  grep: { command: { type: 'string', description: 'The bash command to execute' } },
  web_fetch: { url: { type: 'string', description: 'URL to fetch' } },
  web_search: { query: { type: 'string', description: 'Search query' } },
  task: { prompt: { type: 'string', description: 'Task' } },
  todo: { todos: { type: 'array', description: 'Task list' } },
  submit: {},
};

const PARAMS: Record<Style, Record<ToolKind, Params>> = {
  'claude-code': {
    shell: { command: { type: 'string', description: 'The command to execute' }, description: { type: 'string', description: 'What this command does, in 5-10 words' }, timeout: { type: 'number', description: 'Optional timeout in milliseconds (max 600000)' } },
    read: { file_path: { type: 'string', description: 'The absolute path to the file to read' }, offset: { type: 'number', description: 'The line number to start reading from' }, limit: { type: 'number', description: 'The number of lines to read' } },
    edit: { file_path: { type: 'string', description: 'The absolute path to the file to modify' }, old_string: { type: 'string', description: 'The text to replace' }, new_string: { type: 'string', description: 'The text to replace it with' }, replace_all: { type: 'boolean', description: 'Replace all occurrences' } },
    write: { file_path: { type: 'string', description: 'The absolute path to the file to write' }, content: { type: 'string', description: 'The content to write to the file' } },
    glob: { pattern: { type: 'string', description: 'The glob pattern to match files against' }, path: { type: 'string', description: 'The directory to search in' } },
    grep: { pattern: { type: 'string', description: 'The regular expression to search for' }, path: { type: 'string', description: 'File or directory to search in' }, glob: { type: 'string', description: 'Glob pattern to filter files' }, output_mode: { type: 'string', description: 'content, files_with_matches or count' } },
    web_fetch: { url: { type: 'string', description: 'The URL to fetch content from' }, prompt: { type: 'string', description: 'The prompt to run on the fetched content' } },
    web_search: { query: { type: 'string', description: 'The search query to use' } },
    task: { description: { type: 'string', description: 'A short description of the task' }, prompt: { type: 'string', description: 'The task for the agent to perform' }, subagent_type: { type: 'string', description: 'The type of specialized agent to use' } },
    todo: { todos: { type: 'array', description: 'The updated todo list' } },
    submit: {},
  },
  hermes: {
    shell: { command: { type: 'string', description: 'The command to execute on the VM' }, timeout: { type: 'integer', description: 'Command timeout in seconds' }, background: { type: 'boolean', description: 'Run the command in the background' } },
    read: { path: { type: 'string', description: 'Path to the file to read' }, offset: { type: 'integer', description: 'Line number to start reading from (1-indexed)' }, limit: { type: 'integer', description: 'Maximum number of lines to read' } },
    edit: { mode: { type: 'string', description: 'replace or patch' }, path: { type: 'string', description: 'File to edit' }, old_string: { type: 'string', description: 'Text to find' }, new_string: { type: 'string', description: 'Replacement text' } },
    write: { path: { type: 'string', description: 'Path to the file to write' }, content: { type: 'string', description: 'Complete content to write' } },
    glob: { pattern: { type: 'string', description: 'Glob pattern for file names' }, target: { type: 'string', description: 'files or content' }, path: { type: 'string', description: 'Directory to search' } },
    grep: { pattern: { type: 'string', description: 'Regex pattern to search for' }, target: { type: 'string', description: 'files or content' }, path: { type: 'string', description: 'Directory to search' } },
    web_fetch: { urls: { type: 'array', description: 'URLs to extract content from' } },
    web_search: { query: { type: 'string', description: 'The search query' } },
    task: { goal: { type: 'string', description: 'What the subagent should accomplish' }, context: { type: 'string', description: 'Background the subagent needs' } },
    todo: { todos: { type: 'array', description: 'The task list' } },
    submit: {},
  },
  'swe-agent': SWE_AGENT,
  // mini-swe-agent sends no schemas; its one tool is the converter's synthesized `bash`
  'mini-swe-agent': SWE_AGENT,
};

const PURPOSE: Record<ToolKind, string> = {
  shell: 'Executes a shell command in a persistent session and returns its output and exit code.',
  read: 'Reads a file from the local filesystem and returns its lines with line numbers.',
  edit: 'Performs an exact string replacement in a file.',
  write: 'Writes a file to the local filesystem, overwriting it if it exists.',
  glob: 'Finds files by name pattern and returns matching paths.',
  grep: 'Searches file contents with a regular expression.',
  web_fetch: 'Fetches a web page and returns its content as markdown.',
  web_search: 'Searches the web and returns result titles, links and snippets.',
  task: 'Launches a sub-agent that works on a task and returns its final report.',
  todo: 'Creates and updates a structured task list for the session.',
  submit: 'Submits the current changes as the final solution.',
};

export interface ToolDef {
  name: string;
  kind: ToolKind;
}

/**
 * The OpenAI-format function definition the agent sends, as a JSON string. A tool serving several
 * kinds (SWE-agent's str_replace_editor) gets one definition with the parameters of all of them.
 */
export function toolDefinition(style: Style, name: string, kinds: readonly ToolKind[], usage: string): string {
  const props: Params = {};
  for (const k of kinds) Object.assign(props, PARAMS[style][k]);
  const def = {
    type: 'function',
    function: {
      name,
      description: `${kinds.map((k) => PURPOSE[k]).join(' ')}\n\n${usage}`,
      parameters: { type: 'object', properties: props, required: Object.keys(props).slice(0, 1) },
    },
  };
  return JSON.stringify(def, null, 2);
}

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** a call id in the agent's format (Anthropic `toolu_01…`, OpenAI `call_…`); unique within `seen` */
export function callId(style: Style, rng: Rng, seen: Set<string>): string {
  for (;;) {
    let tail = '';
    const n = style === 'claude-code' ? 22 : 24;
    for (let i = 0; i < n; i++) tail += B62[rng.int(0, 61)];
    const id = style === 'claude-code' ? `toolu_01${tail}` : `call_${tail}`;
    if (!seen.has(id)) {
      seen.add(id);
      return id;
    }
  }
}
