/**
 * What each registered framework entry (definitions.ts) needs in order to run: the published packages
 * and versions it runs, the Node range those support (their `engines`), and, per Node major, the oracle
 * folder that pins them with its own lockfile. The framework reference report (scripts/framework-report.ts)
 * reads it to decide what runs where and to say why an entry did not run; a test keeps it in step with
 * FRAMEWORK_REGISTRY and with the oracle folders' package.json and lockfiles.
 *
 * Ids of entries being added on other branches are listed too, so the report picks them up as soon as
 * they are registered.
 */

/** The Node majors the framework report runs on (package.json engines: >=20.19 <21 || >=22.12). */
export type NodeMajor = 20 | 22;
export const REPORT_NODE_MAJORS: readonly NodeMajor[] = [20, 22];

/** Folders with a package.json and a lockfile of their own, never installed by the project's `npm ci`. */
export type OracleDir = 'oracles/frameworks' | 'oracles/frameworks-node22' | 'oracles/gemini-cli';

/** One place an entry runs: a Node major, the folder whose node_modules holds its packages, what is pinned there. */
export interface FrameworkInstall {
  node: NodeMajor;
  dir: OracleDir;
  /** package name → the exact version the folder's package.json pins */
  packages: Readonly<Record<string, string>>;
  /**
   * Parameters the entry needs beyond `packageDir` (which the report sets to `dir` when the entry has
   * one): the user file an adapter of user code runs, as `key=value,...`.
   */
  params?: string;
}

export interface FrameworkRequirement {
  /** the Node range the entry's packages support, across its installs (`engines` of the pinned versions) */
  nodeRange: string;
  /** the package (at its version) whose `engines` set the lower end of that range */
  limitedBy: string;
  installs: readonly FrameworkInstall[];
}

const AI6 = { ai: '6.0.326' };
const AI7 = { ai: '7.0.173' };
const LANGCHAIN = { langchain: '1.5.14', '@langchain/core': '1.4.0' };
const MASTRA = { '@mastra/core': '1.71.0' };
/** on Node 20 npm resolves the 0.x line, whose TokenLimiter and ToolCallFilter are @mastra/memory's memory processors */
const MASTRA0 = { '@mastra/core': '0.24.9', '@mastra/memory': '0.15.13' };
const CLINE = { '@cline/core': '0.0.86' };
const GEMINI = { '@google/gemini-cli-core': '0.61.0' };

const N20 = 'oracles/frameworks' as const;
const N22 = 'oracles/frameworks-node22' as const;

/** the LangChain entries: the same pins in both folders */
const langchainBoth: FrameworkRequirement = {
  nodeRange: '>=20',
  limitedBy: 'langchain@1.5.14',
  installs: [{ node: 20, dir: N20, packages: LANGCHAIN }, { node: 22, dir: N22, packages: LANGCHAIN }],
};

/** the Mastra entries: 0.x memory processors on Node 20, 1.x processors on Node >= 22.13 */
const mastraBoth: FrameworkRequirement = {
  nodeRange: '>=20 (0.x), >=22.13 (1.x)',
  limitedBy: '@mastra/core@0.24.9',
  installs: [{ node: 20, dir: N20, packages: MASTRA0 }, { node: 22, dir: N22, packages: MASTRA }],
};

export const FRAMEWORK_REQUIREMENTS: Readonly<Record<string, FrameworkRequirement>> = {
  'ai-sdk-prepare-step': {
    nodeRange: '>=18 (ai@6), >=22 (ai@7)',
    limitedBy: 'ai@6.0.326',
    installs: [
      { node: 20, dir: N20, packages: AI6, params: 'module=oracles/frameworks/fixtures/prepare-step.ts' },
      { node: 22, dir: N22, packages: AI7, params: 'module=oracles/frameworks-node22/fixtures/prepare-step.ts,semantics=ai7' },
    ],
  },
  'ai-sdk-prune': {
    nodeRange: '>=18 (ai@6), >=22 (ai@7)',
    limitedBy: 'ai@6.0.326',
    installs: [{ node: 20, dir: N20, packages: AI6 }, { node: 22, dir: N22, packages: AI7 }],
  },
  'langchain-middleware': {
    ...langchainBoth,
    installs: [
      { node: 20, dir: N20, packages: LANGCHAIN, params: 'module=oracles/frameworks/fixtures/summarization.ts' },
      { node: 22, dir: N22, packages: LANGCHAIN, params: 'module=oracles/frameworks-node22/fixtures/summarization.ts' },
    ],
  },
  'langchain-summarization': langchainBoth,
  'langchain-clear-tool-uses': langchainBoth,
  'langchain-trim': langchainBoth,
  'mastra-token-limiter': mastraBoth,
  'mastra-tool-call-filter': mastraBoth,
  'mastra-processors': {
    ...mastraBoth,
    installs: [
      { node: 20, dir: N20, packages: MASTRA0, params: 'module=oracles/frameworks/fixtures/memory-processors.ts' },
      { node: 22, dir: N22, packages: MASTRA, params: 'module=oracles/frameworks-node22/fixtures/processors.ts' },
    ],
  },
  'cline-sdk': { nodeRange: '>=22', limitedBy: '@cline/core@0.0.86', installs: [{ node: 22, dir: N22, packages: CLINE }] },
  'gemini-cli-real': {
    nodeRange: '>=20',
    limitedBy: '@google/gemini-cli-core@0.61.0',
    installs: [{ node: 20, dir: 'oracles/gemini-cli', packages: GEMINI }, { node: 22, dir: 'oracles/gemini-cli', packages: GEMINI }],
  },
};

/** The requirement of a registered entry; an entry without one is a mistake of whoever registered it. */
export function requirementOf(id: string): FrameworkRequirement {
  const r = FRAMEWORK_REQUIREMENTS[id];
  if (!r) throw new Error(`framework entry ${id} has no requirement in src/frameworks/requirements.ts (its packages, Node range and oracle folder)`);
  return r;
}

/** Where `id` runs on Node `node`, or undefined when its packages do not support that major. */
export function installOn(id: string, node: NodeMajor): FrameworkInstall | undefined {
  return requirementOf(id).installs.find((i) => i.node === node);
}

/** `ai@6.0.326`, `langchain@1.5.14 + @langchain/core@1.4.0` */
export function packagesText(install: FrameworkInstall): string {
  return Object.entries(install.packages).map(([name, v]) => `${name}@${v}`).join(' + ');
}
