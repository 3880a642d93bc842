import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

/*
 * Issue 43, point 4: a console list must not hold the payment API. better-sqlite3 runs a statement
 * on the calling thread, so SQLite's console reads run on a thread and connection of their own;
 * the test holds such a read on that thread (GatehouseOptions.consoleReadHold) and sees the
 * serving thread answer a status request and take a payment meanwhile. PostgreSQL reads in its
 * own processes: nothing of this file runs on it.
 */
if (ENGINES.includes('sqlite')) {
  describe('sqlite: the console reads beside the serving thread (issue 43)', () => {
    const hold = new Int32Array(new SharedArrayBuffer(8));
    let gh: TestGatehouse;
    let shop: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    let other: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
    let admin: ConsoleClient;

    async function pay(auth: { userName: string; password: string }): Promise<string> {
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...auth,
        amount: 1500,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `held-${randomBytes(4).toString('hex')}`,
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      return String(paid.body.orderId);
    }

    /** Waits (bounded) until `count` reads have reached the hold on the console's read thread. */
    async function readsHeld(count: number): Promise<void> {
      for (let waited = 0; Atomics.load(hold, 1) < count; waited += 5) {
        if (waited > 20_000) assert.fail(`only ${Atomics.load(hold, 1)} of ${count} reads reached the hold`);
        await delay(5);
      }
    }

    before(async () => {
      Atomics.store(hold, 0, 1);
      gh = await startTestGatehouse('sqlite', { consoleReadHold: hold });
      shop = await gh.createMerchant();
      other = await gh.createMerchant();
      const email = `admin-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({
        email,
        role: 'admin',
        merchants: [],
        password: PASSWORD,
      });
      admin = new ConsoleClient(gh.baseUrl);
      assert.equal((await admin.login(email, PASSWORD)).status, 303);
    });
    after(async () => {
      Atomics.store(hold, 0, 1);
      Atomics.notify(hold, 0);
      await gh.close();
    });

    test('a status request and a payment are answered while a console list is under way; the list then shows the merchant’s orders, the new one too', async () => {
      const first = await pay(shop.auth);
      const elsewhere = await pay(other.auth);
      Atomics.store(hold, 0, 0);
      const reached = Atomics.load(hold, 1);
      let listed = false;
      const list = admin.get(`/console/orders?merchant=${shop.merchantLogin}`).finally(() => {
        listed = true;
      });
      // The list's first read waits on the read thread (its others queue behind it).
      await readsHeld(reached + 1);
      const status = await gh.post('/payment/rest/getOrderStatusExtended.do', {
        ...shop.auth,
        orderId: first,
      });
      assert.equal(status.body.errorCode, '0', status.text);
      assert.equal(status.body.orderStatus, 2);
      const second = await pay(shop.auth);
      assert.equal(listed, false, 'the console list is still held on its thread');
      Atomics.store(hold, 0, 1);
      Atomics.notify(hold, 0);
      const page = await list;
      assert.equal(page.status, 200);
      assert.ok(page.html.includes(first), 'the order paid before the list');
      assert.ok(page.html.includes(second), 'the order paid while the list waited: its read began after');
      assert.ok(!page.html.includes(elsewhere), 'another merchant’s order is not in the merchant’s list');
    });
  });
}
