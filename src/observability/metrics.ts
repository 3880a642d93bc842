import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MoneyObserver, PaymentOutcome } from '../services/money-observer.js';
import type { CallbackFailureReason, CallbackObserver } from '../services/callbacks/callback-observer.js';
import type { LatencyHistogram } from '../services/console/latency-summary.js';
import type { QueueDepths } from '../store/queue-depths.js';
import type { QueueReading } from './queue-watch.js';

/**
 * Gatehouse's Prometheus metrics, one registry per gateway instance (tests run several in one
 * process). Every label takes its value from a bounded set: an operation's route (never a path
 * with ids), an HTTP status, an errorCode of the spec, a payment way, a currency, a decline
 * reason, a 3-D Secure status. No card number, order id, merchant secret or free text reaches a
 * label; test/after-run/metrics-hygiene.test.ts checks every scrape of the suite for that.
 */
const LATENCY_BUCKETS_S = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

export class GatehouseMetrics implements MoneyObserver, CallbackObserver {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'operation' | 'method' | 'status' | 'error_code'>;
  private readonly httpDuration: Histogram<'operation'>;
  private readonly payments: Counter<'way' | 'outcome' | 'reason' | 'currency'>;
  private readonly moved: Counter<'kind' | 'currency'>;
  private readonly acquirerCalls: Counter<'kind' | 'answer'>;
  private readonly acquirerDuration: Histogram<'kind'>;
  private readonly authentications: Counter<'channel' | 'flow' | 'trans_status'>;
  private readonly batchSize: Histogram;
  private readonly commitDuration: Histogram;
  private readonly callbackAttempts: Counter<'outcome' | 'reason'>;
  private readonly callbackDuration: Histogram<'outcome'>;
  private readonly callbacksDeadLettered: Counter;
  private readonly callbacksReplayed: Counter;

