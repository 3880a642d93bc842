import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import pg from 'pg';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { registerOrder } from '../support/register-order.js';

for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: the server drops Gatehouse's idle connections`, () => {
    let gh: TestGatehouse;
    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    test('Gatehouse keeps serving: the pool replaces the connections and nothing crashes', async () => {
      const { auth } = await gh.createMerchant();
      const register = (orderNumber: string) => registerOrder(gh, auth, orderNumber);
      assert.equal(typeof (await register('before-restart')).body.orderId, 'string');
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const admin = new pg.Client({ connectionString: process.env.GATEHOUSE_TEST_PG_URL });
      await admin.connect();
      const database = new URL(gh.database.url).pathname.slice(1);
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      await admin.end();
      assert.ok((rowCount ?? 0) > 0, 'there were idle connections to drop');
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.off('warning', onWarning);
      assert.ok(
        warnings.some((message) => message.includes('PostgreSQL closed an idle connection')),
        warnings.join('; '),
      );
      assert.equal(typeof (await register('after-restart')).body.orderId, 'string');
    });

    test('a connection dropped while a transaction holds it fails that transaction, not the process', async () => {
      // A restart or an outage ends the connections in use too; one checked out of the pool has no
      // pool listener, and an 'error' event nobody listens to ends the process (the chaos run, issue 28).
      const admin = new pg.Client({ connectionString: process.env.GATEHOUSE_TEST_PG_URL });
      await admin.connect();
      const dropped = gh.gatehouse.store.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await assert.rejects(dropped, /terminat|Connection/i);
      await admin.end();
      const { auth } = await gh.createMerchant();
      assert.equal(typeof (await registerOrder(gh, auth, 'after-drop')).body.orderId, 'string');
    });
  });
}
