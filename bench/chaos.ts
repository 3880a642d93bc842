import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { CALLBACK_LEASE_MS, callbackRetryDelayMs } from '../src/jobs/callback-delivery-job.js';
import { STEP_BACKOFF_BASE_MS, STEP_LEASE_MARGIN_MS } from '../src/services/money-steps/step-policy.js';
import { openStore } from '../src/store-engine/index.js';
import { createSigningKey } from '../test/support/certificates.js';
import { createMerchant, RECOVERY_SLACK_MS, trialServerEnv } from '../test/support/crash-trial.js';
import { TEST_LOG_DIR } from '../test/support/gatehouse-harness.js';
import { killGatehouseProcesses } from '../test/support/gatehouse-process.js';
import { seededRandom, sleep } from '../test/support/payment-load.js';
import { createTestDatabase } from '../test/support/test-database.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/support/throwaway-postgres.js';
import {
  acknowledgedChecks,
  callbackCount,
  check,
  moneyCheck,
  pendingSteps,
  undeliveredCallbacks,
  type Check,
} from './chaos/checks.js';
import { Cluster } from './chaos/cluster.js';
import { faultOf, runFaults, type FaultWindow } from './chaos/faults.js';
import { runLoad, type LoadState } from './chaos/load.js';
import { startChaosReceiver } from './chaos/receiver.js';
import { figuresByFault, summaryTable } from './chaos/report.js';
import { ROOT, walletTokenSource } from './world.js';

/**
 * npm run chaos -- [--kills 20] [--pg-restarts 3] [--outages 3] [--callback-outages 3] [--seed S]
 *
 * Issue 28: three Gatehouse nodes (one worker each) on one throwaway PostgreSQL under a mixed load
 * at 50 connections, with kill -9 of nodes, immediate PostgreSQL restarts, 10 s database outages
 * and a callback receiver answering 500 at seeded moments; then, once recovery quiesces, every
 * acknowledged answer is read back from the database and the money, step and callback invariants
 * are checked. Prints one table and `N passed, M failed`, writes bench/results/chaos.json, exits 1
 * when a check fails.
 */
const USAGE =
  'usage: node dist/bench/chaos.js [--kills N] [--pg-restarts N] [--outages N] [--callback-outages N] [--connections N] [--seed S]';
const NODES = 3;
const ACQUIRER_TIMEOUT_MS = 1_500;
const RECOVERY_GRACE_MS = 1_000;
const JOB_INTERVAL_MS = 250;
const STATEMENT_TIMEOUT_MS = 10_000;
/**
 * No request may take longer than the work it may wait for: one acquirer call and one statement
 * at their timeouts, and a second of a loaded machine.
 */
const HUNG_MS = ACQUIRER_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 1_000;
/**
 * Steps: an interrupted one is taken over after the acquirer's deadline and the grace, a try a
 * fault broke is tried again after 30 s, then 60 s. Callbacks: a node killed mid-send holds its
 * claim for the lease, a 500 is retried after 30 s, a second one after 60 s.
 */
const STEP_DEADLINE_MS =
  ACQUIRER_TIMEOUT_MS +
  RECOVERY_GRACE_MS +
  STEP_LEASE_MARGIN_MS +
  3 * STEP_BACKOFF_BASE_MS +
  RECOVERY_SLACK_MS;
const CALLBACK_DEADLINE_MS =
  CALLBACK_LEASE_MS + callbackRetryDelayMs(1) + callbackRetryDelayMs(2) + RECOVERY_SLACK_MS;
const CALLBACK_KEY = 'chaos-callback-key';

function wholeNumber(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} expects a whole number, got "${raw}"\n${USAGE}`);
  return Number(raw);
}

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    'pg-restarts': { type: 'string', default: '3' },
    outages: { type: 'string', default: '3' },
    'callback-outages': { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string' },
  },
});
const plan = {
  kills: wholeNumber('kills', values.kills),
  pgRestarts: wholeNumber('pg-restarts', values['pg-restarts']),
  outages: wholeNumber('outages', values.outages),
  callbackOutages: wholeNumber('callback-outages', values['callback-outages']),
};
const connections = wholeNumber('connections', values.connections);
const seed = values.seed === undefined ? randomInt(2 ** 31) : wholeNumber('seed', values.seed);
const startedMs = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - startedMs) / 1000).toFixed(1).padStart(6)} s] ${line}`);

let postgres: ThrowawayPostgres | undefined;
let cluster: Cluster | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killGatehouseProcesses();
    postgres?.stop();
    process.exit(1);
  });
}

