import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { CALLBACK_LEASE_MS, callbackRetryDelayMs } from '../src/jobs/callback-delivery-job.js';
import { STEP_BACKOFF_BASE_MS, STEP_LEASE_MARGIN_MS } from '../src/services/money-steps/step-policy.js';
import { openStore, SILENT_SERVER_MARGIN_MS } from '../src/store-engine/database.js';
import { createSigningKey } from '../test/support/certificates.js';
import { createMerchant, RECOVERY_SLACK_MS, trialServerEnv } from '../test/support/crash-trial.js';
import { TEST_LOG_DIR } from '../test/support/gatehouse-harness.js';
import { killGatehouseProcesses } from '../test/support/gatehouse-process.js';
import { seededRandom, sleep } from '../test/support/payment-load.js';
import { createTestDatabase } from '../test/support/test-database.js';
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
import { runLoad, type LoadState } from './chaos/load.js';
import { startChaosReceiver } from './chaos/receiver.js';
import { figuresByFault, summaryTable } from './chaos/report.js';
import { HaCluster, haUnavailable } from './ha/cluster.js';
import { HA_FAULT_KINDS, runHaFaults, type HaFaultWindow } from './ha/faults.js';
import { primaryLossTable, primaryLossByFault } from './ha/primary-loss.js';
import { WritableWatch } from './ha/writable-watch.js';
import { ROOT, walletTokenSource } from './world.js';

/**
 * npm run ha-trial -- [--failovers 3] [--switchovers 2] [--standby-losses 1] [--etcd-restarts 1] [--seed S]
 *
 * Issue 42: the chaos run's three nodes and mix of flows (bench/chaos/), on the local HA cluster
 * (bench/ha/: etcd, two PostgreSQL members under Patroni in synchronous mode, HAProxy), with the
 * primary's machine lost, planned switchovers, the standby lost and etcd restarted at seeded
 * moments. Then the chaos run's checks, the time without a writable primary per fault and the
 * requests answered with the system error in it. Prints the tables and `N passed, M failed`,
 * writes bench/results/ha-trial.json, exits 1 when a check fails.
 */
const USAGE =
  'usage: node dist/bench/ha-trial.js [--failovers N] [--switchovers N] [--standby-losses N] [--etcd-restarts N] [--connections N] [--seed S]';
const NODES = 3;
const ACQUIRER_TIMEOUT_MS = 1_500;
const RECOVERY_GRACE_MS = 1_000;
const JOB_INTERVAL_MS = 250;
const STATEMENT_TIMEOUT_MS = 10_000;
/** One acquirer call and one statement at their timeouts, pg's own bound past it, a loaded second. */
const HUNG_MS = ACQUIRER_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + SILENT_SERVER_MARGIN_MS + 1_000;
/** A system error this long after a writable primary is back still belongs to the gap: its request began in it. */
const GAP_AFTERMATH_MS = 1_500;
const STEP_DEADLINE_MS =
  ACQUIRER_TIMEOUT_MS +
  RECOVERY_GRACE_MS +
  STEP_LEASE_MARGIN_MS +
  3 * STEP_BACKOFF_BASE_MS +
  RECOVERY_SLACK_MS;
const CALLBACK_DEADLINE_MS =
  CALLBACK_LEASE_MS + callbackRetryDelayMs(1) + callbackRetryDelayMs(2) + RECOVERY_SLACK_MS;
const CALLBACK_KEY = 'ha-callback-key';

function wholeNumber(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} expects a whole number, got "${raw}"\n${USAGE}`);
  return Number(raw);
}

const { values } = parseArgs({
  options: {
    failovers: { type: 'string', default: '3' },
    switchovers: { type: 'string', default: '2' },
    'standby-losses': { type: 'string', default: '1' },
    'etcd-restarts': { type: 'string', default: '1' },
    connections: { type: 'string', default: '30' },
    seed: { type: 'string' },
  },
});
const plan = {
  failovers: wholeNumber('failovers', values.failovers),
  switchovers: wholeNumber('switchovers', values.switchovers),
  standbyLosses: wholeNumber('standby-losses', values['standby-losses']),
  etcdRestarts: wholeNumber('etcd-restarts', values['etcd-restarts']),
};
const connections = wholeNumber('connections', values.connections);
const seed = values.seed === undefined ? randomInt(2 ** 31) : wholeNumber('seed', values.seed);
const startedMs = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - startedMs) / 1000).toFixed(1).padStart(6)} s] ${line}`);

let ha: HaCluster | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killGatehouseProcesses();
    void ha?.stop().finally(() => process.exit(1));
  });
}

