/**
 * Seed 001, phase 3 ("adaptive thresholds"): scale PRUNE_PROTECT with the model's context window —
 * 32K models protect 10K, 128K models 40K, 1M models 100K. Between the anchors the protection is
 * interpolated linearly; below 32K it keeps the 32K ratio, above 1M it stays at 100K (PR #588 states the
 * same range: 10k at 32k context up to 100k at ≥ 500k–1M).
 */
const ANCHORS: ReadonlyArray<readonly [number, number]> = [[32_000, 10_000], [128_000, 40_000], [1_000_000, 100_000]];

export function adaptiveProtect(contextWindow: number): number {
  const [w0, p0] = ANCHORS[0]!;
  if (contextWindow <= w0) return Math.round((contextWindow * p0) / w0);
  for (let i = 1; i < ANCHORS.length; i++) {
    const [w1, p1] = ANCHORS[i]!;
    const [wa, pa] = ANCHORS[i - 1]!;
    if (contextWindow <= w1) return Math.round(pa + ((contextWindow - wa) * (p1 - pa)) / (w1 - wa));
  }
  return ANCHORS[ANCHORS.length - 1]![1];
}
