import type { Clock } from '../../domain/clock.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { OrderRollupRepository } from '../../store-reports/order-rollup-repository.js';
import type { LatencyHistogram } from './latency-summary.js';
import type {
  AuthenticationCell,
  OpenSteps,
  OrderCell,
  OverviewRepository,
  OverviewScope,
} from '../../store-reports/overview-repository.js';
import { summarize, type LatencySummary } from './latency-summary.js';
import { merchantLimit, requireRight, type Operator } from './operator.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The overview's windows (UTC): the last 24 hours by hour, the last 30 days by day, the last 12
 * months by month. `spanMs`: the finest unit the window's queries count by (a month is its days).
 */
export const OVERVIEW_WINDOWS = {
  '24h': { unit: 'hour', spanMs: HOUR_MS },
  '30d': { unit: 'day', spanMs: DAY_MS },
  '12m': { unit: 'month', spanMs: DAY_MS },
} as const;
export type OverviewWindow = keyof typeof OVERVIEW_WINDOWS;
export type OverviewUnit = (typeof OVERVIEW_WINDOWS)[OverviewWindow]['unit'];

/** Start of each bucket of the window at `nowMs`, oldest first, and the end of the last one. */
export function windowBuckets(window: OverviewWindow, nowMs: number): { starts: number[]; endMs: number } {
  if (window === '12m') {
    const now = new Date(nowMs);
    const month = (back: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
    return { starts: Array.from({ length: 12 }, (_, index) => month(11 - index)), endMs: month(-1) };
  }
  const spanMs = OVERVIEW_WINDOWS[window].spanMs;
  const size = window === '24h' ? 24 : 30;
  const first = Math.floor(nowMs / spanMs) - (size - 1);
  const starts = Array.from({ length: size }, (_, index) => (first + index) * spanMs);
  return { starts, endMs: (first + size) * spanMs };
}

/** The index of the bucket holding `ms` (starts sorted), or -1 outside them. */
function bucketIndex(starts: readonly number[], endMs: number, ms: number): number {
  if (ms < (starts[0] ?? endMs) || ms >= endMs) return -1;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= ms) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function isOverviewWindow(value: string | undefined): value is OverviewWindow {
  return value !== undefined && Object.hasOwn(OVERVIEW_WINDOWS, value);
}

/** Statuses the issuer approved: held, paid, and later reversed or refunded. */
const ISSUER_APPROVED: readonly number[] = [
  ORDER_STATUS.approved,
  ORDER_STATUS.deposited,
  ORDER_STATUS.reversed,
  ORDER_STATUS.refunded,
];

/** Per bucket of one currency: orders created, of them approved, and the approved amount. */
export interface CurrencySeries {
  readonly currency: string;
  readonly orders: readonly number[];
  readonly approved: readonly number[];
  readonly approvedMinor: readonly number[];
}

export interface Overview {
  readonly window: OverviewWindow;
  readonly unit: OverviewUnit;
  /** Start of each bucket (ms); every series below has one number per bucket, in this order. */
  readonly buckets: readonly number[];
  /** The operator sees some merchants only. */
  readonly limited: boolean;
  readonly volume: readonly CurrencySeries[];
  /** Orders that reached the issuer: approved by it, or declined after an authorization was sent. */
  readonly approval: { readonly approved: readonly number[]; readonly declined: readonly number[] };
  /** Declined orders of the window by action code, most frequent first. */
  readonly declines: readonly { readonly actionCode: number; readonly count: number }[];
  readonly threeDs: {
    readonly started: readonly number[];
    readonly challenged: readonly number[];
    readonly challengesPassed: readonly number[];
    readonly authenticated: readonly number[];
  };
  /** Card-to-card transfers (AFT and OCT included), by currency. */
  readonly p2p: readonly CurrencySeries[];
  readonly callbacks: {
    readonly delivered: readonly number[];
    readonly pending: readonly number[];
    readonly dead: readonly number[];
  };
  /** Now, not in the window: steps are a queue. */
  readonly steps: OpenSteps;
  /**
   * This process's acquirer call times since it started, every merchant's; the call counts are
   * left out for a merchant-limited operator (they would tell other merchants' traffic).
   */
  readonly latency: readonly (Omit<LatencySummary, 'calls'> & { readonly calls?: number })[];
}

const NO_STEPS: OpenSteps = { pending: 0, retried: 0, needsAttention: 0 };

/** The console's overview: figures of the window, within the operator's merchants and rights. */
export class ConsoleOverview {
  constructor(
    private readonly repository: OverviewRepository,
    private readonly rollups: OrderRollupRepository,
    private readonly clock: Clock,
    private readonly latency: () => Promise<readonly LatencyHistogram[]>,
  ) {}

  async read(operator: Operator, window: OverviewWindow): Promise<Overview> {
    requireRight(operator, 'overview.view');
    const { unit, spanMs } = OVERVIEW_WINDOWS[window];
    const { starts, endMs } = windowBuckets(window, this.clock.nowMs());
    const size = starts.length;
    const limit = merchantLimit(operator);
    const scope: OverviewScope = {
      fromMs: starts[0] ?? endMs,
      toMs: endMs,
      bucketMs: spanMs,
      ...(limit === undefined ? {} : { merchantIds: limit }),
    };
    const none = limit !== undefined && limit.length === 0;
    const [orders, authentications, callbacks, steps, histograms] = await Promise.all([
      none ? [] : this.rollups.orderCells({ ...scope, spanMs }),
      none ? [] : this.rollups.threeDsCells({ ...scope, spanMs }),
      none ? [] : this.rollups.callbackCells({ ...scope, spanMs }),
      none ? NO_STEPS : this.repository.openSteps(scope),
      this.latency(),
    ]);
    const series = () => new Array<number>(size).fill(0);
    const indexOf = (ms: number) => bucketIndex(starts, endMs, ms);
    const add = (target: number[], ms: number, value: number) => {
      const index = indexOf(ms);
      if (index >= 0) target[index] = (target[index] ?? 0) + value;
    };

    const approved = series();
    const declined = series();
    const declines = new Map<number, number>();
    for (const cell of orders) {
      if (ISSUER_APPROVED.includes(cell.status)) add(approved, cell.startMs, cell.orders);
      add(declined, cell.startMs, cell.issuerDeclines);
      if (cell.status === ORDER_STATUS.declined && indexOf(cell.startMs) >= 0)
        declines.set(cell.actionCode, (declines.get(cell.actionCode) ?? 0) + cell.orders);
    }

    const threeDs = {
      started: series(),
      challenged: series(),
      challengesPassed: series(),
      authenticated: series(),
    };
    for (const cell of authentications) {
      const outcome = authenticationOutcome(cell);
      add(threeDs.started, cell.startMs, cell.count);
      if (outcome.challenged) add(threeDs.challenged, cell.startMs, cell.count);
      if (outcome.challengePassed) add(threeDs.challengesPassed, cell.startMs, cell.count);
      if (outcome.authenticated) add(threeDs.authenticated, cell.startMs, cell.count);
    }

    const callbackStates = { delivered: series(), pending: series(), dead: series() };
    for (const cell of callbacks) {
      if (cell.state === 'delivered' || cell.state === 'pending' || cell.state === 'dead')
        add(callbackStates[cell.state], cell.startMs, cell.count);
    }

    return {
      window,
      unit,
      buckets: starts,
      limited: limit !== undefined,
      volume: byCurrency(orders, indexOf, size),
      approval: { approved, declined },
      declines: [...declines.entries()]
        .map(([actionCode, count]) => ({ actionCode, count }))
        .sort((a, b) => b.count - a.count || a.actionCode - b.actionCode),
      threeDs,
      p2p: byCurrency(
        orders.filter((cell) => cell.p2pType !== null),
        indexOf,
        size,
      ),
      callbacks: callbackStates,
      steps,
      latency: histograms.map((histogram) => {
        const { calls, ...summary } = summarize(histogram);
        return limit === undefined ? { ...summary, calls } : summary;
      }),
    };
  }
}

/**
 * What one authentication came to. A challenge is an ARes C (the customer sent to the ACS,
 * whether or not they came back), an RReq (its result), or 3-D Secure 1.0, which always
 * challenges. Passed: an RReq of Y or A. Authenticated: passed, or a frictionless ARes Y or A.
 */
export function authenticationOutcome(
  cell: Pick<AuthenticationCell, 'protocol' | 'aresStatus' | 'rreqStatus'>,
): { challenged: boolean; challengePassed: boolean; authenticated: boolean } {
  const challenged = cell.protocol === '1' || cell.aresStatus === 'C' || cell.rreqStatus !== null;
  const challengePassed = cell.rreqStatus === 'Y' || cell.rreqStatus === 'A';
  const frictionless = !challenged && (cell.aresStatus === 'Y' || cell.aresStatus === 'A');
  return { challenged, challengePassed, authenticated: challengePassed || frictionless };
}

function byCurrency(
  cells: readonly OrderCell[],
  indexOf: (ms: number) => number,
  size: number,
): CurrencySeries[] {
  const currencies = new Map<string, { orders: number[]; approved: number[]; approvedMinor: number[] }>();
  for (const cell of cells) {
    let found = currencies.get(cell.currency);
    if (found === undefined) {
      const zeros = () => new Array<number>(size).fill(0);
      found = { orders: zeros(), approved: zeros(), approvedMinor: zeros() };
      currencies.set(cell.currency, found);
    }
    const index = indexOf(cell.startMs);
    if (index < 0) continue;
    found.orders[index] = (found.orders[index] ?? 0) + cell.orders;
    if (ISSUER_APPROVED.includes(cell.status)) {
      found.approved[index] = (found.approved[index] ?? 0) + cell.orders;
      found.approvedMinor[index] = (found.approvedMinor[index] ?? 0) + cell.amountMinor;
    }
  }
  return [...currencies.entries()]
    .sort(([a], [b]) => (currencyByNumeric(a)?.alpha ?? a).localeCompare(currencyByNumeric(b)?.alpha ?? b))
    .map(([currency, series]) => ({ currency, ...series }));
}
