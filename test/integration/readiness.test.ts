import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { registerOrder } from '../support/register-order.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.js';
import { isSystemError } from '../support/system-error.js';
import { freePort } from '../support/free-port.js';

/** GET /ready on the API port, or (`metricsPort`) on the metrics port, which keeps the detail. */
const ready = async (gh: TestGatehouse, metricsPort?: number) => {
  const response = await fetch(
    metricsPort === undefined ? `${gh.baseUrl}/ready` : `http://127.0.0.1:${metricsPort}/ready`,
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
};

for (const engine of ENGINES) {
  describe(`${engine}: readiness (GET /ready, issue 26)`, () => {
    let gh: TestGatehouse;
    let metricsPort: number;
    before(async () => {
      metricsPort = await freePort();
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_METRICS_PORT: String(metricsPort) } });
    });
    after(() => gh.close());

    test('ready once the migrations are applied; not ready, with the reason, while one is missing', async () => {
      const db = gh.gatehouse.store.db;
      const last = await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
      const row = last.rows[0];
      assert.ok(row !== undefined);
      await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
      const missing = await ready(gh);
      assert.equal(missing.status, 503);
      assert.equal(missing.body.status, 'not ready');
      assert.deepEqual(missing.body, { status: 'not ready', reason: 'migrations not applied' });
      assert.equal(missing.headers.get('retry-after'), '5');
      const detailed = await ready(gh, metricsPort);
      assert.equal(detailed.status, 503);
      assert.equal(detailed.body.reason, 'migrations not applied');
      assert.match(String(detailed.body.detail), new RegExp(`migrations not applied: ${row.name}`));
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        db,
      );
      const current = await ready(gh);
      assert.equal(current.status, 200);
      assert.deepEqual(current.body, { status: 'ready' });
      assert.deepEqual((await ready(gh, metricsPort)).body, { status: 'ready' });
      assert.equal((await fetch(`${gh.baseUrl}/health`)).status, 200);
    });
  });
}

/** How long a request may take while the database is down: it is refused, never left waiting. */
const ANSWER_LIMIT_MS = 3_000;

for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: the database stops under a running server, then comes back`, () => {
    let server: ThrowawayPostgres | undefined;
    let gh: TestGatehouse;
    let metricsPort: number;
    before(async () => {
      server = await startThrowawayPostgres();
      assert.ok(server !== undefined, 'PostgreSQL is installed where the postgres engine runs');
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE gatehouse_ready');
      await admin.end();
      const url = new URL(server.url);
      url.pathname = '/gatehouse_ready';
      metricsPort = await freePort();
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_DB: url.toString(), GATEHOUSE_METRICS_PORT: String(metricsPort) },
      });
      gh.expectErrorLog(
        /ECONNREFUSED|Connection terminated|terminating connection|connect/i,
        'the test stops PostgreSQL under the server',
      );
    });
    after(async () => {
      await gh.close();
      server?.stop();
    });

    const timed = async <T>(work: Promise<T>): Promise<{ value: T; ms: number }> => {
      const started = Date.now();
      const value = await work;
      return { value, ms: Date.now() - started };
    };

    test('/ready turns 503 and requests get the system error quickly; both recover by themselves', async () => {
      assert.ok(server !== undefined);
      const { auth } = await gh.createMerchant();
      assert.equal(typeof (await registerOrder(gh, auth, 'before-stop')).body.orderId, 'string');
      assert.equal((await ready(gh)).status, 200);

      server.halt();
      const down = await timed(ready(gh));
      assert.equal(down.value.status, 503);
      assert.deepEqual(down.value.body, { status: 'not ready', reason: 'the database does not answer' });
      assert.ok(down.ms < ANSWER_LIMIT_MS, `/ready answered after ${down.ms} ms`);
      // The database's address is for the operator: the metrics port and the log, not the API port.
      const { port: dbPort } = new URL(server.url);
      const detailed = await ready(gh, metricsPort);
      assert.equal(detailed.status, 503);
      assert.match(String(detailed.body.detail), new RegExp(`the database does not answer: .*:${dbPort}`));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok(
        readFileSync(gh.logFile, 'utf8')
          .split('\n')
          .some((line) => line.includes('not ready') && line.includes(`:${dbPort}`)),
        'the log keeps the detail',
      );
      const refused = await timed(
        gh.post(
          '/payment/rest/register.do',
          { ...auth, amount: 100, returnUrl: 'https://shop.example/ok', orderNumber: 'during-stop' },
          { allowServerError: true },
        ),
      );
      assert.ok(isSystemError(refused.value.body), refused.value.text);
      assert.ok(refused.ms < ANSWER_LIMIT_MS, `register.do answered after ${refused.ms} ms`);
      assert.equal(refused.value.status, 500, "the spec's status for a failure on the gateway side");
      assert.equal(refused.value.headers.get('retry-after'), '5', 'an outage is worth trying again soon');
      const health = await fetch(`${gh.baseUrl}/health`);
      assert.equal(health.status, 200, 'liveness does not depend on the database');

      server.resume();
      const deadline = Date.now() + 20_000;
      let back = await ready(gh);
      while (back.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        back = await ready(gh);
      }
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.equal(typeof (await registerOrder(gh, auth, 'after-restart')).body.orderId, 'string');
      const lost = await gh.post('/payment/rest/getOrderStatusExtended.do', {
        ...auth,
        orderNumber: 'during-stop',
      });
      assert.equal(lost.body.errorCode, '6', 'the refused registration left nothing behind');
    });
  });
}
