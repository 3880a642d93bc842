import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config/config.js';
import { ORDER_STATUS } from '../../src/domain/order-status.js';
import { openStore, type Store } from '../../src/store-engine/index.js';
import { cardDataIn } from './card-data.js';
import type { Engine } from './engines.js';
import { startGatehouseProcess, type GatehouseProcess } from './gatehouse-process.js';
import { TEST_LOG_DIR } from './gatehouse-harness.js';
import {
  loadConnection,
  seededRandom,
  send,
  sleep,
  type Auth,
  type LoadRequest,
  type LoadTally,
} from './payment-load.js';
import { createTestDatabase } from './test-database.js';

/**
 * The crash trial of issue 9, shared by test/integration/crash-safety.test.ts (a few cycles) and
 * `npm run crash-trial` (many): `gatehouse serve` as a process, registrations and instant payments
 * at several connections, SIGKILL at a seeded random moment, a restart, again; then every
 * acknowledged order must read back as acknowledged, and every authorization a kill cut off must
 * be finished by the payment recovery job within its deadline.
 */
export interface CrashTrialOptions {
  readonly engine: Engine;
  readonly seed: number;
  /** How many times the server is killed under load. */
  readonly cycles: number;
  /** Each kill lands after a seeded, uniformly drawn time of load in this range. */
  readonly loadMs: readonly [number, number];
  /** Concurrent client connections; the first sends only payments whose issuer never answers. */
  readonly connections: number;
  readonly acquirerTimeoutMs?: number;
  readonly recoveryGraceMs?: number;
  readonly jobIntervalMs?: number;
  /** GATEHOUSE_WORKERS; by default 1 on SQLite and 2 (a cluster) on PostgreSQL. */
  readonly workers?: number;
  /** Read back at most this many acknowledged orders through getOrderStatusExtended.do (all by default); the database check covers every order. */
  readonly apiReadBackMax?: number;
  readonly progress?: (line: string) => void;
}

export interface CrashTrialReport {
  readonly engine: Engine;
  readonly seed: number;
  readonly cycles: number;
  readonly killedAfterMs: readonly number[];
  readonly sent: number;
  /** HTTP 200 with an orderId and errorCode 0 (or none, as register.do answers). */
  readonly acknowledged: number;
  /** Answers that acknowledged nothing (a refusal); the sample shows the first. */
  readonly refused: number;
  readonly refusedSample: string | undefined;
  readonly serverErrors: number;
  /** Requests that got no answer because of a kill. */
  readonly unanswered: number;
  /** Requests that got no answer while the server was meant to be up: it died or hung by itself. */
  readonly failedWhileUp: number;
  /** Acknowledged orders that did not read back with their amount and status: must be empty. */
  readonly lost: readonly string[];
  /** Orders whose authorization was pending (in flight at the acquirer) when a kill landed. */
  readonly interrupted: number;
  /** Of those, the ones in a final state (1, 2 or 6) at the end. */
  readonly recovered: number;
  /** Operations still pending when the recovery deadline had passed: must be empty. */
  readonly pendingLeft: readonly string[];
  /** Orders whose amounts disagree with their status: must be empty. */
  readonly inconsistent: readonly string[];
  /** How long after the last restart nothing was pending any more, and the deadline for that. */
  readonly recoveryMs: number;
  readonly recoveryDeadlineMs: number;
  readonly readBackThroughApi: number;
  readonly cardDataInLog: readonly string[];
  readonly logFile: string;
  readonly seconds: number;
}

interface OrderState {
  readonly id: string;
  readonly order_number: string;
  readonly status: number;
  readonly amount_minor: number;
  readonly approved_minor: number;
  readonly deposited_minor: number;
  readonly refunded_minor: number;
}

const BIN = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const STATUS = '/payment/rest/getOrderStatusExtended.do';
/** Beyond timeout + grace + one interval: a loaded 2-core machine starts and schedules slowly. */
export const RECOVERY_SLACK_MS = 5_000;
const FINAL_STATES: readonly number[] = [
  ORDER_STATUS.approved,
  ORDER_STATUS.deposited,
  ORDER_STATUS.declined,
];

/**
 * A merchant made the way an operator makes one: the CLI, against the trial's database, with limits
 * no load reaches. `settings` are more `merchant create` options (the chaos run's permissions, callback).
 */
export async function createMerchant(
  env: Readonly<Record<string, string>>,
  login = 'crash',
  settings: readonly string[] = ['--permission', 'sslOnly'],
): Promise<Auth> {
  const password = `${login}-${randomBytes(6).toString('hex')}`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      BIN,
      'merchant',
      'create',
      '--login',
      login,
      '--password',
      password,
      '--rate-limit',
      '100000',
      '--concurrency-limit',
      '10000',
      // After the defaults: a setting given twice takes its last value.
      ...settings,
      '--json',
    ],
    { env: { ...process.env, ...env } },
  );
  const created = JSON.parse(stdout) as { userName: string };
  return { userName: created.userName, password };
}

