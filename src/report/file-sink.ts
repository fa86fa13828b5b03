/**
 * A TextSink (csv.ts) writing to a file in chunks of about 1 MB, so a large CSV is never held whole in
 * memory (the default suite's steps.csv is ~45 MB of text, which as one string and its lines had
 * doubled the report's peak memory).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { TextSink } from './csv.js';

const CHUNK_CHARS = 1 << 20;

/** Writes `fill`'s text to `path` (created or truncated), UTF-8, in chunks. */
export function writeFileChunked(path: string, fill: (sink: TextSink) => void): void {
  const fd = openSync(path, 'w');
  try {
    let buf = '';
    fill({
      write(text) {
        if (text.length >= CHUNK_CHARS) {
          // a large piece (a run's rows) goes out as it is, not copied into the buffer first
          if (buf) writeSync(fd, buf);
          buf = '';
          writeSync(fd, text);
          return;
        }
        buf += text;
        if (buf.length >= CHUNK_CHARS) {
          writeSync(fd, buf);
          buf = '';
        }
      },
    });
    if (buf) writeSync(fd, buf);
  } finally {
    closeSync(fd);
  }
}
