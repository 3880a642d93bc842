import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CALLBACK_ATTEMPTS_MAX } from '../../src/jobs/callback-delivery-job.js';
import { adminOperator, paidOrder } from '../support/console-fixtures.js';
import { ENGINES } from '../support/engines.js';
import { freePort } from '../support/free-port.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/** A sample's value by its name and exact rendered labels (`a="x",b="y"`), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const SENT = 'gatehouse_callback_deliveries_total{outcome="sent",reason=""}';
const FAILED_5XX = 'gatehouse_callback_deliveries_total{outcome="failed",reason="http_5xx"}';
const REFUSED = 'gatehouse_callback_deliveries_total{outcome="failed",reason="connection_refused"}';
const DEAD = 'gatehouse_callbacks_dead_lettered_total';
const REPLAYED = 'gatehouse_callbacks_replayed_total';
const LATENCY = 'gatehouse_callback_delivery_duration_seconds_count';

for (const engine of ENGINES) {
  describe(`${engine}: callback delivery counters (issue 41)`, () => {
    let gh: TestGatehouse;
    let receiver: Server;
    let status = 200;
    let receiverUrl: string;

    before(async () => {
      receiver = createServer((request, response) => {
        request.resume();
        request.on('end', () => response.writeHead(status).end());
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const address = receiver.address();
      assert.ok(typeof address === 'object' && address !== null);
      receiverUrl = `http://127.0.0.1:${address.port}/callback`;
      gh = await startTestGatehouse(engine);
    });
    after(async () => {
      await gh.close();
      receiver.close();
    });

    const scrape = () => gh.gatehouse.metrics.text();
    const callbackOf = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('callbacks')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const pay = async (callbackUrl: string) => {
      const shop = await gh.createMerchant({ callbackUrl });
      return String((await paidOrder(gh, shop.auth, '4111111111111111', 500)).orderId);
    };

    test('sent, failed by reason, dead-lettered and replayed each move, with the latency histogram', async () => {
      const before = await scrape();
      const moved = (text: string, series: string) => sample(text, series) - sample(before, series);

      status = 200;
      await pay(receiverUrl);
      await gh.gatehouse.jobs.runAll();
      let text = await scrape();
      assert.equal(moved(text, SENT), 1);
      assert.equal(moved(text, LATENCY.replace('_count', '_count{outcome="sent"}')), 1);

      status = 503;
      const failing = await pay(receiverUrl);
      await gh.gatehouse.jobs.runAll();
      text = await scrape();
      assert.equal(moved(text, FAILED_5XX), 1);
      assert.equal(moved(text, DEAD), 0);

      // The last attempt fails: the callback is dead-lettered.
      await gh.gatehouse.store.db
        .updateTable('callbacks')
        .set({ attempts: CALLBACK_ATTEMPTS_MAX - 1, next_attempt_at_ms: 0 })
        .where('order_id', '=', failing)
        .execute();
      await gh.gatehouse.jobs.runAll();
      text = await scrape();
      assert.equal(moved(text, FAILED_5XX), 2);
      assert.equal(moved(text, DEAD), 1);
      assert.equal((await callbackOf(failing)).state, 'dead');

      const closedPort = await freePort();
      await pay(`http://127.0.0.1:${closedPort}/callback`);
      await gh.gatehouse.jobs.runAll();
      assert.equal(moved(await scrape(), REFUSED), 1);

      // An operator replays the dead callback from the console; it is delivered.
      const console = gh.gatehouse.operatorConsole;
      const operator = await adminOperator(gh.gatehouse);
      status = 200;
      await console.actions.replayCallback({ operator, key: randomUUID() }, (await callbackOf(failing)).id);
      await gh.gatehouse.jobs.runAll();
      text = await scrape();
      assert.equal(moved(text, REPLAYED), 1);
      assert.equal(moved(text, SENT), 2);
      assert.equal((await callbackOf(failing)).state, 'delivered');
      assert.ok(moved(text, LATENCY.replace('_count', '_count{outcome="failed"}')) >= 3);
    });
  });
}
