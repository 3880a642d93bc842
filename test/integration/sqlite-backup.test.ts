import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { createMerchant, trialServerEnv } from '../support/crash-trial.js';
import { ENGINES } from '../support/engines.js';
import { TEST_LOG_DIR } from '../support/gatehouse-harness.js';
import { killGatehouseProcesses, startGatehouseProcess } from '../support/gatehouse-process.js';
import { send, sleep, type Auth } from '../support/payment-load.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * Issue 42, point 5: `gatehouse backup --to FILE` against the SQLite file of a node that is serving
 * requests. The copy must open, pass integrity_check, and hold every order acknowledged before the
 * command started (the copy is the database as of one commit at or after that moment).
 */
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const CONNECTIONS = 4;

interface Acknowledged {
  readonly orderId: string;
  readonly amount: number;
  readonly answeredMs: number;
}

/** register.do back to back until `stop`, each acknowledged order kept with when its answer came. */
async function registerUntil(
  url: string,
  auth: Auth,
  prefix: string,
  acknowledged: Acknowledged[],
  stop: { now: boolean },
): Promise<void> {
  for (let n = 0; !stop.now; n += 1) {
    const amount = 100 + n;
    const outcome = await send(url, '/payment/rest/register.do', {
      ...auth,
      orderNumber: `${prefix}-${n}`,
      amount,
      returnUrl: 'https://shop.example/ok',
    });
    const orderId = outcome.answered ? outcome.body?.orderId : undefined;
    if (typeof orderId === 'string') acknowledged.push({ orderId, amount, answeredMs: Date.now() });
  }
}

if (ENGINES.includes('sqlite')) {
  describe('sqlite: gatehouse backup while serving', () => {
    after(() => killGatehouseProcesses());

    test('the copy opens, passes integrity_check and holds every order acknowledged before it started', async (t) => {
      const t0 = Date.now();
      const mark = (what: string) => t.diagnostic(`${what} +${Date.now() - t0} ms`);
      const database = await createTestDatabase('sqlite');
      mkdirSync(TEST_LOG_DIR, { recursive: true });
      const logFd = openSync(join(TEST_LOG_DIR, `sqlite-backup-${process.pid}.log`), 'a');
      const env = trialServerEnv(database, {
        workers: 1,
        acquirerTimeoutMs: 1_500,
        recoveryGraceMs: 1_000,
        jobIntervalMs: 250,
      });
      const node = await startGatehouseProcess(env, logFd);
      mark('node up');
      try {
        const auth = await createMerchant(env, 'backup');
        mark('merchant');
        const acknowledged: Acknowledged[] = [];
        const stop = { now: false };
        const load = Promise.all(
          Array.from({ length: CONNECTIONS }, (_, index) =>
            registerUntil(node.url, auth, `b${index}`, acknowledged, stop),
          ),
        );
        // Orders acknowledged before the copy starts, however slow the machine is today.
        const waitUntilMs = Date.now() + 30_000;
        while (acknowledged.length < CONNECTIONS && Date.now() < waitUntilMs) await sleep(50);
        const copyFile = join(database.dataDir, 'copy.sqlite');
        const startedMs = Date.now();
        const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'backup', '--to', copyFile], {
          env: { ...process.env, ...env, GATEHOUSE_LOG_LEVEL: 'silent' },
        });
        const endedMs = Date.now();
        mark('backup done');
        await sleep(200);
        stop.now = true;
        await load;
        assert.match(stdout, /integrity ok/);
        const before = acknowledged.filter((order) => order.answeredMs < startedMs);
        const during = acknowledged.filter(
          (order) => order.answeredMs >= startedMs && order.answeredMs <= endedMs,
        );
        assert.ok(before.length > 0, 'orders were acknowledged before the backup');
        assert.ok(acknowledged.length > before.length + during.length, 'the load went on after the backup');

        const copy = new BetterSqlite3(copyFile, { readonly: true, fileMustExist: true });
        try {
          assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
          const rows = copy.prepare('select id, amount_minor from orders').all() as {
            id: string;
            amount_minor: number;
          }[];
          const amounts = new Map(rows.map((row) => [row.id, row.amount_minor]));
          const missing = before.filter((order) => amounts.get(order.orderId) !== order.amount);
          assert.deepEqual(missing, [], `${missing.length} of ${before.length} acknowledged orders missing`);
        } finally {
          copy.close();
        }
      } finally {
        mark('checked');
        await node.kill();
        closeSync(logFd);
        await database.drop();
      }
    });
  });
}
