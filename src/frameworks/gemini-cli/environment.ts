/**
 * What makes Gemini CLI's services nondeterministic, pinned for the length of one service call:
 * - masking names each saved output `<tool>_<call id>_<Math.random().toString(36).substring(7)>.txt`
 *   under `storage.getProjectTempDir()`, and the path is part of the text that replaces the output;
 * - compression counts its new history with an environment-context message that holds today's date in
 *   the machine's locale, and formats numbers with the locale (`toLocaleString`).
 * Each session gets a temporary project folder of its own whose path is exactly as long as the port's
 * stand-in (src/policies/gemini-cli/mask.ts `PROJECT_TEMP_DIR`), so whether masking an output saves tokens
 * is decided on the same lengths; the texts the services return then name the stand-in, and the random
 * part is the fixed one the port names (`xxxxxx`). The files they write are removed after every call
 * (nothing in a replay reads them) and the folder when the session ends.
 *
 * Why pinning globals is safe here: the services run on the bridge's host thread, which runs one hook at
 * a time, and every global is restored when the call settles.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_TEMP_DIR } from '../../policies/gemini-cli/mask.js';

/** Math.random during a call: its base-36 digits from the 8th on are 6 characters, the length the port assumes. */
const FIXED_RANDOM = 0.123456789;
const RANDOM_PART = FIXED_RANDOM.toString(36).substring(7);
/** the date the environment context states (any fixed day: only its length reaches the records) */
const FIXED_NOW = Date.UTC(2026, 0, 1);
const LOCALE = 'en-US';

export class SessionTempDir {
  private root: string | null = null;
  private projectDir: string | null = null;

  /** The project folder the services are told about, created on first use. */
  project(): string {
    if (this.projectDir) return this.projectDir;
    const root = mkdtempSync(path.join(tmpdir(), 'cbg-'));
    const pad = PROJECT_TEMP_DIR.length - root.length - 1;
    if (pad < 1) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(`the temporary folder ${root} is longer than ${PROJECT_TEMP_DIR.length - 2} characters; set TMPDIR to a shorter one (e.g. /tmp)`);
    }
    this.root = root;
    this.projectDir = path.join(root, 'p'.repeat(pad));
    mkdirSync(this.projectDir);
    return this.projectDir;
  }

  /** The services' text with this session's folder and the pinned random part as the port names them. */
  normalize(text: string): string {
    if (!this.projectDir || !text.includes(this.projectDir)) return text;
    return text.split(this.projectDir).join(PROJECT_TEMP_DIR).replaceAll(`_${RANDOM_PART}.txt`, '_xxxxxx.txt');
  }

  /** Removes what the last call wrote. */
  clearOutputs(): void {
    if (this.projectDir) rmSync(path.join(this.projectDir, 'tool-outputs'), { recursive: true, force: true });
  }

  dispose(): void {
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = null;
    this.projectDir = null;
  }
}

/** Runs `fn` with Math.random, Date and the locale pinned, and puts them back when it settles. */
export async function pinned<T>(fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  const random = Math.random;
  const numberLocale = Number.prototype.toLocaleString;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(FIXED_NOW);
      else super(...(args as [string]));
    }
    static override now(): number {
      return FIXED_NOW;
    }
    override toLocaleDateString(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions): string {
      return super.toLocaleDateString(locales ?? LOCALE, { ...options, timeZone: 'UTC' });
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  Math.random = () => FIXED_RANDOM;
  Number.prototype.toLocaleString = function toLocaleString(this: number, locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions): string {
    return numberLocale.call(this, locales ?? LOCALE, options);
  };
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
    Math.random = random;
    Number.prototype.toLocaleString = numberLocale;
  }
}
