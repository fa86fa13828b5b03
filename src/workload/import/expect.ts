/**
 * Shape checks for untrusted JSON: each returns the value with its type or fails at the value's
 * path (and so its file and line), saying what was expected and what was found.
 */
import { kindOf, show } from './errors.js';
import type { Locator, Path } from './locate.js';

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(loc: Locator, v: unknown, path: Path): Obj {
  if (!isObj(v)) loc.fail(path, `expected an object, got ${kindOf(v)} ${show(v)}`);
  return v;
}

export function arr(loc: Locator, v: unknown, path: Path): unknown[] {
  if (!Array.isArray(v)) loc.fail(path, `expected an array, got ${kindOf(v)} ${show(v)}`);
  return v;
}

export function str(loc: Locator, v: unknown, path: Path): string {
  if (typeof v !== 'string') loc.fail(path, `expected a string, got ${kindOf(v)} ${show(v)}`);
  return v;
}

/** An object, or undefined when absent or null. */
export function optObj(loc: Locator, v: unknown, path: Path): Obj | undefined {
  return v === undefined || v === null ? undefined : obj(loc, v, path);
}

/** A string, or undefined when absent or null. */
export function optStr(loc: Locator, v: unknown, path: Path): string | undefined {
  return v === undefined || v === null ? undefined : str(loc, v, path);
}

/** A finite number, or undefined when absent or null. */
export function optNum(loc: Locator, v: unknown, path: Path): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) loc.fail(path, `expected a number, got ${kindOf(v)} ${show(v)}`);
  return v;
}

/** Message text: a string, null, or a list of content parts (text joined by newlines; images carry no text). */
export function textOf(loc: Locator, v: unknown, path: Path): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const parts: string[] = [];
    v.forEach((p, k) => {
      const o = obj(loc, p, [...path, k]);
      if (o.type === 'text' || (o.type === undefined && 'text' in o)) parts.push(str(loc, o.text, [...path, k, 'text']));
      else if (o.type !== 'image_url' && o.type !== 'image') loc.fail([...path, k, 'type'], `expected a text or image part, got ${show(o.type)}`);
    });
    return parts.join('\n');
  }
  return loc.fail(path, `expected text (string, null or content parts), got ${kindOf(v)} ${show(v)}`);
}