/** The environment of a trial's servers: its own database and master key, short deadlines. */
export function trialServerEnv(
  database: { readonly url: string; readonly dataDir: string },
  timing: {
    readonly workers: number;
    readonly acquirerTimeoutMs: number;
    readonly recoveryGraceMs: number;
    readonly jobIntervalMs: number;
  },
): Record<string, string> {
  return {
    GATEHOUSE_DB: database.url,
    GATEHOUSE_DATA_DIR: database.dataDir,
    GATEHOUSE_MASTER_KEY: randomBytes(32).toString('base64'),
    GATEHOUSE_SANDBOX_MERCHANT: 'false',
    GATEHOUSE_LOG_LEVEL: 'info',
    GATEHOUSE_WORKERS: String(timing.workers),
    GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(timing.acquirerTimeoutMs),
    GATEHOUSE_RECOVERY_GRACE_MS: String(timing.recoveryGraceMs),
    GATEHOUSE_JOB_INTERVAL_MS: String(timing.jobIntervalMs),
  };
}

export async function pendingOperations(store: Store): Promise<{ id: string; order_id: string }[]> {
  return store.db
    .selectFrom('order_operations')
    .select(['id', 'order_id'])
    .where('state', '=', 'pending')
    .execute();
}

/** What the order's amounts must be in its status, for a one-phase payment never refunded. */
function amountProblem(order: OrderState): string | undefined {
  const { status, amount_minor: amount, approved_minor: approved, deposited_minor: deposited } = order;
  const expected: Record<number, readonly [number, number]> = {
    [ORDER_STATUS.registered]: [0, 0],
    [ORDER_STATUS.approved]: [amount, 0],
    [ORDER_STATUS.deposited]: [amount, amount],
    [ORDER_STATUS.declined]: [0, 0],
  };
  const want = expected[status];
  if (want === undefined) return `unexpected status ${status}`;
  if (approved !== want[0] || deposited !== want[1] || order.refunded_minor !== 0) {
    return `status ${status} with amount ${amount}, approved ${approved}, deposited ${deposited}, refunded ${order.refunded_minor}`;
  }
  return undefined;
}

/** Why an acknowledged order does not read back as acknowledged, if it does not. */
function lostReason(request: LoadRequest, order: OrderState | undefined): string | undefined {
  if (order === undefined) return 'not in the database';
  if (order.amount_minor !== request.amount)
    return `amount ${order.amount_minor}, acknowledged ${request.amount}`;
  if (order.order_number !== request.orderNumber) return `order number ${order.order_number}`;
  if (request.kind === 'register') {
    return order.status === ORDER_STATUS.registered ? undefined : `status ${order.status} after registration`;
  }
  if (request.ackStatus !== undefined && FINAL_STATES.includes(request.ackStatus)) {
    return order.status === request.ackStatus
      ? undefined
      : `status ${order.status}, acknowledged ${request.ackStatus}`;
  }
  // Acknowledged before its outcome was known (an authorization left to the recovery job).
  return FINAL_STATES.includes(order.status) ? undefined : `status ${order.status}, never finished`;
}

/** The same, as getOrderStatusExtended.do answers it. */
function apiLostReason(
  request: LoadRequest,
  order: OrderState,
  body: Record<string, unknown>,
): string | undefined {
  if (body.errorCode !== undefined && body.errorCode !== '0')
    return `getOrderStatusExtended errorCode ${JSON.stringify(body.errorCode)}`;
  if (body.amount !== request.amount) return `getOrderStatusExtended amount ${JSON.stringify(body.amount)}`;
  if (body.orderStatus !== order.status)
    return `getOrderStatusExtended orderStatus ${JSON.stringify(body.orderStatus)}, stored ${order.status}`;
  const amounts = body.paymentAmountInfo as Record<string, unknown> | undefined;
  if (amounts?.approvedAmount !== order.approved_minor || amounts.depositedAmount !== order.deposited_minor) {
    return `getOrderStatusExtended paymentAmountInfo ${JSON.stringify(amounts)}`;
  }
  return undefined;
}

/** Every order of the trial's database, as stored. */
function storedOrders(store: Store): Promise<OrderState[]> {
  return store.db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'amount_minor',
      'approved_minor',
      'deposited_minor',
      'refunded_minor',
    ])
    .execute();
}

/**
 * The database side of the verdict: acknowledged orders that do not read back as acknowledged,
 * orders whose amounts disagree with their status, and how many interrupted orders ended final.
 */
