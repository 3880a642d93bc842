import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { registerOrder } from '../support/register-order.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.js';

/** The bound, and well inside Prometheus's default scrape timeout of 10 s. */
const SCRAPE_LIMIT_MS = 1_000;
/** Longest wait for the queue watch to notice a change (its read interval here is 200 ms, its timeout 2 s). */
const NOTICE_LIMIT_MS = 10_000;

function gauge(text: string, name: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

// A private PostgreSQL: stopping and freezing it must not disturb the other suites' server.
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`${engine}: /metrics answers while the database is stopped or frozen (issue 41)`, () => {
    let server: ThrowawayPostgres | undefined;
    let gh: TestGatehouse;
    let metricsUrl: string;
    before(async () => {
      server = await startThrowawayPostgres();
      assert.ok(server !== undefined, 'PostgreSQL is installed where the postgres engine runs');
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE gatehouse_outage');
      await admin.end();
      const url = new URL(server.url);
      url.pathname = '/gatehouse_outage';
      const port = await freePort();
      metricsUrl = `http://127.0.0.1:${port}/metrics`;
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_DB: url.toString(), GATEHOUSE_METRICS_PORT: String(port) },
        queueReadIntervalMs: 200,
      });
      gh.expectErrorLog(
        /ECONNREFUSED|Connection terminated|terminating connection|connect|timeout/i,
        'the test stops PostgreSQL under the server',
      );
    });
    after(async () => {
      try {
        server?.thaw();
        await gh.close();
      } finally {
        server?.stop();
      }
    });

    /** One scrape, which must answer 200 within the limit with the process series intact. */
    const scrape = async (): Promise<string> => {
      const started = Date.now();
      const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) });
      const text = await response.text();
      const ms = Date.now() - started;
      assert.equal(response.status, 200, text);
      assert.ok(ms < SCRAPE_LIMIT_MS, `the scrape took ${ms} ms`);
      for (const series of [
        'process_cpu_user_seconds_total',
        'nodejs_heap_size_used_bytes',
        'gatehouse_http_requests_total',
      ])
        assert.match(text, new RegExp(`^${series}`, 'm'), series);
      return text;
    };
    /** Scrapes until `done` holds of one, each within the limit. */
    const scrapeUntil = async (done: (text: string) => boolean, what: string): Promise<string> => {
      const deadline = Date.now() + NOTICE_LIMIT_MS;
      for (;;) {
        const text = await scrape();
        if (done(text)) return text;
        assert.ok(Date.now() < deadline, `${what} within ${NOTICE_LIMIT_MS} ms:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const up = (value: number) => (text: string) => gauge(text, 'gatehouse_database_up') === value;

    test('stopped: database_up 0, the last queue figures kept with their age; back to 1 on restart', async () => {
      assert.ok(server !== undefined);
      const { auth } = await gh.createMerchant();
      assert.equal(typeof (await registerOrder(gh, auth, 'before-stop')).body.orderId, 'string');
      const healthy = await scrapeUntil(up(1), 'database_up 1');
      assert.ok((gauge(healthy, 'gatehouse_queue_depths_age_seconds') ?? Infinity) < 2);
      server.halt();
      const down = await scrapeUntil(up(0), 'database_up 0 with PostgreSQL stopped');
      assert.equal(
        gauge(down, 'gatehouse_callbacks_dead'),
        gauge(healthy, 'gatehouse_callbacks_dead'),
        'the last figure stays',
      );
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const later = await scrape();
      assert.ok((gauge(later, 'gatehouse_queue_depths_age_seconds') ?? 0) >= 1, 'the figures age');
      server.resume();
      const back = await scrapeUntil(up(1), 'database_up 1 once PostgreSQL is back');
      assert.ok((gauge(back, 'gatehouse_queue_depths_age_seconds') ?? Infinity) < 2);
    });

    test('frozen (SIGSTOP): every scrape answers; no connection is left stuck, so the node recovers on SIGCONT', async () => {
      assert.ok(server !== undefined);
      const { auth } = await gh.createMerchant();
      await scrapeUntil(up(1), 'database_up 1');
      server.freeze();
      try {
        await scrapeUntil(up(0), 'database_up 0 with PostgreSQL frozen');
        // Long enough for several reads to time out: each must give its connection up.
        const frozenUntil = Date.now() + 5_000;
        while (Date.now() < frozenUntil) {
          await scrape();
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const ready = await fetch(`${gh.baseUrl}/ready`, { signal: AbortSignal.timeout(5_000) });
        assert.equal(ready.status, 503, 'readiness gives up on a frozen database too');
      } finally {
        server.thaw();
      }
      await scrapeUntil(up(1), 'database_up 1 after SIGCONT');
      assert.equal((await fetch(`${gh.baseUrl}/ready`)).status, 200);
      assert.equal(typeof (await registerOrder(gh, auth, 'after-thaw')).body.orderId, 'string');
    });
  });
}
