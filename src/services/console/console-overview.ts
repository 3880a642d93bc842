import type { Clock } from '../../domain/clock.js';
import { currencyByNumeric } from '../../domain/currencies.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { LatencyHistogram } from './latency-summary.js';
import type {
  AuthenticationCell,
  OpenSteps,
  OrderCell,
  OverviewRepository,
  OverviewScope,
} from '../../store/overview-repository.js';
import { summarize, type LatencySummary } from './latency-summary.js';
import { merchantLimit, requireRight, type Operator } from './operator.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The overview's windows: the last 24 hours by hour, the last 30 days by day (UTC). */
export const OVERVIEW_WINDOWS = {
  '24h': { bucketMs: HOUR_MS, buckets: 24 },
  '30d': { bucketMs: DAY_MS, buckets: 30 },
} as const;
export type OverviewWindow = keyof typeof OVERVIEW_WINDOWS;

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
  readonly bucketMs: number;
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
    private readonly clock: Clock,
    private readonly latency: () => Promise<readonly LatencyHistogram[]>,
  ) {}

  async read(operator: Operator, window: OverviewWindow): Promise<Overview> {
    requireRight(operator, 'overview.view');
    const { bucketMs, buckets: size } = OVERVIEW_WINDOWS[window];
    const first = Math.floor(this.clock.nowMs() / bucketMs) - (size - 1);
    const numbers = Array.from({ length: size }, (_, index) => first + index);
    const limit = merchantLimit(operator);
    const scope: OverviewScope = {
      fromMs: first * bucketMs,
      toMs: (first + size) * bucketMs,
      bucketMs,
      ...(limit === undefined ? {} : { merchantIds: limit }),
    };
    const none = limit !== undefined && limit.length === 0;
    const [orders, authentications, callbacks, steps, histograms] = await Promise.all([
      none ? [] : this.repository.orders(scope),
      none ? [] : this.repository.authentications(scope),
      none ? [] : this.repository.callbacks(scope),
      none ? NO_STEPS : this.repository.openSteps(scope),
      this.latency(),
    ]);
    const series = () => new Array<number>(size).fill(0);
    const add = (target: number[], bucket: number, value: number) => {
      const index = bucket - first;
      if (index >= 0 && index < size) target[index] = (target[index] ?? 0) + value;
    };

    const approved = series();
    const declined = series();
    const declines = new Map<number, number>();
    for (const cell of orders) {
      if (ISSUER_APPROVED.includes(cell.status)) add(approved, cell.bucket, cell.orders);
      add(declined, cell.bucket, cell.issuerDeclines);
      if (cell.status === ORDER_STATUS.declined)
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
      add(threeDs.started, cell.bucket, cell.count);
      if (outcome.challenged) add(threeDs.challenged, cell.bucket, cell.count);
      if (outcome.challengePassed) add(threeDs.challengesPassed, cell.bucket, cell.count);
      if (outcome.authenticated) add(threeDs.authenticated, cell.bucket, cell.count);
    }

    const callbackStates = { delivered: series(), pending: series(), dead: series() };
    for (const cell of callbacks) {
      if (cell.state === 'delivered' || cell.state === 'pending' || cell.state === 'dead')
        add(callbackStates[cell.state], cell.bucket, cell.count);
    }

    return {
      window,
      bucketMs,
      buckets: numbers.map((bucket) => bucket * bucketMs),
      limited: limit !== undefined,
      volume: byCurrency(orders, first, size),
      approval: { approved, declined },
      declines: [...declines.entries()]
        .map(([actionCode, count]) => ({ actionCode, count }))
        .sort((a, b) => b.count - a.count || a.actionCode - b.actionCode),
      threeDs,
      p2p: byCurrency(
        orders.filter((cell) => cell.p2pType !== null),
        first,
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

function byCurrency(cells: readonly OrderCell[], first: number, size: number): CurrencySeries[] {
  const currencies = new Map<string, { orders: number[]; approved: number[]; approvedMinor: number[] }>();
  for (const cell of cells) {
    let found = currencies.get(cell.currency);
    if (found === undefined) {
      const zeros = () => new Array<number>(size).fill(0);
      found = { orders: zeros(), approved: zeros(), approvedMinor: zeros() };
      currencies.set(cell.currency, found);
    }
    const index = cell.bucket - first;
    if (index < 0 || index >= size) continue;
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
