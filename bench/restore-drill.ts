import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { STEP_BACKOFF_BASE_MS, STEP_LEASE_MARGIN_MS } from '../src/services/money-steps/step-policy.js';
import { RECOVERY_SLACK_MS, trialServerEnv } from '../test/support/crash-trial.js';
import { TEST_LOG_DIR } from '../test/support/gatehouse-harness.js';
import { killGatehouseProcesses } from '../test/support/gatehouse-process.js';
import { sleep } from '../test/support/payment-load.js';
import { findPgBin } from '../test/support/throwaway-postgres.js';
import type { Check } from './chaos/checks.js';
import { Cluster } from './chaos/cluster.js';
import { startChaosReceiver } from './chaos/receiver.js';
import {
  archiveEverything,
  baseBackup,
  drillFolders,
  restoreToPointInTime,
  startArchivingPrimary,
  type PostgresServer,
} from './restore-drill/archived-postgres.js';
import { prepareDrillMerchant, snapshotOf, startDrillLoad } from './restore-drill/drill-load.js';
import { verifyRestore } from './restore-drill/verify-restore.js';
import { ROOT } from './world.js';

/**
 * npm run restore-drill -- [--sqlite] [--postgres] [--connections N] [--seed S]
 *
 * Issue 42, point 5: a backup taken under load is restored and Gatehouse is started on it; every
 * order acknowledged before the restore's moment must read back, and the money invariant must hold
 * against the sandbox acquirer's ledger (bench/chaos/checks.ts). PostgreSQL: WAL archived to a
 * folder, a base backup by pg_basebackup under load, more load, a moment chosen, more load, then a
 * fresh server restored from the base backup and the archive to that moment (recovery_target_time).
 * SQLite: `gatehouse backup --to FILE` under load, the copy put in place of a lost database. Both
 * engines unless one is named. Prints a table per engine, writes bench/results/restore-drill.json,
 * exits 1 when a check fails.
 */
const USAGE = 'usage: node dist/bench/restore-drill.js [--sqlite] [--postgres] [--connections N] [--seed S]';
const NODES = 2;
const WARM_UP_MS = 3_000;
const AFTER_BACKUP_MS = 4_000;
const AFTER_TARGET_MS = 2_000;
const ACQUIRER_TIMEOUT_MS = 1_500;
const RECOVERY_GRACE_MS = 1_000;
const JOB_INTERVAL_MS = 250;
/** As the chaos run's: the acquirer's deadline, the grace, a lease and three backoffs of a broken try. */
const STEP_DEADLINE_MS =
  ACQUIRER_TIMEOUT_MS +
  RECOVERY_GRACE_MS +
  STEP_LEASE_MARGIN_MS +
  3 * STEP_BACKOFF_BASE_MS +
  RECOVERY_SLACK_MS;
const CALLBACK_KEY = 'drill-callback-key';

type Engine = 'sqlite' | 'postgres';

interface DrillResult {
  readonly engine: Engine;
  readonly seconds: number;
  readonly backupMs: number;
  readonly restoreMs: number;
  readonly settledMs: number | undefined;
  readonly acknowledgedInAll: number;
  readonly ordersChecked: number;
  readonly requests: number;
  readonly checks: readonly Check[];
}

/** One engine's drill as the table shows it, from its load and the restored copy's verdict. */
function drillResult(
  engine: Engine,
  startedMs: number,
  backupMs: number,
  restoreMs: number,
  load: ReturnType<typeof startDrillLoad>,
  verdict: Awaited<ReturnType<typeof verifyRestore>>,
): DrillResult {
  return {
    engine,
    seconds: (Date.now() - startedMs) / 1000,
    backupMs,
    restoreMs,
    settledMs: verdict.settledMs,
    acknowledgedInAll: load.state.orders.length,
    ordersChecked: verdict.ordersChecked,
    requests: load.state.samples.length,
    checks: verdict.checks,
  };
}

const { values } = parseArgs({
  options: {
    sqlite: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    connections: { type: 'string', default: '20' },
    seed: { type: 'string' },
  },
});
const wholeNumber = (name: string, raw: string): number => {
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} expects a whole number, got "${raw}"\n${USAGE}`);
  return Number(raw);
};
const engines: Engine[] =
  values.sqlite === values.postgres ? ['sqlite', 'postgres'] : values.sqlite ? ['sqlite'] : ['postgres'];
const connections = wholeNumber('connections', values.connections);
const seed = values.seed === undefined ? randomInt(2 ** 31) : wholeNumber('seed', values.seed);
const startedMs = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - startedMs) / 1000).toFixed(1).padStart(6)} s] ${line}`);