async function main(): Promise<boolean> {
  const unavailable = haUnavailable();
  if (unavailable !== undefined) throw new Error(`ha-trial: ${unavailable}`);
  ha = await HaCluster.start(log);
  process.env.GATEHOUSE_TEST_PG_URL = ha.url;
  const database = await createTestDatabase('postgres');
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const logFile = join(TEST_LOG_DIR, `ha-trial-${seed}-${randomBytes(3).toString('hex')}.log`);
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
    `ha-trial: seed ${seed}; ${plan.failovers} failovers, ${plan.switchovers} switchovers, ${plan.standbyLosses} standby losses, ` +
      `${plan.etcdRestarts} etcd restarts; ${NODES} nodes x 1 worker on HAProxy :${ha.layout.writePort}, ${connections} connections\n` +
      `  acquirer timeout ${ACQUIRER_TIMEOUT_MS} ms, recovery grace ${RECOVERY_GRACE_MS} ms, job interval ${JOB_INTERVAL_MS} ms, ` +
      `statement timeout ${STATEMENT_TIMEOUT_MS} ms; hung above ${HUNG_MS} ms; step deadline ${STEP_DEADLINE_MS} ms, ` +
      `callback deadline ${CALLBACK_DEADLINE_MS} ms after the last fault\n  server log ${logFile}`,
  );
  const receiver = await startChaosReceiver(CALLBACK_KEY);
  const store = openStore(loadConfig(env).database);
  let nodes: Cluster | undefined;
  try {
    const login = 'ha';
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
    const signing = createSigningKey(2048, 'ha');
    const certificate = join(database.dataDir, 'ha.crt');
    writeFileSync(certificate, signing.certificatePem);
    cli('merchant', 'cert', 'add', '--login', login, '--file', certificate);

    nodes = await Cluster.start(env, logFd, NODES);
    log(`nodes up: ${nodes.nodes.map((node) => node.process?.url).join(', ')}`);
    const tokens = await walletTokenSource(env, login, 0);
    const state: LoadState = { samples: [], orders: [], flows: {}, stop: false };
    const windows: HaFaultWindow[] = [];
    const watch = new WritableWatch(ha.url);
    const loading = runLoad(
      { cluster: nodes, auth, login, signingKey: signing.privateKey, walletToken: () => tokens.next() },
      state,
      connections,
      (index) => seededRandom(seed ^ Math.imul(index + 1, 0x9e3779b1)),
      randomBytes(3).toString('hex'),
    );
    let faultError: unknown;
    try {
      await runHaFaults(plan, seededRandom(seed), { cluster: ha, watch }, windows, log);
    } catch (error) {
      // The load is stopped and the checks still run: what the faults did so far is judged.
      faultError = error;
      log(`the fault schedule broke off: ${error instanceof Error ? error.message : String(error)}`);
    }
    state.stop = true;
    await loading;
    const gaps = await watch.stop();
    const faultsEndedMs = Date.now();
    log(`load stopped: ${state.samples.length} requests, ${state.orders.length} acknowledged orders`);

    let pending = await pendingSteps(store);
    let undelivered = await undeliveredCallbacks(store, receiver);
    let stepsSettledMs = pending.length === 0 ? 0 : undefined;
    while (Date.now() - faultsEndedMs <= Math.max(STEP_DEADLINE_MS, CALLBACK_DEADLINE_MS)) {
      if (pending.length === 0 && undelivered.length === 0) break;
      await sleep(1_000);
      pending = await pendingSteps(store);
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

    const figures = figuresByFault(state.samples, windows, HA_FAULT_KINDS);
    const losses = primaryLossByFault(windows, gaps, state.samples, GAP_AFTERMATH_MS);
    const money = await moneyCheck(store);
    const slow = state.samples.filter((sample) => sample.endMs - sample.startMs > HUNG_MS);
    const inGap = (startMs: number, endMs: number) =>
      gaps.some((gap) => startMs <= gap.endMs + GAP_AFTERMATH_MS && endMs >= gap.startMs);
    const checks: Check[] = [
      check(
        'the fault schedule ran to its end',
        faultError === undefined ? [] : [faultError instanceof Error ? faultError.message : 'broke off'],
      ),
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
      // A spent connection lent again would answer errors after the primary is back.
      check(
        '5xx or system errors while a writable primary answered',
        state.samples.flatMap((sample) =>
          sample.detail === undefined || inGap(sample.startMs, sample.endMs)
            ? []
            : [
                `${sample.path} +${sample.startMs - startedMs}..${sample.endMs - startedMs} ms, ${sample.detail}`,
              ],
        ),
      ),
      check('nodes that ended by themselves', nodes.crashes),
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
    console.log(`\n${primaryLossTable(losses)}`);
    console.log(`\n${summaryTable(figures, checks)}`);
    const passed = checks.filter((c) => c.passed).length;
    const seconds = (Date.now() - startedMs) / 1000;
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench/results/ha-trial.json'),
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
          },
          seconds,
          quiescedMs,
          stepsSettledMs,
          flows: state.flows,
          acknowledgedOrders: state.orders.length,
          callbacks: receiver.counts,
          faults: windows.map((w) => ({ ...w, startMs: w.startMs - startedMs, endMs: w.endMs - startedMs })),
          gaps: gaps.map((g) => ({ startMs: g.startMs - startedMs, endMs: g.endMs - startedMs })),
          primaryLoss: losses,
          byFault: figures,
          pendingAtTheEnd: pending.slice(0, 100),
          checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote bench/results/ha-trial.json; ${seconds.toFixed(0)} s in all`);
    console.log(`${passed} passed, ${checks.length - passed} failed`);
    return passed === checks.length;
  } finally {
    await nodes?.stop();
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
  await ha?.stop();
}
process.exit(ok ? 0 : 1);
