import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HaCluster, haUnavailable } from '../../bench/ha/cluster.js';
import { WritableWatch, type Gap } from '../../bench/ha/writable-watch.js';
import { moneyCheck, pendingSteps } from '../../bench/chaos/checks.js';
import { openStore, type Store } from '../../src/store-engine/index.js';
import { createMerchant, trialServerEnv } from '../support/crash-trial.js';
import { declareExpectedErrorLog } from '../support/expected-error-log.js';
import { TEST_LOG_DIR } from '../support/gatehouse-harness.js';
import { startGatehouseProcess, type GatehouseProcess } from '../support/gatehouse-process.js';
import { send, sleep, type Auth } from '../support/payment-load.js';
import { ENGINES } from '../support/engines.js';
import { requiredInCi } from '../support/required-in-ci.js';
import { isSystemError } from '../support/system-error.js';

/**
 * Issue 42, point 2, on the real thing (bench/ha): one Gatehouse node on HAProxy's write port in
 * front of two PostgreSQL members under Patroni (synchronous mode), under a steady load of
 * registrations and payments, through the loss of the primary's machine (Patroni and PostgreSQL
 * killed with SIGKILL, the standby promoted, the lost member back as a standby) and a planned
 * switchover. The node is never restarted.
 */
const STATEMENT_TIMEOUT_MS = 5_000;
const ACQUIRER_TIMEOUT_MS = 1_500;
/** No answer waits longer than a statement at its timeout, pg's margin and a loaded machine's second. */
const ANSWER_LIMIT_MS = STATEMENT_TIMEOUT_MS + 2_000 + 1_000;
/** /ready is polled this often; "200 within a second of a writable primary" allows one poll more. */
const READY_POLL_MS = 100;
const READY_WITHIN_MS = 1_000 + READY_POLL_MS;
/** A system error answered this long after a gap ended is still the gap's (its request began in it). */
const AFTERMATH_MS = 1_500;
const CONNECTIONS = 4;
const APPROVED = '4444555511113333';

const unavailable = ENGINES.includes('postgres') ? haUnavailable() : undefined;
const skip =
  requiredInCi(
    unavailable === undefined
      ? undefined
      : `!!! the HA failover test (issue 42) did not run: ${unavailable} !!!`,
  ) ?? false;

interface Answer {
  readonly startMs: number;
  readonly endMs: number;
  readonly ok: boolean;
  readonly systemError: boolean;
  readonly text: string;
}