/** Servers still running, stopped on the way out whatever happens. */
const running = new Set<PostgresServer>();
const stopServer = (server: PostgresServer) => {
  if (!running.delete(server)) return;
  try {
    server.stop();
  } catch (error) {
    console.error(`could not stop PostgreSQL at ${server.dataDir}: ${String(error)}`);
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killGatehouseProcesses();
    for (const server of running) stopServer(server);
    process.exit(1);
  });
}

const timing = {
  acquirerTimeoutMs: ACQUIRER_TIMEOUT_MS,
  recoveryGraceMs: RECOVERY_GRACE_MS,
  jobIntervalMs: JOB_INTERVAL_MS,
};

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

async function drillPostgres(dir: string, logFd: number): Promise<DrillResult> {
  const onPath = findPgBin();
  if (onPath === undefined) throw new Error('restore drill: PostgreSQL (pg_ctl, initdb) is not installed');
  // pg_ctl may be a link on the PATH without pg_basebackup beside it: use the folder it points to.
  const bin = dirname(realpathSync(join(onPath, 'pg_ctl')));
  const engineStartedMs = Date.now();
  const { archiveDir, baseDir } = drillFolders(dir);
  const primary = await startArchivingPrimary(bin, dir, archiveDir);
  running.add(primary);
  log(`postgres: primary archiving to ${archiveDir}`);
  const dataDir = join(dir, 'gatehouse-data');
  mkdirSync(dataDir);
  const env = trialServerEnv(
    { url: await createDatabase(primary.url, 'drill'), dataDir },
    { workers: 1, ...timing },
  );
  const receiver = await startChaosReceiver(CALLBACK_KEY);
  let cluster: Cluster | undefined;
  try {
    const merchant = await prepareDrillMerchant(env, dataDir, { url: receiver.url, key: CALLBACK_KEY });
    cluster = await Cluster.start(env, logFd, NODES);
    const load = startDrillLoad(cluster, merchant, connections, seed);
    await sleep(WARM_UP_MS);
    log(`postgres: base backup under load (${load.state.orders.length} orders acknowledged so far)`);
    const backupStartedMs = Date.now();
    await baseBackup(bin, primary, baseDir);
    const backupMs = Date.now() - backupStartedMs;
    log(`postgres: base backup taken in ${backupMs} ms; the load and the archiving go on`);
    await sleep(AFTER_BACKUP_MS);
    const target = new Date();
    const acknowledged = snapshotOf(load.state.orders);
    log(`postgres: restore point ${target.toISOString()} (${load.state.orders.length} orders acknowledged)`);
    await sleep(AFTER_TARGET_MS);
    await load.stop();
    await cluster.stop();
    log(`postgres: load stopped: ${load.state.samples.length} requests, ${load.state.orders.length} orders`);
    const segment = await archiveEverything(primary);
    log(`postgres: archived up to ${segment}; the primary is stopped for good`);
    stopServer(primary);

    const restoreStartedMs = Date.now();
    const restored = await restoreToPointInTime(bin, baseDir, archiveDir, target);
    running.add(restored);
    const restoreMs = Date.now() - restoreStartedMs;
    log(`postgres: restored to ${target.toISOString()} and promoted in ${restoreMs} ms`);
    try {
      const verdict = await verifyRestore({
        env: { ...env, GATEHOUSE_DB: restored.url.replace(/\/postgres$/, '/drill') },
        logFd,
        auth: merchant.auth,
        acknowledged: acknowledged(),
        latestMs: target.getTime(),
        stepDeadlineMs: STEP_DEADLINE_MS,
        log,
      });
      return drillResult('postgres', engineStartedMs, backupMs, restoreMs, load, verdict);
    } finally {
      stopServer(restored);
    }
  } finally {
    await cluster?.stop();
    await receiver.close();
    stopServer(primary);
  }
}

