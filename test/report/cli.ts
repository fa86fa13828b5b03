/** The CLI runner shared by the report tests (see test/cli/helpers.ts). */
export { cli, type CliResult } from '../cli/helpers.js';