function checkOrders(
  orders: readonly OrderState[],
  requests: readonly LoadRequest[],
  interrupted: ReadonlySet<string>,
): {
  lost: string[];
  readBack: { request: LoadRequest; order: OrderState }[];
  inconsistent: string[];
  recovered: number;
} {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const lost: string[] = [];
  const readBack: { request: LoadRequest; order: OrderState }[] = [];
  for (const request of requests) {
    if (request.orderId === undefined) continue;
    const order = byId.get(request.orderId);
    const reason = lostReason(request, order);
    if (reason !== undefined) lost.push(`${request.orderNumber} (${request.kind}): ${reason}`);
    else if (order !== undefined) readBack.push({ request, order });
  }
  const inconsistent = orders.flatMap((order) => {
    const problem = amountProblem(order);
    return problem === undefined ? [] : [`${order.order_number}: ${problem}`];
  });
  const recovered = [...interrupted].filter((id) => FINAL_STATES.includes(byId.get(id)?.status ?? -1)).length;
  return { lost, readBack, inconsistent, recovered };
}

/** Reads orders through the API, `parallel` at a time. */
async function readBackThroughApi(
  url: string,
  auth: Auth,
  checks: readonly { request: LoadRequest; order: OrderState }[],
  parallel: number,
  lost: string[],
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const { request, order } = checks[next++]!;
      const outcome = await send(url, STATUS, { ...auth, orderId: order.id });
      const reason = !outcome.answered
        ? 'getOrderStatusExtended gave no answer'
        : outcome.body === undefined
          ? `getOrderStatusExtended answered ${outcome.status} ${outcome.text.slice(0, 100)}`
          : apiLostReason(request, order, outcome.body);
      if (reason !== undefined) lost.push(`${request.orderNumber} (${request.kind}): ${reason}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export async function runCrashTrial(options: CrashTrialOptions): Promise<CrashTrialReport> {
  const startedMs = Date.now();
  const acquirerTimeoutMs = options.acquirerTimeoutMs ?? 1500;
  const recoveryGraceMs = options.recoveryGraceMs ?? 1000;
  const jobIntervalMs = options.jobIntervalMs ?? 250;
  const progress = options.progress ?? (() => undefined);
  const random = seededRandom(options.seed);
  const database = await createTestDatabase(options.engine);
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const logFile = join(TEST_LOG_DIR, `crash-${options.engine}-${randomBytes(4).toString('hex')}.log`);
  const logFd = openSync(logFile, 'a');
  const env = trialServerEnv(database, {
    workers: options.workers ?? (options.engine === 'postgres' ? 2 : 1),
    acquirerTimeoutMs,
    recoveryGraceMs,
    jobIntervalMs,
  });
  let server: GatehouseProcess | undefined;
  let store: Store | undefined;
  try {
    const auth = await createMerchant(env);
    store = openStore(loadConfig(env).database);
    const requests: LoadRequest[] = [];
    const tally: LoadTally = {
      sent: 0,
      refused: 0,
      refusedSample: undefined,
      serverErrors: 0,
      unanswered: 0,
      failedWhileUp: 0,
    };
    const interrupted = new Set<string>();
    const killedAfterMs: number[] = [];
    const runTag = randomBytes(3).toString('hex');

    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      server = await startGatehouseProcess(env, logFd);
      const { url } = server;
      const killAfter = Math.round(options.loadMs[0] + random() * (options.loadMs[1] - options.loadMs[0]));
      killedAfterMs.push(killAfter);
      const killing = { now: false };
      const before = {
        sent: tally.sent,
        acknowledged: requests.filter((r) => r.orderId !== undefined).length,
      };
      // Every process verifies the password once (scrypt, then cached): do it before the timer runs,
      // at as many connections as the load so each cluster worker gets its share.
      await Promise.all(
        Array.from({ length: options.connections }, () =>
          send(url, STATUS, { ...auth, orderNumber: 'warm-up' }),
        ),
      );
      const connections = Array.from({ length: options.connections }, (_, index) =>
        loadConnection(
          url,
          auth,
          `${runTag}-${cycle}`,
          index,
          seededRandom(options.seed ^ Math.imul(cycle * 64 + index + 1, 0x9e3779b1)),
          requests,
          tally,
          killing,
        ),
      );
      await sleep(killAfter);
      killing.now = true;
      await server.kill();
      server = undefined;
      await Promise.all(connections);
      const pending = await pendingOperations(store);
      const interruptedBefore = interrupted.size;
      for (const operation of pending) interrupted.add(operation.order_id);
      const acknowledged = requests.filter((r) => r.orderId !== undefined).length - before.acknowledged;
      progress(
        `${options.engine} cycle ${cycle}/${options.cycles}: killed after ${killAfter} ms of load; ` +
          `sent ${tally.sent - before.sent}, acknowledged ${acknowledged}, ` +
          `cut off at the acquirer ${interrupted.size - interruptedBefore} (pending in all ${pending.length})`,
      );
    }

    // The last restart: no load, only the recovery job finishing what the last kill cut off.
    server = await startGatehouseProcess(env, logFd);
    const restartedMs = Date.now();
    const recoveryDeadlineMs = acquirerTimeoutMs + recoveryGraceMs + jobIntervalMs + RECOVERY_SLACK_MS;
    let pending = await pendingOperations(store);
    while (pending.length > 0 && Date.now() - restartedMs <= recoveryDeadlineMs) {
      await sleep(50);
      pending = await pendingOperations(store);
    }
    const recoveryMs = Date.now() - restartedMs;

    const stored = await storedOrders(store);
    const { lost, readBack, inconsistent, recovered } = checkOrders(stored, requests, interrupted);
    // Through the API too: an even sample across the cycles when capped.
    const step = Math.max(1, Math.ceil(readBack.length / (options.apiReadBackMax ?? readBack.length)));
    const apiChecks = readBack.filter((_, index) => index % step === 0);
    await readBackThroughApi(server.url, auth, apiChecks, options.connections, lost);
    await server.kill();
    server = undefined;
    return {
      engine: options.engine,
      seed: options.seed,
      cycles: options.cycles,
      killedAfterMs,
      sent: tally.sent,
      acknowledged: requests.filter((r) => r.orderId !== undefined).length,
      refused: tally.refused,
      refusedSample: tally.refusedSample,
      serverErrors: tally.serverErrors,
      unanswered: tally.unanswered,
      failedWhileUp: tally.failedWhileUp,
      lost,
      interrupted: interrupted.size,
      recovered,
      pendingLeft: pending.map((operation) => `operation ${operation.id} of order ${operation.order_id}`),
      inconsistent,
      recoveryMs,
      recoveryDeadlineMs,
      readBackThroughApi: apiChecks.length,
      cardDataInLog: cardDataIn(readFileSync(logFile, 'utf8')),
      logFile,
      seconds: (Date.now() - startedMs) / 1000,
    };
  } finally {
    await server?.kill();
    await store?.close();
    closeSync(logFd);
    await database.drop();
  }
}

/** What went wrong in a trial, one line each: empty when it passed. */
export function crashTrialFailures(report: CrashTrialReport): string[] {
  const failures = [
    ...report.lost.map((line) => `acknowledged order lost: ${line}`),
    ...report.pendingLeft.map((line) => `still pending after the recovery deadline: ${line}`),
    ...report.inconsistent.map((line) => `amounts disagree with the status: ${line}`),
    ...report.cardDataInLog.map((found) => `card data in the server log: ${found}`),
  ];
  if (report.acknowledged === 0) failures.push('the load acknowledged no order');
  if (report.interrupted === 0) failures.push('no payment was in flight at the acquirer at any kill');
  if (report.recovered !== report.interrupted) {
    failures.push(`${report.interrupted - report.recovered} interrupted payments not in a final state`);
  }
  if (report.recoveryMs > report.recoveryDeadlineMs) {
    failures.push(`recovery took ${report.recoveryMs} ms, deadline ${report.recoveryDeadlineMs} ms`);
  }
  if (report.serverErrors > 0) failures.push(`${report.serverErrors} answers with a 5xx status`);
  if (report.failedWhileUp > 0)
    failures.push(`${report.failedWhileUp} requests failed while the server was up`);
  return failures;
}

/** One line per figure, for the test's diagnostics and the script's summary. */
export function describeCrashTrial(report: CrashTrialReport): string {
  return [
    `${report.engine}: seed ${report.seed}, ${report.cycles} kills (after ${report.killedAfterMs.join(', ')} ms of load), ${report.seconds.toFixed(1)} s`,
    `  requests sent ${report.sent}, acknowledged ${report.acknowledged}, unanswered at a kill ${report.unanswered}, refused ${report.refused}, 5xx ${report.serverErrors}, failed while up ${report.failedWhileUp}`,
    `  acknowledged orders lost ${report.lost.length} (read back through the API: ${report.readBackThroughApi})`,
    `  interrupted payments ${report.interrupted}, recovered ${report.recovered}, still pending ${report.pendingLeft.length}; nothing pending ${report.recoveryMs} ms after the last restart (deadline ${report.recoveryDeadlineMs} ms)`,
    `  orders with inconsistent amounts ${report.inconsistent.length}; card data in the server log ${report.cardDataInLog.length}`,
    ...(report.refusedSample === undefined ? [] : [`  first refusal: ${report.refusedSample}`]),
    ...report.lost.slice(0, 10).map((line) => `  lost: ${line}`),
    ...report.inconsistent.slice(0, 10).map((line) => `  inconsistent: ${line}`),
    ...report.pendingLeft.slice(0, 10).map((line) => `  pending: ${line}`),
  ].join('\n');
}
