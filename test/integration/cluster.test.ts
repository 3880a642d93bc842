import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config/config.js';
import { openAdmin } from '../../src/admin-root.js';
import { childLogFile, teeChildLog } from '../support/child-log.js';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { formBody } from '../support/gatehouse-harness.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const BIN = new URL('../../../bin/gatehouse.js', import.meta.url).pathname;

async function waitForHealth(url: string): Promise<void> {
  const deadlineMs = Date.now() + 20_000;
  while (Date.now() < deadlineMs) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the cluster did not start');
}

for (const engine of ENGINES) {
  describe(`${engine}: serve with two worker processes`, () => {
    let database: TestDatabase;
    let child: ChildProcess;
    let url: string;
    let auth: { userName: string; password: string };
    let output = '';
    const env: Record<string, string> = {};

    before(async () => {
      database = await createTestDatabase(engine);
      Object.assign(env, {
        GATEHOUSE_DB: database.url,
        GATEHOUSE_DATA_DIR: database.dataDir,
        GATEHOUSE_MASTER_KEY: randomBytes(32).toString('base64'),
        GATEHOUSE_SANDBOX_MERCHANT: 'false',
        GATEHOUSE_WORKERS: '2',
        GATEHOUSE_LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        GATEHOUSE_METRICS_PORT: String(await freePort()),
      });
      const { store, admin } = await openAdmin(loadConfig(env));
      const created = await admin.create({
        login: 'cluster',
        password: 'cluster-pass',
        rateLimitPerSecond: 10_000,
        // 60 requests at once, shared by two workers: above the default limit of 50 in flight,
        // which this test is not about (the limiter has its own tests).
        concurrentLimit: 200,
      });
      auth = { userName: created.userName, password: 'cluster-pass' };
      await store.close();
      child = spawn(process.execPath, [BIN, 'serve'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      teeChildLog(child, childLogFile(`cluster-${engine}`));
      url = `http://127.0.0.1:${env.PORT}`;
      await waitForHealth(url);
    });

    after(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.drop();
    });

    const register = async (orderNumber: string) => {
      const response = await fetch(`${url}/payment/rest/register.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody({ ...auth, orderNumber, amount: 500, returnUrl: 'https://shop.example/ok' }),
      });
      return (await response.json()) as Record<string, unknown>;
    };

    test('both workers listen on one port and report themselves', async () => {
      const deadlineMs = Date.now() + 5000;
      while (Date.now() < deadlineMs && (output.match(/Gatehouse is listening/g) ?? []).length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal((output.match(/Gatehouse is listening/g) ?? []).length, 2, output);
      assert.match(output, /"workers":2/);
    });

    test('60 concurrent registrations are all acknowledged and all stored', async () => {
      const prefix = randomBytes(3).toString('hex');
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => register(`${prefix}-${i}`)));
      const ids = results.map((result) => result.orderId);
      assert.ok(
        ids.every((id) => typeof id === 'string'),
        JSON.stringify(results.find((r) => r.orderId === undefined)),
      );
      assert.equal(new Set(ids).size, 60);
      const { store } = await openAdmin(loadConfig(env), { migrate: false });
      const rows = await store.db
        .selectFrom('orders')
        .select('id')
        .where('order_number', 'like', `${prefix}-%`)
        .execute();
      await store.close();
      assert.equal(rows.length, 60);
    });

    test('one order number raced across workers is registered exactly once', async () => {
      const orderNumber = `race-${randomBytes(3).toString('hex')}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => register(orderNumber)));
      assert.equal(results.filter((result) => typeof result.orderId === 'string').length, 1);
      assert.equal(results.filter((result) => result.errorCode === '1').length, 19);
    });

    test("the primary's GET /metrics sums both workers' counts", async () => {
      const text = await (await fetch(`http://127.0.0.1:${env.GATEHOUSE_METRICS_PORT}/metrics`)).text();
      const count = (errorCode: string) =>
        Number(
          new RegExp(
            `^gatehouse_http_requests_total\\{operation="/payment/rest/register\\.do",method="POST",status="200",error_code="${errorCode}"\\} (\\d+)$`,
            'm',
          ).exec(text)?.[1] ?? 0,
        );
      // 60 registrations, then one of 20 racing for one number; the 19 others refused (errorCode 1).
      assert.equal(count('0'), 61, text.slice(0, 2000));
      assert.equal(count('1'), 19);
    });

    test('SIGTERM stops every worker and the primary exits cleanly', async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      await assert.rejects(fetch(`${url}/health`));
    });
  });
}
