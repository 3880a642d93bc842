import { median } from './statistics.js';

/*
 * The soak's verdicts, kept apart from the run so they can be tested on made-up series. A series
 * is cut into four quarters by sample index; the first quarter is the warm-up (caches filling,
 * the JIT, the WAL reaching its working size), so growth is judged from the second quarter's
 * median to the last quarter's. Medians, because one sample can land on a garbage collection or a
 * checkpoint.
 */

/** Two samples per quarter at least: with one, a quarter's median is a single sample again. */
export const MIN_SAMPLES = 8;

export interface Check {
  readonly name: string;
  readonly passed: boolean;
  /** Why it passed or failed, with the figures it was judged on. */
  readonly reason: string;
}

/** Nearest-rank percentile (p in 0..100); undefined for no values. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** The samples in four contiguous quarters by index; the earlier quarters take the shorter share. */
export function quarters<T>(samples: readonly T[]): [T[], T[], T[], T[]] {
  if (samples.length < MIN_SAMPLES) {
    throw new Error(`${samples.length} samples; the quarter rule needs at least ${MIN_SAMPLES}`);
  }
  const cut = (quarter: number) => Math.floor((quarter * samples.length) / 4);
  return [0, 1, 2, 3].map((quarter) => samples.slice(cut(quarter), cut(quarter + 1))) as [T[], T[], T[], T[]];
}

/** The median of each quarter. */
export function quarterMedians(values: readonly number[]): [number, number, number, number] {
  return quarters(values).map(median) as [number, number, number, number];
}

/** last / second, with a zero base read as no growth when the last is zero too, and unbounded otherwise. */
function ratio(second: number, last: number): number {
  if (second === 0) return last === 0 ? 1 : Number.POSITIVE_INFINITY;
  return last / second;
}

const percent = (r: number) => (Number.isFinite(r) ? `${((r - 1) * 100).toFixed(1)} %` : 'from zero');

/**
 * Fails when the last quarter's median is more than `limit` (0.10 for 10 %) above the second
 * quarter's. Only growth fails: a series that falls (memory returned, latency easing) passes.
 */
export function growthCheck(
  name: string,
  values: readonly number[],
  limit: number,
  format: (value: number) => string,
): Check {
  const [, second, , last] = quarterMedians(values);
  const grew = ratio(second, last);
  const passed = grew <= 1 + limit;
  return {
    name,
    passed,
    reason: `last-quarter median ${format(last)} vs second-quarter ${format(second)}: ${percent(grew)} (limit +${(limit * 100).toFixed(0)} %)`,
  };
}

/** Every sample at least the one before and the last above the first: still rising at the end. */
export function stillRising(values: readonly number[]): boolean {
  if (values.length < 2) return false;
  for (let i = 1; i < values.length; i += 1) if (values[i]! < values[i - 1]!) return false;
  return values[values.length - 1]! > values[0]!;
}

/** The WAL's growth beyond which a still-rising last quarter counts as unbounded. */
export const WAL_GROWTH_LIMIT = 0.5;

/**
 * The WAL is unbounded when either
 * - its last-quarter median is above `boundBytes`, the size the engine's documented mechanism
 *   holds it to (SQLite: journal_size_limit; PostgreSQL: max_wal_size), or
 * - it is still growing: the last quarter rising sample after sample and its median more than
 *   50 % above the second quarter's. `growthJudged` false skips this part, for a run too short to
 *   contain the engine's reclaiming (PostgreSQL recycles WAL at a checkpoint, every
 *   checkpoint_timeout; before the first one its WAL only grows); the reason says so.
 */
export function walCheck(
  values: readonly number[],
  boundBytes: number,
  growthJudged: { readonly judged: boolean; readonly why: string },
  format: (bytes: number) => string,
): Check {
  const parts = quarters(values);
  const [, second, , last] = parts.map(median) as [number, number, number, number];
  const overBound = last > boundBytes;
  const grew = ratio(second, last);
  const rising = stillRising(parts[3]);
  const growing = growthJudged.judged && rising && grew > 1 + WAL_GROWTH_LIMIT;
  const growth = growthJudged.judged
    ? `${rising ? 'still rising' : 'not rising'} in the last quarter, ${percent(grew)} over the second quarter's ${format(second)} (limit +${WAL_GROWTH_LIMIT * 100} % while rising)`
    : `growth not judged: ${growthJudged.why}`;
  return {
    name: 'wal bounded',
    passed: !overBound && !growing,
    reason: `last-quarter median ${format(last)} ${overBound ? 'above' : 'within'} the bound ${format(boundBytes)}; ${growth}`,
  };
}

export function errorCheck(errors: number, responses: number, firstFailure: string | undefined): Check {
  return {
    name: 'no errors',
    passed: errors === 0,
    reason:
      errors === 0
        ? `0 of ${responses} answers failed`
        : `${errors} of ${responses} answers failed (non-2xx, errorCode not "0", connection errors or timeouts); first: ${firstFailure ?? 'none recorded'}`,
  };
}
