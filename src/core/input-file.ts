/**
 * The edge every input file passes before it is opened: it must be a regular file. Without the check a
 * FIFO blocks the read forever (no writer ever comes), `/dev/zero` or `/dev/urandom` stream without end
 * and grow memory without bound, a directory fails deep inside a reader with EISDIR and a stack, and a
 * symlink loop or an over-long name (ELOOP, ENAMETOOLONG) ends as an internal error. Here each becomes
 * one line naming the path and what it is.
 *
 * `stat` follows symlinks, so a link to a regular file passes and a dangling or looping link fails.
 * Folders are refused here; commands that read a folder's files list them first and check each file.
 */
import { statSync, type Stats } from 'node:fs';

/** An input that is not a readable regular file; the CLI prints its message and exits with its bad-input code. */
export class InputFileError extends Error {
  override name = 'InputError';
}

const CAUSES: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'a path component is a file, not a directory',
  ELOOP: 'a symbolic link loop (too many levels of symbolic links)',
  ENAMETOOLONG: 'the name is too long for the file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
};

/** What a non-regular file is, in words. */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe (FIFO), which could block forever';
  if (st.isCharacterDevice()) return 'a character device (such as /dev/zero), which never ends';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A one-line error for a file-system failure on `file`, or undefined when `e` is not one. */
export function inputFileErrorOf(e: unknown, file: string, what = 'input'): InputFileError | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const cause = code ? CAUSES[code] : undefined;
  return cause ? new InputFileError(`${file}: cannot read the ${what}: ${cause} (${code})`) : undefined;
}

/**
 * Throws InputFileError unless `file` is a regular file (after following symlinks). `what` names the
 * input in the message ("trace", "scenario", …); `folderHint` is added when a folder was given.
 */
export function checkInputFile(file: string, what = 'input', folderHint = ''): void {
  let st: Stats | undefined;
  try {
    st = statSync(file);
  } catch (e) {
    throw inputFileErrorOf(e, file, what) ?? e;
  }
  if (st.isFile()) return;
  const hint = st.isDirectory() && folderHint ? `; ${folderHint}` : '';
  throw new InputFileError(`${file}: the ${what} is ${kindOf(st)}, not a regular file${hint}`);
}
