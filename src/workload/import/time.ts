/** Recorded timestamps to epoch seconds, independent of the machine's time zone. */

const HAS_ZONE = /(Z|[+-]\d\d:?\d\d)$/i;

/**
 * Seconds since 1970 of an ISO 8601 timestamp, or undefined when it does not parse. A timestamp
 * without a zone (OpenHands writes Python's naive `datetime.isoformat()`) is read as UTC, so the result
 * does not depend on where the import runs.
 */
export function isoEpoch(s: unknown): number | undefined {
  if (typeof s !== 'string' || s.length < 10) return undefined;
  const t = Date.parse(HAS_ZONE.test(s) || s.length === 10 ? s : `${s}Z`);
  return Number.isFinite(t) ? t / 1000 : undefined;
}