async function drillSqlite(dir: string, logFd: number): Promise<DrillResult> {
  const engineStartedMs = Date.now();
  const dataDir = join(dir, 'serving');
  mkdirSync(dataDir);
  const env = trialServerEnv(
    { url: `sqlite:${join(dataDir, 'gatehouse.sqlite')}`, dataDir },
    { workers: 1, ...timing },
  );
  const receiver = await startChaosReceiver(CALLBACK_KEY);
  let cluster: Cluster | undefined;
  try {
    const merchant = await prepareDrillMerchant(env, dataDir, { url: receiver.url, key: CALLBACK_KEY });
    // One node: a SQLite file is served by the processes of one machine.
    cluster = await Cluster.start(env, logFd, 1);
    const load = startDrillLoad(cluster, merchant, connections, seed);
    await sleep(WARM_UP_MS + AFTER_BACKUP_MS);
    const copy = join(dir, 'backup.sqlite');
    const acknowledged = snapshotOf(load.state.orders);
    log(`sqlite: gatehouse backup under load (${load.state.orders.length} orders acknowledged)`);
    const backupStartedMs = Date.now();
    // Not execFileSync: this process's clients keep the load going while the command copies.
    await promisify(execFile)(process.execPath, [join(ROOT, 'bin/gatehouse.js'), 'backup', '--to', copy], {
      env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' },
    });
    const backupEndedMs = Date.now();
    log(`sqlite: backup taken in ${backupEndedMs - backupStartedMs} ms`);
    await sleep(AFTER_TARGET_MS);
    await load.stop();
    await cluster.stop();
    log(`sqlite: load stopped: ${load.state.samples.length} requests, ${load.state.orders.length} orders`);

    // The serving folder is lost; the copy goes in place of the database on a fresh folder.
    const restoreStartedMs = Date.now();
    const restoredDir = join(dir, 'restored');
    mkdirSync(restoredDir);
    copyFileSync(copy, join(restoredDir, 'gatehouse.sqlite'));
    const restoreMs = Date.now() - restoreStartedMs;
    const verdict = await verifyRestore({
      env: {
        ...env,
        GATEHOUSE_DB: `sqlite:${join(restoredDir, 'gatehouse.sqlite')}`,
        GATEHOUSE_DATA_DIR: restoredDir,
      },
      logFd,
      auth: merchant.auth,
      acknowledged: acknowledged(),
      latestMs: backupEndedMs,
      stepDeadlineMs: STEP_DEADLINE_MS,
      log,
    });
    return drillResult('sqlite', engineStartedMs, backupEndedMs - backupStartedMs, restoreMs, load, verdict);
  } finally {
    await cluster?.stop();
    await receiver.close();
  }
}

function table(result: DrillResult): string {
  const rows = [
    ['Backup under load (ms)', String(result.backupMs)],
    ['Restore (ms)', String(result.restoreMs)],
    ['Steps settled after the start on the copy (ms)', String(result.settledMs ?? 'never')],
    ['Requests / orders acknowledged in all', `${result.requests} / ${result.acknowledgedInAll}`],
    ['Orders acknowledged before the restore point, checked', String(result.ordersChecked)],
    ...result.checks.map((c) => [`${c.passed ? 'pass' : 'FAIL'}: ${c.name}`, c.figure]),
  ];
  const lines = rows.map(([name, value]) => `| ${name} | ${value} |`);
  return [`${result.engine}, ${result.seconds.toFixed(0)} s`, '| | |', '|---|---|', ...lines].join('\n');
}

async function main(): Promise<boolean> {
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const logFile = join(TEST_LOG_DIR, `restore-drill-${seed}-${randomBytes(3).toString('hex')}.log`);
  const logFd = openSync(logFile, 'a');
  console.log(
    `restore drill: ${engines.join(' and ')}; seed ${seed}; ${connections} connections; server log ${logFile}`,
  );
  const results: DrillResult[] = [];
  try {
    for (const engine of engines) {
      const dir = mkdtempSync(join(tmpdir(), `gatehouse-drill-${engine}-`));
      const result = await (
        engine === 'postgres' ? drillPostgres(dir, logFd) : drillSqlite(dir, logFd)
      ).catch((error: unknown) => {
        // The servers' logs, the base backup and the archive tell what went wrong: keep them.
        console.error(`restore drill: ${engine} failed; its folder is kept: ${dir}`);
        throw error;
      });
      results.push(result);
      if (result.checks.every((c) => c.passed)) rmSync(dir, { recursive: true, force: true });
      else console.log(`${engine}: a check failed; the drill's folder is kept: ${dir}`);
    }
  } finally {
    closeSync(logFd);
  }
  const checks = results.flatMap((result) => result.checks);
  for (const result of results) {
    console.log(`\n${table(result)}`);
    for (const failed of result.checks.filter((c) => !c.passed))
      console.log(`  ${failed.name}:\n    ${failed.examples.join('\n    ')}`);
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/restore-drill.json'),
    `${JSON.stringify({ seed, connections, nodes: NODES, results }, null, 2)}\n`,
  );
  const passed = checks.filter((c) => c.passed).length;
  console.log(
    `\nwrote bench/results/restore-drill.json; ${((Date.now() - startedMs) / 1000).toFixed(0)} s in all`,
  );
  console.log(`${passed} passed, ${checks.length - passed} failed`);
  return passed === checks.length;
}

let ok = false;
try {
  ok = await main();
} finally {
  killGatehouseProcesses();
  for (const server of running) stopServer(server);
}
process.exit(ok ? 0 : 1);
