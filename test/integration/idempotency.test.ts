import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Refusal } from '../../src/domain/refusals.js';
import { Idempotency } from '../../src/http/idempotency.js';
import { IdempotencyRepository } from '../../src/store/idempotency-repository.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const HOUR_MS = 60 * 60 * 1000;

type Auth = { userName: string; password: string };

for (const engine of ENGINES) {
  describe(`${engine}: Idempotency-Key`, () => {
    let gh: TestGatehouse;
    let auth: Auth;
    let otherAuth: Auth;
    const logins = new Map<string, string>();

    before(async () => {
      gh = await startTestGatehouse(engine);
      const limits = { rateLimitPerSecond: 100_000, concurrentLimit: 10_000 };
      const mine = await gh.createMerchant({ permissions: ['preAuth'], ...limits });
      const other = await gh.createMerchant(limits);
      auth = mine.auth;
      otherAuth = other.auth;
      logins.set(auth.userName, mine.merchantLogin);
      logins.set(otherAuth.userName, other.merchantLogin);
    });
    after(() => gh.close());

    const newKey = () => `key-${randomBytes(6).toString('hex')}`;
    const post = (op: string, params: Record<string, string | number | boolean>, key?: string, who = auth) =>
      gh.post(
        `${REST}/${op}`,
        { ...who, ...params },
        key === undefined ? {} : { headers: { 'idempotency-key': key } },
      );
    const payment = (orderNumber: string, amount = 1000) => ({
      amount,
      pan: '4111111111111111',
      expiry: '203412',
      returnUrl: 'https://shop.example/ok',
      orderNumber,
    });
    const orderNumber = () => `idem-${randomBytes(5).toString('hex')}`;

    async function paid(amount: number): Promise<string> {
      const response = await post('instantPayment.do', payment(orderNumber(), amount));
      assert.equal(response.body.errorCode, '0', response.text);
      return String(response.body.orderId);
    }

    async function merchantId(who: Auth): Promise<string> {
      const row = await gh.gatehouse.store.db
        .selectFrom('merchants')
        .select('id')
        .where('login', '=', logins.get(who.userName) ?? '')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function keyRow(who: Auth, key: string) {
      return gh.gatehouse.store.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('merchant_id', '=', await merchantId(who))
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    }

    async function operations(orderId: string, kind: string) {
      return gh.gatehouse.store.db
        .selectFrom('order_operations')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', kind)
        .execute();
    }

    function assertReplay(first: ApiResponse, again: ApiResponse): void {
      assert.equal(again.status, first.status);
      assert.equal(again.text, first.text, 'the body is replayed byte for byte');
      assert.equal(again.headers.get('content-type'), first.headers.get('content-type'));
      assert.equal(first.headers.get('idempotent-replayed'), null);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
    }

    test('instantPayment.do: the same key and body replays the first response; one order, one authorization', async () => {
      const key = newKey();
      const number = orderNumber();
      const first = await post('instantPayment.do', payment(number), key);
      assert.equal(first.status, 200);
      assert.equal(first.body.errorCode, '0', first.text);
      const again = await post('instantPayment.do', payment(number), key);
      assertReplay(first, again);
      const orders = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('id')
        .where('order_number', '=', number)
        .execute();
      assert.equal(orders.length, 1, 'one order');
      assert.equal(orders[0]?.id, first.body.orderId);
      assert.equal((await operations(String(first.body.orderId), 'authorization')).length, 1);
      const row = await keyRow(auth, key);
      assert.equal(row?.path, `${REST}/instantPayment.do`);
      assert.equal(row?.response_status, 200);
      assert.equal(row?.response_body, first.text);
    });

    test('without the key a generated order number is new each time; with it the same order comes back', async () => {
      const body = { ...payment('x') } as Record<string, string | number>;
      delete body.orderNumber;
      const key = newKey();
      const first = await post('instantPayment.do', body, key);
      const again = await post('instantPayment.do', body, key);
      assertReplay(first, again);
      const plain = await post('instantPayment.do', body);
      assert.equal(plain.body.errorCode, '0');
      assert.notEqual(plain.body.orderId, first.body.orderId);
    });

    test('the same key with a different body, or on another operation, is refused; the first result stays', async () => {
      const key = newKey();
      const number = orderNumber();
      const first = await post('instantPayment.do', payment(number, 1000), key);
      assert.equal(first.body.errorCode, '0');
      const changed = await post('instantPayment.do', payment(number, 1001), key);
      assert.equal(changed.status, 200);
      assert.equal(changed.body.errorCode, '5');
      assert.equal(
        changed.body.errorMessage,
        'This Idempotency-Key was already used for a different request',
      );
      assert.equal(changed.body.error, changed.body.errorMessage, "instantPayment.do's envelope");
      assert.equal(changed.headers.get('idempotent-replayed'), null);
      const elsewhere = await post('refund.do', { orderId: String(first.body.orderId), amount: 100 }, key);
      assert.deepEqual(elsewhere.body, {
        errorCode: '5',
        errorMessage: 'This Idempotency-Key was already used for a different request',
      });
      assert.equal((await operations(String(first.body.orderId), 'refund')).length, 0, 'nothing refunded');
      const german = await post('instantPayment.do', { ...payment(number, 1002), language: 'de' }, key);
      assert.match(String(german.body.errorMessage), /Idempotency-Key wurde bereits/);
      assertReplay(first, await post('instantPayment.do', payment(number, 1000), key));
    });

    test('a refusal from the operation is recorded and replayed', async () => {
      const key = newKey();
      const params = { orderId: '00000000-0000-0000-0000-000000000000', amount: 100 };
      const first = await post('refund.do', params, key);
      assert.equal(first.status, 200);
      assert.equal(first.body.errorCode, '6', first.text);
      assertReplay(first, await post('refund.do', params, key));
      assert.equal((await keyRow(auth, key))?.response_body, first.text);
    });

    test('a request refused before the operation (authentication, parameters) does not use up the key', async () => {
      const key = newKey();
      const orderId = await paid(5000);
      const denied = await post('refund.do', { orderId, amount: 100 }, key, {
        userName: auth.userName,
        password: 'wrong',
      });
      assert.equal(denied.body.errorCode, '5');
      const invalid = await post('refund.do', { orderId, amount: 'ten' }, key);
      assert.equal(invalid.body.errorCode, '5');
      assert.equal(await keyRow(auth, key), undefined);
      const refund = await post('refund.do', { orderId, amount: 100 }, key);
      assert.equal(refund.body.errorCode, '0', refund.text);
    });

    test('20 concurrent refund.do with one key and body: one refund, each answer the replay or "in progress"', async () => {
      const orderId = await paid(10_000);
      const key = newKey();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => post('refund.do', { orderId, amount: 300 }, key)),
      );
      const successes = results.filter((r) => r.status === 200 && r.body.errorCode === '0');
      const inProgress = results.filter((r) => r.status === 429 && r.body.errorCode === '7');
      assert.equal(successes.length + inProgress.length, 20, results.map((r) => r.text).join('\n'));
      assert.ok(successes.length >= 1);
      assert.ok(successes.every((r) => r.text === successes[0]?.text));
      assert.equal(results.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1);
      const refunds = await operations(orderId, 'refund');
      assert.equal(refunds.length, 1, 'executed once');
      const order = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('refunded_minor')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.equal(order.refunded_minor, 300);
      assert.equal((await post('refund.do', { orderId, amount: 300 }, key)).text, successes[0]?.text);
    });

    test('every mutating operation honours the key: register, deposit, reverse, decline', async () => {
      const registerParams = {
        amount: 500,
        returnUrl: 'https://shop.example/ok',
        orderNumber: orderNumber(),
      };
      const key = newKey();
      const registered = await post('register.do', registerParams, key);
      assert.equal(typeof registered.body.orderId, 'string', registered.text);
      assertReplay(registered, await post('register.do', registerParams, key));
      const declineParams = {
        orderId: String(registered.body.orderId),
        orderNumber: registerParams.orderNumber,
      };
      const declineKey = newKey();
      const declined = await post('decline.do', declineParams, declineKey);
      assert.equal(declined.body.errorCode, '0', declined.text);
      assertReplay(declined, await post('decline.do', declineParams, declineKey));
      // Without the key the second decline meets the declined order.
      assert.equal((await post('decline.do', declineParams)).body.errorCode, '7');

      const hold = await post('instantPayment.do', { ...payment(orderNumber(), 900), preAuth: true });
      assert.equal(hold.body.errorCode, '0', hold.text);
      const holdId = String(hold.body.orderId);
      const depositKey = newKey();
      const deposited = await post('deposit.do', { orderId: holdId, amount: 400 }, depositKey);
      assert.equal(deposited.body.errorCode, '0', deposited.text);
      assertReplay(deposited, await post('deposit.do', { orderId: holdId, amount: 400 }, depositKey));
      assert.equal((await operations(holdId, 'capture')).length, 1);

      const orderId = await paid(800);
      const reverseKey = newKey();
      const reversed = await post('reverse.do', { orderId }, reverseKey);
      assert.equal(reversed.body.errorCode, '0', reversed.text);
      assertReplay(reversed, await post('reverse.do', { orderId }, reverseKey));
      assert.equal((await operations(orderId, 'reversal')).length, 1);
    });

    test("two merchants' keys never collide", async () => {
      const key = newKey();
      const mine = await post('instantPayment.do', payment(orderNumber()), key);
      const theirs = await post('instantPayment.do', payment(orderNumber()), key, otherAuth);
      assert.equal(mine.body.errorCode, '0');
      assert.equal(theirs.body.errorCode, '0', theirs.text);
      assert.notEqual(theirs.body.orderId, mine.body.orderId);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);
      assert.ok(await keyRow(auth, key));
      assert.ok(await keyRow(otherAuth, key));
    });

    test('a malformed key is refused with the envelope; reads ignore the header', async () => {
      const orderId = await paid(1000);
      for (const key of ['x'.repeat(256), 'a\tb', '']) {
        const response = await post('refund.do', { orderId, amount: 100 }, key);
        assert.equal(response.status, 400, JSON.stringify(key));
        assert.equal(response.body.errorCode, '5');
        assert.match(String(response.body.errorMessage), /Idempotency-Key/);
      }
      assert.equal((await operations(orderId, 'refund')).length, 0);
      const longest = await post('refund.do', { orderId, amount: 100 }, `~ ${'k'.repeat(253)}`);
      assert.equal(longest.body.errorCode, '0', longest.text);
      const status = await post('getOrderStatusExtended.do', { orderId }, 'x'.repeat(300));
      assert.equal(status.body.errorCode, '0');
    });

    test('requests without the header behave as before and store no key', async () => {
      const orderId = await paid(1000);
      const db = gh.gatehouse.store.db;
      const before = await db.selectFrom('idempotency_keys').select('idempotency_key').execute();
      assert.equal((await post('refund.do', { orderId, amount: 100 })).body.errorCode, '0');
      assert.equal((await post('refund.do', { orderId, amount: 100 })).body.errorCode, '0');
      assert.equal((await operations(orderId, 'refund')).length, 2);
      const afterRows = await db.selectFrom('idempotency_keys').select('idempotency_key').execute();
      assert.equal(afterRows.length, before.length);
    });

    test('a system error releases the key so a retry runs; a running first request makes a duplicate wait, then refuses', async () => {
      const store = gh.gatehouse.store;
      const scope = {
        merchantId: await merchantId(auth),
        path: `${REST}/refund.do`,
        rawBody: Buffer.from('a=1'),
      };
      const log = gh.gatehouse.logger;
      const render = (refusal: Refusal) => ({ errorCode: refusal.errorCode });
      const idempotency = new Idempotency(new IdempotencyRepository(store), gh.clock, 200);
      for (const failure of [new Error('boom'), new Refusal('SYSTEM_ERROR')]) {
        const key = newKey();
        await assert.rejects(
          idempotency.execute({ ...scope, key }, log, () => Promise.reject(failure), render),
          (error) => error === failure,
        );
        assert.equal(await keyRow(auth, key), undefined, 'released');
        let runs = 0;
        const retry = await idempotency.execute(
          { ...scope, key },
          log,
          () => Promise.resolve({ run: ++runs }),
          render,
        );
        assert.deepEqual(retry, { status: 200, text: '{"run":1}', replayed: false });
      }

      const key = newKey();
      let finish: (value: object) => void = () => undefined;
      const slow = idempotency.execute(
        { ...scope, key },
        log,
        () => new Promise<object>((resolve) => (finish = resolve)),
        render,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await assert.rejects(
        idempotency.execute({ ...scope, key }, log, () => Promise.resolve({ twice: true }), render),
        (error) => error instanceof Refusal && error.key === 'IDEMPOTENCY_KEY_IN_PROGRESS',
      );
      const waiting = idempotency.execute(
        { ...scope, key },
        log,
        () => Promise.resolve({ twice: true }),
        render,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      finish({ once: true });
      assert.deepEqual(await slow, { status: 200, text: '{"once":true}', replayed: false });
      assert.deepEqual(await waiting, { status: 200, text: '{"once":true}', replayed: true });
    });

    // Last: it moves the clock a day forward.
    test('the cleanup job deletes keys older than 24 hours and keeps newer ones', async () => {
      const oldKey = newKey();
      const newerKey = newKey();
      const oldNumber = orderNumber();
      const newerNumber = orderNumber();
      assert.equal((await post('instantPayment.do', payment(oldNumber), oldKey)).body.errorCode, '0');
      gh.clock.advance(23 * HOUR_MS);
      const newer = await post('instantPayment.do', payment(newerNumber), newerKey);
      assert.equal(newer.body.errorCode, '0');
      await gh.gatehouse.jobs.runAll();
      assert.ok(await keyRow(auth, oldKey), 'kept for at least 24 hours');
      gh.clock.advance(2 * HOUR_MS);
      await gh.gatehouse.jobs.runAll();
      assert.equal(await keyRow(auth, oldKey), undefined, 'deleted after 25 hours');
      assert.ok(await keyRow(auth, newerKey), 'a 2-hour-old key stays');
      // The old key is free again; the newer one still replays.
      const reused = await post('instantPayment.do', payment(orderNumber()), oldKey);
      assert.equal(reused.body.errorCode, '0');
      assert.equal(reused.headers.get('idempotent-replayed'), null);
      assertReplay(newer, await post('instantPayment.do', payment(newerNumber), newerKey));
    });
  });
}
