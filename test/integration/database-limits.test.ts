import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { registerOrder } from '../support/register-order.js';

const LOCK_TIMEOUT_MS = 300;

const notAnsweredWithin = (ms: number) =>
  new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`no answer within ${ms} ms: the request waits for the lock`)),
      ms,
    ).unref(),
  );

/**
 * Issue 24: no statement holds a worker's writes without limit. A row lock held elsewhere (an
 * operator's open transaction) makes the request that needs the row fail with the system error
 * within the lock limit, while the requests around it are served. The test fails without the
 * limit: the request then waits for the lock as long as the test holds it.
 */
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: time limits on the database`, () => {
    let gh: TestGatehouse;
    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) },
      });
      gh.expectErrorLog(/lock timeout/, 'the test holds a row lock past GATEHOUSE_DB_LOCK_TIMEOUT_MS');
    });
    after(() => gh.close());

    test('a write blocked on a row lock fails alone with the system error within the limit', async () => {
      const { auth } = await gh.createMerchant();
      const register = (orderNumber: string) => registerOrder(gh, auth, orderNumber);
      const locked = await register('locked-order');
      const orderId = String(locked.body.orderId);
      const admin = new pg.Client({ connectionString: gh.database.url });
      await admin.connect();
      try {
        await admin.query('begin');
        await admin.query('select id from orders where id = $1 for update', [orderId]);
        const started = Date.now();
        const [blocked, others] = await Promise.race([
          Promise.all([
            gh.post(
              '/payment/rest/decline.do',
              { ...auth, orderId, orderNumber: 'locked-order' },
              { allowServerError: true },
            ),
            Promise.all(['free-1', 'free-2', 'free-3'].map(register)),
          ]),
          notAnsweredWithin(10_000),
        ]);
        const elapsedMs = Date.now() - started;
        // A failure on the gateway's side: HTTP 500 with errorCode 7, as the spec's error table says.
        assert.equal(blocked.status, 500);
        assert.equal(blocked.body.errorCode, '7', blocked.text);
        for (const other of others) assert.equal(typeof other.body.orderId, 'string', other.text);
        // The blocked unit waits once in its batch and once more when the batch is replayed alone.
        assert.ok(elapsedMs < 2 * LOCK_TIMEOUT_MS + 2000, `answered after ${elapsedMs} ms`);
      } finally {
        await admin.query('rollback');
        await admin.end();
      }
      const declined = await gh.post('/payment/rest/decline.do', {
        ...auth,
        orderId,
        orderNumber: 'locked-order',
      });
      assert.equal(declined.body.errorCode, '0', declined.text);
    });
  });
}
