import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { TEST_CARDS } from '../../src/processing/sandbox/test-cards.js';
import { cardDataIn } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const TABLES = [
  'merchants',
  'api_users',
  'api_tokens',
  'orders',
  'order_operations',
  'callbacks',
  'idempotency_keys',
] as const;

for (const engine of ENGINES) {
  describe(`${engine}: no PAN or CVC in clear in logs, responses or the database`, () => {
    let gh: TestGatehouse;
    const responses: string[] = [];

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: '100' } });
      const { auth } = await gh.createMerchant({
        permissions: ['preAuth', 'moto'],
        callbackUrl: 'http://127.0.0.1:9/callback',
        callbackKey: 'k',
        rateLimitPerSecond: 10_000,
      });
      const pay = async (path: string, params: Record<string, string | number | boolean>) => {
        const response = await gh.post(`/payment/rest/${path}`, {
          ...auth,
          amount: 1000,
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          cardholderName: 'CARD HOLDER',
          ...params,
        });
        responses.push(response.text);
        return response;
      };
      for (const card of TEST_CARDS) {
        const paid = await pay('instantPayment.do', {
          pan: card.pan,
          cvc: '987',
          preAuth: card.pan.endsWith('1'),
        });
        const orderId = String(paid.body.orderId);
        await pay('deposit.do', { orderId, amount: 0 });
        await pay('refund.do', { orderId, amount: 100 });
        await pay('getOrderStatusExtended.do', { orderId });
        await pay('getOrderStatus.do', { orderId });
      }
      await pay('motoPayment.do', { pan: '4242424242424242', cvc: '123' });
      await pay('instantPayment.do', { pan: '4111111111111112', cvc: '123' });
      await pay('instantPayment.do', { pan: '41111111111111111111', cvc: '000' });
      await pay('instantPayment.do', { pan: '4111111111111111', cvc: '000', language: 'de' });
      // A card number where none belongs: in an address no route takes.
      const stray = await gh.post('/payment/4000000000009995/status', {}, { method: 'GET' });
      assert.equal(stray.status, 404);
      responses.push(stray.text);
      await gh.gatehouse.jobs.runAll();
    });
    after(() => gh.close());

    test('the scanner itself finds card data where there is some', () => {
      assert.deepEqual(cardDataIn('{"pan":"4000000000009995"}'), ['4000000000009995']);
      assert.equal(cardDataIn('{"cvc":"987"}').length, 1);
      assert.equal(cardDataIn('pan=x&cvc=123&amount=1').length, 1);
      assert.deepEqual(cardDataIn('400000**9995 amount 1230987'), []);
    });

    test('responses carry masked card numbers only', () => {
      assert.ok(responses.length > 100);
      assert.ok(responses.some((text) => text.includes('411111**1111')));
      assert.deepEqual(cardDataIn(responses.join('\n')), []);
    });

    test('the log has request lines but no PAN or CVC', async () => {
      await new Promise<void>((resolve) => gh.gatehouse.logger.flush(() => resolve()));
      const log = readFileSync(gh.logFile, 'utf8');
      assert.ok(log.includes('request completed'), 'the log is being written');
      assert.deepEqual(cardDataIn(log), []);
      // The access line names the request and its outcome, and nothing else.
      const line = log
        .split('\n')
        .filter((text) => text.includes('"request completed"'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)[0];
      assert.ok(line !== undefined);
      assert.deepEqual(Object.keys(line).sort(), [
        'level',
        'method',
        'ms',
        'msg',
        'path',
        'reqId',
        'service',
        'status',
        'time',
      ]);
      // The id is the one the answer carried in X-Request-Id: a UUID when the caller sent none.
      assert.match(String(line.reqId), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.equal(typeof line.status, 'number');
    });

    test('the database holds no PAN or CVC, in rows or (SQLite) in the raw file and its WAL', async () => {
      const db = gh.gatehouse.store.db;
      let dump = '';
      for (const table of TABLES) {
        dump += JSON.stringify(await db.selectFrom(table).selectAll().execute());
      }
      assert.ok(dump.includes('411111**1111'), 'the masked PAN is stored for display');
      assert.deepEqual(cardDataIn(dump), []);
      if (engine === 'sqlite') {
        const file = new URL(gh.database.url.replace(/^sqlite:/, 'file://')).pathname;
        for (const path of [file, `${file}-wal`]) {
          if (!existsSync(path)) continue;
          assert.deepEqual(cardDataIn(readFileSync(path).toString('latin1')), [], path);
        }
      }
    });
  });
}
