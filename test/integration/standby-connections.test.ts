import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { registerOrder } from '../support/register-order.js';
import { isSystemError } from '../support/system-error.js';

/**
 * Issue 42, on the suite's own PostgreSQL: the database turned read-only under a running node
 * stands in for a primary that became a standby (every write refused with 25006 on a connection
 * whose socket is fine). The connections opened meanwhile are read-only for good; kept in the
 * pool, they would refuse writes long after a writable server is back. The real cluster's test
 * is ha-failover.test.ts.
 */
const ANSWER_LIMIT_MS = 3_000;
const CONCURRENT = 12;

for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: connections to a server that refuses writes are discarded, never reused`, () => {
    let gh: TestGatehouse;
    let admin: pg.Client;
    let name = '';
    before(async () => {
      gh = await startTestGatehouse(engine);
      gh.expectErrorLog(/read-only|terminating connection/i, 'the test turns the database read-only');
      const location = gh.gatehouse.store.location;
      assert.equal(location.engine, 'postgres');
      admin = new pg.Client({ connectionString: location.url });
      await admin.connect();
      name = (await admin.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    });
    after(async () => {
      await admin.query(`alter database "${name}" reset default_transaction_read_only`);
      await admin.end();
      await gh.close();
    });

    const ready = async () => (await fetch(`${gh.baseUrl}/ready`)).status;

    test('writes get the system error at once while it is read-only, and all succeed as soon as it is not', async () => {
      const { auth } = await gh.createMerchant();
      const batch = (tag: string) =>
        Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) =>
            gh.post(
              '/payment/rest/register.do',
              { ...auth, orderNumber: `${tag}-${i}`, amount: 100, returnUrl: 'https://shop.example/ok' },
              { allowServerError: true },
            ),
          ),
        );
      for (const answer of await batch('warm')) assert.equal(typeof answer.body.orderId, 'string');

      await admin.query(`alter database "${name}" set default_transaction_read_only = on`);
      // The pools' connections end (the requests' and the probes'); the ones they open next are
      // read-only, as a standby's are.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name like 'gatehouse%'",
        [name],
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const startedMs = Date.now();
      const refused = await batch('read-only');
      const tookMs = Date.now() - startedMs;
      assert.ok(tookMs < ANSWER_LIMIT_MS, `answered after ${tookMs} ms`);
      for (const answer of refused) {
        assert.ok(isSystemError(answer.body), answer.text);
        assert.equal(answer.headers.get('retry-after'), '5', 'the primary may be back in a few seconds');
      }
      const notReady = await fetch(`${gh.baseUrl}/ready`);
      assert.equal(notReady.status, 503, '`select 1` would pass on a standby: /ready must not');
      assert.match(
        String(((await notReady.json()) as { reason?: string }).reason),
        /read-only: no writable primary/,
      );

      await admin.query(`alter database "${name}" reset default_transaction_read_only`);
      assert.equal(await ready(), 200, 'ready at the first check once a writable server answers');
      for (const answer of await batch('writable'))
        assert.equal(
          typeof answer.body.orderId,
          'string',
          `a read-only connection was reused: ${answer.text}`,
        );
      for (let i = 0; i < CONCURRENT; i += 1) {
        const lost = await gh.post('/payment/rest/getOrderStatusExtended.do', {
          ...auth,
          orderNumber: `read-only-${i}`,
        });
        assert.equal(lost.body.errorCode, '6', 'a refused registration left nothing behind');
      }
      assert.equal(typeof (await registerOrder(gh, auth, 'after')).body.orderId, 'string');
    });
  });
}
