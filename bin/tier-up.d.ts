/** The V8 flag to set for a V8 version string (`process.versions.v8`), or undefined for V8's defaults. */
export function tierUpFlag(v8Version: string): string | undefined;
