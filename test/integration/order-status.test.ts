import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type FormParams, type TestGatehouse } from '../support/gatehouse-harness.js';

const REGISTER = '/payment/rest/register.do';
const EXTENDED = '/payment/rest/getOrderStatusExtended.do';
const LEGACY = '/payment/rest/getOrderStatus.do';

type Auth = { userName: string; password: string };

function uniqueNumber(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

for (const engine of ENGINES) {
  void describe(`${engine}: getOrderStatusExtended.do and getOrderStatus.do`, () => {
    let gh: TestGatehouse;
    let auth: Auth;
    let otherAuth: Auth;

    async function register(
      params: FormParams,
      as: Auth = auth,
    ): Promise<{ orderId: string; orderNumber: string }> {
      const orderNumber = typeof params.orderNumber === 'string' ? params.orderNumber : uniqueNumber('os');
      const response = await gh.post(REGISTER, {
        ...as,
        amount: 1000,
        returnUrl: 'https://shop.example/ok',
        ...params,
        orderNumber,
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(typeof response.body.orderId, 'string', response.text);
      return { orderId: response.body.orderId as string, orderNumber };
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
      otherAuth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    void test('reads an order by orderId and by orderNumber with the same body', async () => {
      const order = await register({ amount: 1234 });
      const byId = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      const byNumber = await gh.post(EXTENDED, { ...auth, orderNumber: order.orderNumber });
      assert.equal(byId.status, 200);
      assert.equal(byId.body.errorCode, '0');
      assert.equal(byId.body.orderNumber, order.orderNumber);
      assert.equal(byId.body.amount, 1234);
      assert.equal(byNumber.status, 200);
      assert.equal(byNumber.body.errorCode, '0');
      assert.deepEqual(byNumber.body, byId.body);
    });

    void test('orderId wins when both orderId and orderNumber are given', async () => {
      const first = await register({ amount: 111 });
      const second = await register({ amount: 222 });
      const response = await gh.post(EXTENDED, {
        ...auth,
        orderId: first.orderId,
        orderNumber: second.orderNumber,
      });
      assert.equal(response.body.errorCode, '0');
      assert.equal(response.body.orderNumber, first.orderNumber);
      assert.equal(response.body.amount, 111);
      assert.deepEqual(response.body.attributes, [{ name: 'mdOrder', value: first.orderId }]);
    });

    void test('an unknown orderId is not rescued by a valid orderNumber (orderId wins)', async () => {
      const order = await register({});
      const response = await gh.post(EXTENDED, {
        ...auth,
        orderId: '00000000-0000-4000-8000-000000000000',
        orderNumber: order.orderNumber,
      });
      assert.equal(response.body.errorCode, '6');
      assert.equal(response.body.orderStatus, undefined);
    });

    void test('merchantLogin of an unrelated merchant is refused with errorCode 5', async () => {
      const theirs = await register({}, otherAuth);
      const other = await gh.post(EXTENDED, {
        ...auth,
        orderId: theirs.orderId,
        merchantLogin: otherAuth.userName.replace(/-api$/, ''),
      });
      assert.equal(other.body.errorCode, '5');
      assert.equal(other.body.orderStatus, undefined);
    });

    void test('neither orderId nor orderNumber: errorCode 1 with a message', async () => {
      const response = await gh.post(EXTENDED, { ...auth });
      assert.equal(response.status, 200);
      assert.equal(response.body.errorCode, '1');
      assert.equal(typeof response.body.errorMessage, 'string');
      assert.match(response.body.errorMessage as string, /orderId/);
      assert.match(response.body.errorMessage as string, /orderNumber/);
      assert.equal(response.body.orderStatus, undefined);
    });

    void test('unknown orderId and unknown orderNumber: errorCode 6', async () => {
      const byId = await gh.post(EXTENDED, { ...auth, orderId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(byId.status, 200);
      assert.equal(byId.body.errorCode, '6');
      assert.ok(typeof byId.body.errorMessage === 'string' && byId.body.errorMessage.length > 0);
      assert.equal(byId.body.orderStatus, undefined);
      const byNumber = await gh.post(EXTENDED, { ...auth, orderNumber: uniqueNumber('missing') });
      assert.equal(byNumber.body.errorCode, '6');
    });

    void test("another merchant's order is not found, by id or by number", async () => {
      const order = await register({}, otherAuth);
      const byId = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      assert.equal(byId.status, 200);
      assert.equal(byId.body.errorCode, '6');
      assert.equal(byId.body.orderStatus, undefined);
      assert.ok(!byId.text.includes(order.orderNumber));
      const byNumber = await gh.post(EXTENDED, { ...auth, orderNumber: order.orderNumber });
      assert.equal(byNumber.body.errorCode, '6');
      assert.equal(byNumber.body.orderStatus, undefined);
      // The owner still reads it.
      const own = await gh.post(EXTENDED, { ...otherAuth, orderId: order.orderId });
      assert.equal(own.body.errorCode, '0');
    });

    void test('the same order number under two merchants resolves to each caller’s own order', async () => {
      const orderNumber = uniqueNumber('shared');
      const mine = await register({ orderNumber, amount: 501 });
      const theirs = await register({ orderNumber, amount: 502 }, otherAuth);
      assert.notEqual(mine.orderId, theirs.orderId);
      const response = await gh.post(EXTENDED, { ...auth, orderNumber });
      assert.equal(response.body.amount, 501);
      assert.deepEqual(response.body.attributes, [{ name: 'mdOrder', value: mine.orderId }]);
    });

    void test('full member shape of an unpaid order', async () => {
      const startMs = gh.clock.nowMs();
      const order = await register({ amount: 4200, description: 'Two books' });
      const endMs = gh.clock.nowMs();
      const response = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      const body = response.body;
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(body.errorCode, '0');
      assert.equal(body.errorMessage, 'Success');
      assert.equal(body.orderNumber, order.orderNumber);
      assert.equal(body.orderStatus, 0);
      assert.equal(body.actionCode, -100);
      assert.equal(typeof body.actionCodeDescription, 'string');
      assert.ok((body.actionCodeDescription as string).length > 0);
      assert.equal(body.amount, 4200);
      assert.equal(typeof body.amount, 'number');
      assert.equal(body.currency, '978');
      assert.equal(typeof body.date, 'number');
      assert.ok(Number.isInteger(body.date));
      assert.ok(
        (body.date as number) >= startMs - 1000 && (body.date as number) <= endMs + 1000,
        `date ${String(body.date)}`,
      );
      assert.equal(body.orderDescription, 'Two books');
      assert.deepEqual(body.merchantOrderParams, []);
      assert.deepEqual(body.attributes, [{ name: 'mdOrder', value: order.orderId }]);
      assert.deepEqual(body.cardAuthInfo, {});
      assert.deepEqual(body.paymentAmountInfo, {
        paymentState: 'CREATED',
        approvedAmount: 0,
        depositedAmount: 0,
        refundedAmount: 0,
        totalAmount: 4200,
      });
      assert.equal(typeof body.bankInfo, 'object');
      assert.notEqual(body.bankInfo, null);
      assert.deepEqual(body.refunds, []);
      assert.equal(body.chargeback, false);
      // Not given at registration: absent.
      assert.equal(body.bindingInfo, undefined);
      assert.equal(body.payerData, undefined);
      assert.equal(body.ip, undefined);
      assert.equal(body.Pan, undefined);
    });

    void test('success message is localized by language', async () => {
      const order = await register({});
      const de = await gh.post(EXTENDED, { ...auth, orderId: order.orderId, language: 'de' });
      assert.equal(de.body.errorCode, '0');
      assert.equal(de.body.errorMessage, 'Erfolg');
      const en = await gh.post(EXTENDED, { ...auth, orderId: order.orderId, language: 'en' });
      assert.equal(en.body.errorMessage, 'Success');
      assert.notEqual(de.body.actionCodeDescription, en.body.actionCodeDescription);
      const legacyDe = await gh.post(LEGACY, { ...auth, orderId: order.orderId, language: 'de' });
      assert.equal(legacyDe.body.ErrorMessage, 'Erfolg');
    });

    void test('bindingInfo, payerData.email, ip and merchantOrderParams when given at registration', async () => {
      const order = await register({
        clientId: 'client-77',
        email: 'buyer@example.com',
        ip: '203.0.113.9',
        currency: '840',
        jsonParams: { color: 'blue' },
      });
      const response = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      const body = response.body;
      assert.equal(body.errorCode, '0');
      assert.deepEqual(body.bindingInfo, { clientId: 'client-77' });
      assert.equal((body.payerData as Record<string, unknown> | undefined)?.email, 'buyer@example.com');
      assert.equal(body.ip, '203.0.113.9');
      assert.equal(body.currency, '840');
      assert.deepEqual(body.merchantOrderParams, [{ name: 'color', value: 'blue' }]);
    });

    void test('an order past its lifetime reads as declined by timeout (status 6, actionCode -2007)', async () => {
      const order = await register({ sessionTimeoutSecs: 60 });
      const live = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      assert.equal(live.body.orderStatus, 0);
      gh.clock.advance(61_000);
      const response = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      assert.equal(response.body.errorCode, '0');
      assert.equal(response.body.orderStatus, 6);
      assert.equal(response.body.actionCode, -2007);
      assert.ok(
        typeof response.body.actionCodeDescription === 'string' && response.body.actionCodeDescription !== '',
      );
      assert.equal((response.body.paymentAmountInfo as Record<string, unknown>).paymentState, 'DECLINED');
      const legacy = await gh.post(LEGACY, { ...auth, orderId: order.orderId });
      assert.equal(legacy.body.OrderStatus, 6);
      const row = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select(['status', 'action_code'])
        .where('id', '=', order.orderId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.status), 6);
      assert.equal(Number(row.action_code), -2007);
    });

    void test('an order one second before its deadline is still live', async () => {
      const order = await register({ sessionTimeoutSecs: 60 });
      gh.clock.advance(58_000);
      const response = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      assert.equal(response.body.orderStatus, 0);
      assert.equal(response.body.actionCode, -100);
      gh.clock.advance(3_000);
    });

    void test('the background job expires an order in the database before any read', async () => {
      const order = await register({ sessionTimeoutSecs: 60 });
      const survivor = await register({ sessionTimeoutSecs: 3600 });
      gh.clock.advance(61_000);
      await gh.gatehouse.jobs.runAll();
      const rows = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select(['id', 'status', 'action_code'])
        .where('id', 'in', [order.orderId, survivor.orderId])
        .execute();
      const expired = rows.find((row) => row.id === order.orderId);
      const live = rows.find((row) => row.id === survivor.orderId);
      assert.ok(expired !== undefined && live !== undefined);
      assert.equal(Number(expired.status), 6);
      assert.equal(Number(expired.action_code), -2007);
      assert.equal(Number(live.status), 0);
      assert.equal(Number(live.action_code), -100);
      const response = await gh.post(EXTENDED, { ...auth, orderId: order.orderId });
      assert.equal(response.body.orderStatus, 6);
      assert.equal(response.body.actionCode, -2007);
    });

    void test('getOrderStatus.do answers with the legacy capitalised block', async () => {
      const order = await register({ amount: 777, ip: '198.51.100.4' });
      const response = await gh.post(LEGACY, { ...auth, orderId: order.orderId });
      const body = response.body;
      assert.equal(response.status, 200);
      assert.equal(body.ErrorCode, '0');
      assert.equal(body.ErrorMessage, 'Success');
      assert.equal(body.OrderStatus, 0);
      assert.equal(body.OrderNumber, order.orderNumber);
      assert.equal(body.Amount, 777);
      assert.equal(body.currency, '978');
      assert.equal(body.authCode, 2);
      assert.equal(body.Ip, '198.51.100.4');
      assert.equal(body.Pan, undefined, 'no Pan before payment');
      assert.equal(body.errorCode, undefined);
      assert.equal(body.orderStatus, undefined);
      const byNumber = await gh.post(LEGACY, { ...auth, orderNumber: order.orderNumber });
      assert.deepEqual(byNumber.body, body);
    });

    void test('getOrderStatus.do refusals use ErrorCode and ErrorMessage', async () => {
      const unknown = await gh.post(LEGACY, { ...auth, orderId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(unknown.status, 200);
      assert.equal(unknown.body.ErrorCode, '6');
      assert.ok(typeof unknown.body.ErrorMessage === 'string' && unknown.body.ErrorMessage.length > 0);
      assert.equal(unknown.body.errorCode, undefined);
      assert.equal(unknown.body.OrderStatus, undefined);

      const missing = await gh.post(LEGACY, { ...auth });
      assert.equal(missing.body.ErrorCode, '1');
      assert.equal(missing.body.errorCode, undefined);

      const denied = await gh.post(LEGACY, { userName: auth.userName, password: 'wrong-password' });
      assert.equal(denied.body.ErrorCode, '5');
      assert.equal(typeof denied.body.ErrorMessage, 'string');
      assert.equal(denied.body.errorCode, undefined);

      const theirs = await register({}, otherAuth);
      const foreign = await gh.post(LEGACY, { ...auth, orderId: theirs.orderId });
      assert.equal(foreign.body.ErrorCode, '6');
    });
  });
}
