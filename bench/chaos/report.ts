import type { Check } from './checks.js';
import { FAULT_KINDS, faultOf, type FaultWindow } from './faults.js';
import type { Sample } from './load.js';

/** Upper bounds (ms) of the latency histogram's buckets; the last is everything above. */
export const BUCKETS_MS = [50, 100, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000] as const;

export interface FaultFigures {
  readonly kind: string;
  readonly requests: number;
  readonly answered: number;
  /** No answer: the node was killed with the request in flight (expected, not a failure). */
  readonly lostToKill: number;
  /** No answer from a node that was not killed. */
  readonly noAnswerWhileUp: number;
  readonly http5xx: number;
  /** The spec's system error (errorCode 7 with HTTP 500, see test/support/system-error.ts). */
  readonly systemErrors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Counts per bucket of BUCKETS_MS, then one for above the last. */
  readonly histogram: readonly number[];
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The figures per kind, `kinds` in the order faultOf gives a request to one (the HA trial's own). */
export function figuresByFault(
  samples: readonly Sample[],
  windows: readonly FaultWindow<string>[],
  kinds: readonly string[] = FAULT_KINDS,
): FaultFigures[] {
  const precedence = kinds.filter((kind) => kind !== 'none');
  return kinds.map((kind) => {
    const mine = samples.filter(
      (sample) =>
        faultOf(sample.startMs, sample.endMs, windows, kinds === FAULT_KINDS ? undefined : precedence) ===
        kind,
    );
    const latencies = mine.map((sample) => sample.endMs - sample.startMs).sort((a, b) => a - b);
    const histogram = Array<number>(BUCKETS_MS.length + 1).fill(0);
    for (const ms of latencies) {
      const bucket = BUCKETS_MS.findIndex((bound) => ms <= bound);
      histogram[bucket === -1 ? BUCKETS_MS.length : bucket]! += 1;
    }
    return {
      kind,
      requests: mine.length,
      answered: mine.filter((sample) => sample.status !== undefined).length,
      lostToKill: mine.filter((sample) => sample.lostToKill).length,
      noAnswerWhileUp: mine.filter((sample) => sample.status === undefined && !sample.lostToKill).length,
      http5xx: mine.filter((sample) => (sample.status ?? 0) >= 500).length,
      systemErrors: mine.filter((sample) => sample.systemError).length,
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? 0,
      histogram,
    };
  });
}

const row = (cells: readonly (string | number)[], widths: readonly number[]) =>
  cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!)))
    .join('  ');

/** The one summary table: figures per fault kind, the latency histogram, then one line per check. */
export function summaryTable(figures: readonly FaultFigures[], checks: readonly Check[]): string {
  const widths = [13, 8, 8, 12, 10, 5, 7, 6, 6, 6];
  const head = [
    'fault',
    'requests',
    'answered',
    'lost-to-kill',
    'no-answer*',
    '5xx',
    'sys-err',
    'p50ms',
    'p99ms',
    'maxms',
  ];
  const bucketHead = ['fault', ...BUCKETS_MS.map((ms) => `<=${ms}`), `>${BUCKETS_MS.at(-1)}`];
  const bucketWidths = [13, ...bucketHead.slice(1).map(() => 7)];
  return [
    row(head, widths),
    ...figures.map((f) =>
      row(
        [
          f.kind,
          f.requests,
          f.answered,
          f.lostToKill,
          f.noAnswerWhileUp,
          f.http5xx,
          f.systemErrors,
          f.p50Ms,
          f.p99Ms,
          f.maxMs,
        ],
        widths,
      ),
    ),
    '* no answer from a node that was not killed',
    '',
    'latency histogram (ms), requests by fault',
    row(bucketHead, bucketWidths),
    ...figures.map((f) => row([f.kind, ...f.histogram], bucketWidths)),
    '',
    ...checks.flatMap((c) => [
      `${c.passed ? 'PASS' : 'FAIL'}  ${c.name}: ${c.figure}`,
      ...c.examples.map((example) => `        ${example}`),
    ]),
  ].join('\n');
}
