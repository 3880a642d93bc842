import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
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
  });
}