  constructor() {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'gatehouse_http_requests_total',
      help: 'HTTP requests by operation (its route), method, HTTP status and the answer errorCode',
      labelNames: ['operation', 'method', 'status', 'error_code'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, by operation',
      labelNames: ['operation'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    this.payments = new Counter({
      name: 'gatehouse_payments_total',
      help: 'Payments and transfer debits decided: approved, declined (by reason) or unknown (no answer)',
      labelNames: ['way', 'outcome', 'reason', 'currency'],
      registers,
    });
    this.moved = new Counter({
      name: 'gatehouse_money_moved_minor_total',
      help: 'Amounts the acquirer approved, in minor units, by kind of movement and currency',
      labelNames: ['kind', 'currency'],
      registers,
    });
    this.acquirerCalls = new Counter({
      name: 'gatehouse_acquirer_calls_total',
      help: 'Acquirer calls by kind and answer (approved, declined, refused, unknown)',
      labelNames: ['kind', 'answer'],
      registers,
    });
    this.acquirerDuration = new Histogram({
      name: 'gatehouse_acquirer_call_duration_seconds',
      help: 'Acquirer call time, by kind',
      labelNames: ['kind'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    this.authentications = new Counter({
      name: 'gatehouse_threeds_authentications_total',
      help: '3-D Secure 2 authentications ended, by channel (browser, app), flow and transStatus',
      labelNames: ['channel', 'flow', 'trans_status'],
      registers,
    });
    this.batchSize = new Histogram({
      name: 'gatehouse_group_commit_batch_size',
      help: 'Units of writes committed together in one transaction',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.commitDuration = new Histogram({
      name: 'gatehouse_group_commit_duration_seconds',
      help: 'Time a group-commit batch takes from its start to its commit',
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    this.callbackAttempts = new Counter({
      name: 'gatehouse_callback_deliveries_total',
      help: 'Callback attempts by outcome (sent: a 2xx; failed) and the failure reason (HTTP status class, timeout, connection_refused, connection_error, address_refused, not_sent)',
      labelNames: ['outcome', 'reason'],
      registers,
    });
    this.callbackDuration = new Histogram({
      name: 'gatehouse_callback_delivery_duration_seconds',
      help: "Time of one callback attempt, from sending to the merchant's answer or the failure, by outcome",
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    this.callbacksDeadLettered = new Counter({
      name: 'gatehouse_callbacks_dead_lettered_total',
      help: 'Callbacks given up on after their last attempt, left for an operator to replay',
      registers,
    });
    this.callbacksReplayed = new Counter({
      name: 'gatehouse_callbacks_replayed_total',
      help: 'Callbacks an operator sent again from the console of this process',
      registers,
    });
    collectDefaultMetrics({ register: this.registry });
  }

  callbackAttempt(
    result: { sent: true } | { sent: false; reason: CallbackFailureReason },
    seconds: number,
  ): void {
    const outcome = result.sent ? 'sent' : 'failed';
    this.callbackAttempts.inc({ outcome, reason: result.sent ? '' : result.reason });
    this.callbackDuration.observe({ outcome }, seconds);
  }

  callbackDeadLettered(): void {
    this.callbacksDeadLettered.inc();
  }

  callbackReplayed(): void {
    this.callbacksReplayed.inc();
  }

  http(operation: string, method: string, status: number, errorCode: string, seconds: number): void {
    this.httpRequests.inc({ operation, method, status: String(status), error_code: errorCode });
    this.httpDuration.observe({ operation }, seconds);
  }

  payment(way: string, outcome: PaymentOutcome, currency: string, reason = ''): void {
    this.payments.inc({ way, outcome, reason, currency });
  }

  authentication(channel: 'browser' | 'app', flow: string, transStatus: string): void {
    this.authentications.inc({ channel, flow, trans_status: transStatus });
  }

  acquirerCall(kind: string, answer: string, seconds: number): void {
    this.acquirerCalls.inc({ kind, answer });
    this.acquirerDuration.observe({ kind }, seconds);
  }

  /**
   * The acquirer call times this process measured since it started, by kind: the gateway keeps no
   * other record of them (the console's overview shows these).
   */
  async acquirerLatency(): Promise<LatencyHistogram[]> {
    const kinds = new Map<string, { count: number; sumSeconds: number; buckets: Map<number, number> }>();
    const of = (kind: string) => {
      let found = kinds.get(kind);
      if (found === undefined) kinds.set(kind, (found = { count: 0, sumSeconds: 0, buckets: new Map() }));
      return found;
    };
    for (const value of (await this.acquirerDuration.get()).values) {
      const kind = String(value.labels.kind ?? '');
      const name = value.metricName ?? '';
      if (name.endsWith('_count')) of(kind).count = value.value;
      else if (name.endsWith('_sum')) of(kind).sumSeconds = value.value;
      else if (name.endsWith('_bucket')) {
        // prom-client adds the bound as a label of its own, outside the declared names.
        const le = (value.labels as Record<string, string | number | undefined>).le;
        of(kind).buckets.set(le === '+Inf' ? Infinity : Number(le), value.value);
      }
    }
    return [...kinds.entries()]
      .filter(([, histogram]) => histogram.count > 0)
      .map(([kind, histogram]) => ({
        kind,
        count: histogram.count,
        sumSeconds: histogram.sumSeconds,
        buckets: [...histogram.buckets.entries()]
          .sort(([a], [b]) => a - b)
          .map(([le, count]) => ({ le, count })),
      }));
  }

  moneyMoved(kind: string, currency: string, amountMinor: number): void {
    this.moved.inc({ kind, currency }, amountMinor);
  }

  groupCommit(units: number, seconds: number): void {
    this.batchSize.observe(units);
    this.commitDuration.observe(seconds);
  }

  /**
   * The queue depths as the queue watch last read them (queue-watch.ts): a scrape never waits on
   * the database. Before the first reading the depths are NaN, never a made-up 0. In a cluster
   * only one worker registers them (the one that runs the jobs): the primary sums the workers'.
   */
  queues(latest: () => QueueReading): void {
    const registers = [this.registry];
    const gauge = (name: string, help: string, pick: (queues: QueueDepths) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const { depths } = latest();
          this.set(depths === undefined ? NaN : pick(depths));
        },
      });
    gauge('gatehouse_callbacks_pending', 'Callbacks not delivered yet', (q) => q.callbacksPending);
    gauge(
      'gatehouse_callbacks_oldest_pending_age_seconds',
      'Age of the oldest callback not delivered yet',
      (q) => q.callbacksOldestPendingAgeS,
    );
    gauge('gatehouse_callbacks_dead', 'Callbacks given up on after every attempt', (q) => q.callbacksDead);
    gauge(
      'gatehouse_money_steps_pending',
      'Money steps still pending (in flight or to recover)',
      (q) => q.stepsPending,
    );
    gauge(
      'gatehouse_money_steps_needs_attention',
      'Money steps left for a person (gatehouse attention)',
      (q) => q.stepsNeedingAttention,
    );
    gauge(
      'gatehouse_holds_due',
      'Holds whose automatic capture or reversal time has come',
      (q) => q.holdsDue,
    );
    new Gauge({
      name: 'gatehouse_queue_depths_age_seconds',
      help: 'Seconds since the queue depths were read from the database (since the start, before the first read)',
      registers,
      collect() {
        this.set(latest().ageSeconds);
      },
    });
    new Gauge({
      name: 'gatehouse_database_up',
      help: 'Whether the database answered the last read of the queue depths in time (1) or not (0)',
      registers,
      collect() {
        this.set(latest().databaseUp ? 1 : 0);
      },
    });
  }

  /** Database pool waits (PostgreSQL): requests queued for a connection right now. */
  poolWaits(waiting: () => number): void {
    new Gauge({
      name: 'gatehouse_db_pool_waiting',
      help: 'Queries waiting for a database connection',
      registers: [this.registry],
      collect() {
        this.set(waiting());
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