// PostgreSQL's alone: a run on SQLite only (GATEHOUSE_TEST_ENGINES=sqlite, the Node 24 pass) has
// nothing here, as the engine loops of the other files have no PostgreSQL half then.
if (ENGINES.includes('postgres'))
  describe('a failover and a switchover under a running node (Patroni, HAProxy)', { skip }, () => {
    let cluster: HaCluster;
    let node: GatehouseProcess;
    let store: Store;
    let dataDir: string;
    let logFd: number;
    let env: Record<string, string>;

    before(async () => {
      cluster = await HaCluster.start();
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('create database gatehouse_ha');
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = '/gatehouse_ha';
      dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-ha-node-'));
      env = {
        ...trialServerEnv(
          { url: url.toString(), dataDir },
          { workers: 1, acquirerTimeoutMs: ACQUIRER_TIMEOUT_MS, recoveryGraceMs: 1_000, jobIntervalMs: 250 },
        ),
        GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      };
      mkdirSync(TEST_LOG_DIR, { recursive: true });
      const logFile = join(TEST_LOG_DIR, `ha-failover-${process.pid}.log`);
      declareExpectedErrorLog(
        logFile,
        /read-only|Connection terminated|terminating connection|not queryable|ECONNRESET|ECONNREFUSED|shutting down|recovery|Query read timeout|GatehouseDatabaseWarning|trace-warnings/i,
        'the test takes the primary away under the node: a failover and a switchover',
      );
      logFd = openSync(logFile, 'a');
      store = openStore({ engine: 'postgres', url: url.toString() });
    });

    after(async () => {
      await node?.kill();
      await store?.close();
      await cluster?.stop();
      if (logFd !== undefined) closeSync(logFd);
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    });

    test('requests get the system error at once, /ready follows the primary, nothing is lost, no restart', async () => {
      const auth: Auth = await createMerchant(env, 'ha');
      node = await startGatehouseProcess(env, logFd);
      const answers: Answer[] = [];
      const acknowledged: { orderId: string; status: number }[] = [];
      const readiness: { atMs: number; status: number }[] = [];
      let stop = false;
      const call = async (path: string, params: Record<string, string | number>) => {
        const startMs = Date.now();
        const outcome = await send(node.url, `/payment/rest/${path}`, params);
        const body = outcome.answered ? outcome.body : undefined;
        const ok =
          outcome.answered &&
          outcome.status === 200 &&
          body !== undefined &&
          (body.errorCode === undefined || body.errorCode === '0' || body.errorCode === 0);
        answers.push({
          startMs,
          endMs: Date.now(),
          ok,
          systemError: outcome.answered && isSystemError(body),
          text: outcome.answered
            ? `${path} ${outcome.status} ${outcome.text.slice(0, 200)}`
            : `${path}: no answer`,
        });
        return ok ? body : undefined;
      };
      const connection = async (index: number) => {
        for (let n = 0; !stop; n += 1) {
          const amount = 100 + n;
          const base = {
            ...auth,
            amount,
            returnUrl: 'https://shop.example/ok',
            orderNumber: `c${index}-${n}`,
          };
          const registered = await call('register.do', base);
          if (typeof registered?.orderId === 'string')
            acknowledged.push({ orderId: registered.orderId, status: 0 });
          const paid = await call('instantPayment.do', {
            ...base,
            orderNumber: `c${index}-${n}-paid`,
            pan: APPROVED,
            expiry: '203412',
            cvc: '123',
          });
          if (typeof paid?.orderId === 'string') acknowledged.push({ orderId: paid.orderId, status: 2 });
          if (registered === undefined && paid === undefined) await sleep(50);
        }
      };
      const pollReady = async () => {
        while (!stop) {
          const atMs = Date.now();
          try {
            const response = await fetch(`${node.url}/ready`, { signal: AbortSignal.timeout(3_000) });
            await response.arrayBuffer();
            readiness.push({ atMs, status: response.status });
          } catch {
            readiness.push({ atMs, status: 0 });
          }
          await sleep(READY_POLL_MS);
        }
      };
      const watch = new WritableWatch(cluster.url);
      const load = Promise.all([
        ...Array.from({ length: CONNECTIONS }, (_, i) => connection(i)),
        pollReady(),
      ]);

      await sleep(2_000);
      const lost = await cluster.currentLeader();
      cluster.loseMachine(lost);
      await watch.untilGap(5_000);
      await watch.untilWritable(60_000);
      const promoted = await cluster.currentLeader();
      assert.notEqual(promoted, lost, 'the standby was promoted');
      await sleep(2_000);
      await cluster.bringBack(lost);
      await cluster.untilSynchronous(60_000);
      await sleep(1_000);
      const switched = await cluster.switchover();
      assert.equal(switched.to, lost, 'the switchover goes back to the member that was lost');
      await watch.untilGap(5_000);
      await watch.untilWritable(60_000);
      await sleep(3_000);
      stop = true;
      await load;
      const gaps = await watch.stop();

      const failures: string[] = [];
      assert.ok(gaps.length >= 2, `a gap per fault, saw ${JSON.stringify(gaps)}`);
      const inGap = (startMs: number, endMs: number, gap: Gap) =>
        startMs <= gap.endMs + AFTERMATH_MS && endMs >= gap.startMs;
      for (const answer of answers) {
        if (answer.endMs - answer.startMs > ANSWER_LIMIT_MS)
          failures.push(`answered after ${answer.endMs - answer.startMs} ms: ${answer.text}`);
        if (!answer.ok && !answer.systemError)
          failures.push(`neither done nor the system error: ${answer.text}`);
        if (answer.systemError && !gaps.some((gap) => inGap(answer.startMs, answer.endMs, gap)))
          failures.push(
            `a system error with a writable primary (a spent connection reused?): ${answer.text}`,
          );
      }
      for (const gap of gaps) {
        // A gap shorter than HAProxy's check is felt by few requests and may pass between two polls.
        if (
          gap.endMs - gap.startMs >= 2_000 &&
          !readiness.some((r) => r.status === 503 && inGap(r.atMs, r.atMs, gap))
        )
          failures.push(`/ready never answered 503 in the gap ${JSON.stringify(gap)}`);
        const readyAgain = readiness.find((r) => r.atMs >= gap.endMs && r.status === 200);
        if (readyAgain === undefined || readyAgain.atMs - gap.endMs > READY_WITHIN_MS)
          failures.push(
            `/ready 200 ${readyAgain === undefined ? 'never' : `${readyAgain.atMs - gap.endMs} ms`} after the gap ${JSON.stringify(gap)}`,
          );
      }
      assert.ok(
        answers.some((answer) => answer.systemError),
        'the faults were felt by some requests',
      );
      assert.ok(answers.filter((answer) => answer.ok).length > 50, 'the load went on');
      assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failures`);

      // Recovery resumes by itself: every step settles; nothing acknowledged is lost; money holds.
      const deadlineMs = Date.now() + 30_000;
      let pending = await pendingSteps(store);
      while (pending.length > 0 && Date.now() < deadlineMs) {
        await sleep(500);
        pending = await pendingSteps(store);
      }
      assert.deepEqual(pending.slice(0, 5), [], 'no step left pending');
      const orders = await store.db.selectFrom('orders').select(['id', 'status']).execute();
      const byId = new Map(orders.map((order) => [order.id, order.status]));
      const lostOrders = acknowledged.filter((record) =>
        record.status === 2 ? byId.get(record.orderId) !== 2 : !byId.has(record.orderId),
      );
      assert.deepEqual(
        lostOrders.slice(0, 5),
        [],
        `${lostOrders.length} of ${acknowledged.length} acknowledged lost`,
      );
      const money = await moneyCheck(store);
      assert.ok(money.check.passed, `${money.check.figure}: ${money.check.examples.join('; ')}`);
      assert.ok(money.attention.passed, money.attention.examples.join('; '));
      const last = await send(node.url, '/payment/rest/register.do', {
        ...auth,
        amount: 100,
        returnUrl: 'https://shop.example/ok',
        orderNumber: 'after-both',
      });
      assert.ok(
        last.answered && typeof last.body?.orderId === 'string',
        'the same node serves on, unrestarted',
      );
      console.log(
        `ha-failover: ${answers.length} requests, ${answers.filter((a) => a.systemError).length} system errors; ` +
          `gaps without a writable primary ${gaps.map((gap) => `${gap.endMs - gap.startMs} ms`).join(', ')}`,
      );
    });
  });