async function main(): Promise<boolean> {
  postgres = await startThrowawayPostgres();
  if (postgres === undefined) throw new Error('chaos: PostgreSQL (pg_ctl, initdb) is not installed');
  process.env.GATEHOUSE_TEST_PG_URL = postgres.url;
  const database = await createTestDatabase('postgres');
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const logFile = join(TEST_LOG_DIR, `chaos-${seed}-${randomBytes(3).toString('hex')}.log`);
  const logFd = openSync(logFile, 'a');
  const env: Record<string, string> = {
    ...trialServerEnv(database, {
      workers: 1,
      acquirerTimeoutMs: ACQUIRER_TIMEOUT_MS,
      recoveryGraceMs: RECOVERY_GRACE_MS,
      jobIntervalMs: JOB_INTERVAL_MS,
    }),
    GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  };
  console.log(
    `chaos: seed ${seed}; ${plan.kills} node kills, ${plan.pgRestarts} PostgreSQL restarts, ${plan.outages} outages of 10 s, ` +
      `${plan.callbackOutages} callback outages; ${NODES} nodes x 1 worker, ${connections} connections\n` +
      `  acquirer timeout ${ACQUIRER_TIMEOUT_MS} ms, recovery grace ${RECOVERY_GRACE_MS} ms, job interval ${JOB_INTERVAL_MS} ms, ` +
      `statement timeout ${STATEMENT_TIMEOUT_MS} ms; hung above ${HUNG_MS} ms; step deadline ${STEP_DEADLINE_MS} ms, ` +
      `callback deadline ${CALLBACK_DEADLINE_MS} ms after the last fault\n  server log ${logFile}`,
  );
  const receiver = await startChaosReceiver(CALLBACK_KEY);
  const store = openStore(loadConfig(env).database);
  try {
    const login = 'chaos';
    const auth = await createMerchant(env, login, [
      ...['preAuth', 'p2p', 'storedCredentials'].flatMap((permission) => ['--permission', permission]),
      '--callback-url',
      receiver.url,
      '--callback-key',
      CALLBACK_KEY,
    ]);
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [join(ROOT, 'bin/gatehouse.js'), ...args], {
        env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' },
        stdio: 'ignore',
      });
    cli('merchant', 'set', '--login', login, '--p2p-status-response', 'true');
    cli('wallet', 'key', 'create', '--login', login, '--wallet', 'a');
    const signing = createSigningKey(2048, 'chaos');
    const certificate = join(database.dataDir, 'chaos.crt');
    writeFileSync(certificate, signing.certificatePem);
    cli('merchant', 'cert', 'add', '--login', login, '--file', certificate);

    cluster = await Cluster.start(env, logFd, NODES);
    log(`nodes up: ${cluster.nodes.map((node) => node.process?.url).join(', ')}`);
    const tokens = await walletTokenSource(env, login, 0);
    const state: LoadState = { samples: [], orders: [], flows: {}, stop: false };
    const windows: FaultWindow[] = [];
    const loading = runLoad(
      { cluster, auth, login, signingKey: signing.privateKey, walletToken: () => tokens.next() },
      state,
      connections,
      (index) => seededRandom(seed ^ Math.imul(index + 1, 0x9e3779b1)),
      randomBytes(3).toString('hex'),
    );
    await runFaults(plan, seededRandom(seed), { cluster, postgres, receiver }, windows, log);
    state.stop = true;
    await loading;
    const faultsEndedMs = Date.now();
    log(`load stopped: ${state.samples.length} requests, ${state.orders.length} acknowledged orders`);

    // Quiescence: nothing pending, every callback delivered, or the documented deadline passed.
    let pending = await pendingSteps(store);
    let undelivered = await undeliveredCallbacks(store, receiver);
    let stepsSettledMs = pending.length === 0 ? 0 : undefined;
    while (Date.now() - faultsEndedMs <= Math.max(STEP_DEADLINE_MS, CALLBACK_DEADLINE_MS)) {
      if (pending.length === 0 && undelivered.length === 0) break;
      await sleep(1_000);
      pending = await pendingSteps(store);
      // A timeline of the drain: how fast recovery finishes what the faults left.
      if (Math.floor((Date.now() - faultsEndedMs) / 1_000) % 10 === 0)
        log(
          `pending steps ${pending.length}, callbacks not yet delivered and verified ${undelivered.length}`,
        );
      if (pending.length === 0) stepsSettledMs ??= Date.now() - faultsEndedMs;
      undelivered = await undeliveredCallbacks(store, receiver);
    }
    const quiescedMs = Date.now() - faultsEndedMs;
    if (stepsSettledMs === undefined || stepsSettledMs > STEP_DEADLINE_MS)
      pending = await pendingSteps(store);
    log(`quiesced after ${quiescedMs} ms (steps settled after ${stepsSettledMs ?? 'never'} ms)`);

    const figures = figuresByFault(state.samples, windows);
    const money = await moneyCheck(store);
    const slow = state.samples.filter((sample) => sample.endMs - sample.startMs > HUNG_MS);
    const outsideDatabaseFaults = figures.filter((f) => f.kind !== 'pg restart' && f.kind !== 'pg outage');
    const checks: Check[] = [
      await acknowledgedChecks(store, state.orders),
      money.check,
      check(
        `steps pending past the deadline (${STEP_DEADLINE_MS} ms)`,
        stepsSettledMs !== undefined && stepsSettledMs <= STEP_DEADLINE_MS ? [] : pending,
      ),
      money.attention,
      check(
        `callbacks undelivered or unverified (deadline ${CALLBACK_DEADLINE_MS} ms)`,
        [...undelivered, ...receiver.badChecksums.map((params) => `bad checksum: ${params}`)],
        `${undelivered.length} of ${await callbackCount(store)}, bad checksums ${receiver.badChecksums.length}`,
      ),
      check(
        `requests longer than ${HUNG_MS} ms`,
        slow.map(
          (sample) =>
            `${sample.path} ${sample.endMs - sample.startMs} ms from +${sample.startMs - startedMs} ms`,
        ),
      ),
      check(
        '5xx or system errors without a database fault',
        state.samples.flatMap((sample) => {
          if (sample.detail === undefined) return [];
          const fault = faultOf(sample.startMs, sample.endMs, windows);
          if (fault === 'pg restart' || fault === 'pg outage') return [];
          return [
            `${fault}: ${sample.path} +${sample.startMs - startedMs}..${sample.endMs - startedMs} ms, ${sample.detail}`,
          ];
        }),
        outsideDatabaseFaults.map((f) => `${f.kind} ${f.http5xx + f.systemErrors}`).join(', '),
      ),
      check('nodes that ended by themselves', cluster.crashes),
      check(
        'no answer from a node that was up',
        figures.flatMap((f) => (f.noAnswerWhileUp === 0 ? [] : [`${f.kind}: ${f.noAnswerWhileUp}`])),
      ),
    ];
    console.log(
      `\nflows (started/completed): ${Object.entries(state.flows)
        .map(([name, t]) => `${name} ${t.started}/${t.completed}`)
        .join(', ')}`,
    );
    console.log(`callbacks: ${receiver.counts.arrived} arrived, ${receiver.counts.refused} answered 500`);
    console.log(`\n${summaryTable(figures, checks)}`);
    const passed = checks.filter((c) => c.passed).length;
    const seconds = (Date.now() - startedMs) / 1000;
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench/results/chaos.json'),
      `${JSON.stringify(
        {
          seed,
          plan,
          connections,
          nodes: NODES,
          settings: {
            ACQUIRER_TIMEOUT_MS,
            RECOVERY_GRACE_MS,
            JOB_INTERVAL_MS,
            STATEMENT_TIMEOUT_MS,
            HUNG_MS,
            STEP_DEADLINE_MS,
            CALLBACK_DEADLINE_MS,
          },
          seconds,
          quiescedMs,
          stepsSettledMs,
          flows: state.flows,
          pendingAtTheEnd: pending.slice(0, 100),
          acknowledgedOrders: state.orders.length,
          callbacks: receiver.counts,
          serverErrors: state.samples
            .filter((sample) => sample.detail !== undefined)
            .slice(0, 200)
            .map((sample) => ({
              ...sample,
              startMs: sample.startMs - startedMs,
              endMs: sample.endMs - startedMs,
              fault: faultOf(sample.startMs, sample.endMs, windows),
            })),
          faults: windows.map((w) => ({ ...w, startMs: w.startMs - startedMs, endMs: w.endMs - startedMs })),
          byFault: figures,
          checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote bench/results/chaos.json; ${seconds.toFixed(0)} s in all`);
    console.log(`${passed} passed, ${checks.length - passed} failed`);
    return passed === checks.length;
  } finally {
    await cluster?.stop();
    await receiver.close();
    await store.close();
    closeSync(logFd);
    await database.drop().catch(() => undefined);
  }
}

let ok = false;
try {
  ok = await main();
} finally {
  killGatehouseProcesses();
  postgres?.stop();
}
process.exit(ok ? 0 : 1);
