import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { JSON_DEPTH_MAX, JSON_FIELD_CHARS_MAX } from '../../src/api/params/input-screen.js';
import { OrderMovementRepository } from '../../src/store/order-movement-repository.js';
import { ENGINES } from '../support/engines.js';
import { formBody, startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { assertRefusal } from '../support/refusals.js';

const REST = '/payment/rest';
// Long enough for 20 concurrent refunds on a loaded machine: at 300 ms a whole-suite run once saw
// every one of them answer 7 (the acquirer's answer counted as lost), and none refund.
const ACQUIRER_TIMEOUT_MS = 1_000;
/** The recovery job leaves a pending operation alone this long (payment-recovery-job.ts). */
const RECOVERY_DEADLINE_MS = ACQUIRER_TIMEOUT_MS + 60_000 + 1;

type Auth = { userName: string; password: string };

/** JSON text of `levels` arrays nested inside one another (as text: JSON.stringify itself overflows). */
function nested(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
}

const CART = {
  cartItems: {
    items: [{ positionId: 1, name: 'Tea', quantity: { value: 1, measure: 'pcs' }, itemAmount: 1000 }],
  },
};

/** orderBundle's JSON text with one more member, given as JSON text. */
function cartWith(member: string, json: string): string {
  return `${JSON.stringify(CART).slice(0, -1)},"${member}":${json}}`;
}

for (const engine of ENGINES) {
  describe(`${engine}: issue 9: hostile input never reaches a database`, () => {
    let gh: TestGatehouse;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const register = (params: Record<string, unknown>) =>
      gh.post(`${REST}/register.do`, {
        ...auth,
        orderNumber: `h-${randomBytes(5).toString('hex')}`,
        amount: 1000,
        returnUrl: 'https://shop.example/ok',
        ...(params as Record<string, string>),
      });

    test('a NUL in any parameter, the credentials included, is refused by name before authentication', async () => {
      for (const operation of ['register.do', 'getOrderStatusExtended.do', 'refund.do', 'extendBinding.do']) {
        const response = await gh.post(`${REST}/${operation}`, {}, { rawBody: 'userName=x%00&password=p' });
        assert.equal(response.status, 200, operation);
        assert.equal(response.body.errorCode, '5', operation);
        assert.match(String(response.body.errorMessage), /\[userName\].*control characters/, operation);
      }
      const token = await gh.post(`${REST}/register.do`, {}, { rawBody: 'token=%01abc' });
      assert.match(String(token.body.errorMessage), /\[token\]/);
      const field = await register({ orderNumber: 'a\u0000b' });
      assert.equal(field.body.errorCode, '5');
      assert.match(String(field.body.errorMessage), /\[orderNumber\]/);
      const unknown = await register({ 'no\u0000such': 'x' });
      assert.equal(unknown.body.errorCode, '5', 'a parameter the operation does not know is screened too');
    });

    test('jsonParams=null, as the Go client sends it with every call, is jsonParams left out', async () => {
      const response = await register({ jsonParams: 'null', orderBundle: 'null' });
      assert.equal(typeof response.body.orderId, 'string', response.text);
      const refused = await register({ jsonParams: '[]' });
      assert.equal(refused.body.errorCode, '5', 'other non-objects are still refused');
    });

    test('tab, line feed and carriage return stay allowed in free text', async () => {
      const response = await register({ description: 'line one\r\nline two\tend' });
      assert.equal(typeof response.body.orderId, 'string', response.text);
    });

    test('a NUL escaped inside a JSON-valued field is refused with the member path', async () => {
      const response = await register({ orderBundle: cartWith('note', '"a\\u0000b"') });
      assert.equal(response.body.errorCode, '5');
      assert.match(String(response.body.errorMessage), /\[orderBundle\.note\]/);
    });

    test(`JSON-valued fields nest at most ${JSON_DEPTH_MAX} levels: the limit passes, one more and 5,000 are refused`, async () => {
      // orderBundle is level 1, its member `deep` level 2: the arrays fill the levels up to the limit.
      const atLimit = await register({ orderBundle: cartWith('deep', nested(JSON_DEPTH_MAX - 1)) });
      assert.equal(typeof atLimit.body.orderId, 'string', atLimit.text);
      for (const levels of [JSON_DEPTH_MAX, 5_000]) {
        const refused = await register({ orderBundle: cartWith('deep', nested(levels)) });
        assert.equal(refused.status, 200);
        assert.equal(refused.body.errorCode, '5', String(levels));
        assert.match(String(refused.body.errorMessage), /\[orderBundle.*nested at most 32 levels/);
      }
      const payer = await register({ billingPayerData: `{"payerAccount":${nested(5_000)}}` });
      assert.equal(payer.body.errorCode, '5');
    });

    test(`a JSON-valued field of more than ${JSON_FIELD_CHARS_MAX} characters is refused`, async () => {
      const big = cartWith('pad', JSON.stringify('x'.repeat(JSON_FIELD_CHARS_MAX)));
      const response = await register({ orderBundle: big });
      assert.equal(response.body.errorCode, '5');
      assert.match(
        String(response.body.errorMessage),
        new RegExp(`\\[orderBundle\\].*${JSON_FIELD_CHARS_MAX}`),
      );
    });

    test('a control character in a page address or field is no order, never an error', async () => {
      const page = await fetch(`${gh.baseUrl}/payment/merchants/x%00/payment_en.html?mdOrder=a%00b`);
      assert.equal(page.status, 404);
      assert.match(await page.text(), /<html/);
    });

    test('repeated credentials are refused like any repeated parameter, naming it', async () => {
      const response = await gh.post(
        `${REST}/getOrderStatusExtended.do`,
        {},
        { rawBody: `${formBody(auth)}&userName=${auth.userName}&orderId=x` },
      );
      assert.equal(response.body.errorCode, '5');
      assert.match(String(response.body.errorMessage), /\[userName\].*single value/);
    });
  });

  describe(`${engine}: issue 9: refusals say what cannot be done, and register.do checks its binding`, () => {
    let gh: TestGatehouse;
    let auth: Auth;
    let other: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine);
      auth = (await gh.createMerchant({ permissions: ['storedCredentials', 'preAuth'] })).auth;
      other = (await gh.createMerchant({ permissions: ['storedCredentials'] })).auth;
    });
    after(() => gh.close());

    async function storedBinding(who: Auth, clientId: string): Promise<string> {
      const paid = await gh.post(`${REST}/instantPayment.do`, {
        ...who,
        amount: 100,
        pan: '4111111111111111',
        expiry: '203412',
        clientId,
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      const bindings = await gh.post(`${REST}/getBindings.do`, { ...who, clientId });
      return String((bindings.body.bindings as { bindingId: string }[])[0]?.bindingId);
    }

    test('refund.do, reverse.do, deposit.do and decline.do name their own refusal', async () => {
      const registered = await gh.post(`${REST}/register.do`, {
        ...auth,
        orderNumber: `w-${randomBytes(5).toString('hex')}`,
        amount: 1000,
        returnUrl: 'https://shop.example/ok',
      });
      const orderId = String(registered.body.orderId);
      const expected = {
        'refund.do': 'ORDER_NOT_REFUNDABLE',
        'reverse.do': 'ORDER_NOT_REVERSIBLE',
        'deposit.do': 'ORDER_NOT_CAPTURABLE',
      } as const;
      for (const [operation, key] of Object.entries(expected)) {
        assertRefusal(await gh.post(`${REST}/${operation}`, { ...auth, orderId, amount: 0 }), {
          errorCode: '7',
          key,
        });
      }
      const number = (await gh.post(`${REST}/getOrderStatusExtended.do`, { ...auth, orderId })).body
        .orderNumber;
      assert.equal(
        (await gh.post(`${REST}/decline.do`, { ...auth, orderId, orderNumber: String(number) })).body
          .errorCode,
        '0',
      );
      const again = await gh.post(`${REST}/decline.do`, { ...auth, orderId, orderNumber: String(number) });
      assert.match(String(again.body.errorMessage), /cannot be cancelled/);
    });

    test('extendBinding.do needs no language, as the PHP client calls it', async () => {
      const bindingId = await storedBinding(auth, 'ext-client');
      const response = await gh.post(`${REST}/extendBinding.do`, { ...auth, bindingId, newExpiry: '203501' });
      assert.deepEqual(response.body, { errorCode: '0', errorMessage: 'Success' });
    });

    test("register.do refuses another merchant's or another client's bindingId, and takes its own", async () => {
      const mine = await storedBinding(auth, 'client-a');
      const theirs = await storedBinding(other, 'client-a');
      const register = (bindingId: string, clientId: string) =>
        gh.post(`${REST}/register.do`, {
          ...auth,
          orderNumber: `b-${randomBytes(5).toString('hex')}`,
          amount: 500,
          returnUrl: 'https://shop.example/ok',
          clientId,
          bindingId,
        });
      for (const [bindingId, clientId] of [
        [theirs, 'client-a'],
        [mine, 'client-b'],
        ['no-such-binding', 'client-a'],
      ] as const) {
        const refused = await register(bindingId, clientId);
        assert.equal(refused.body.errorCode, '5', refused.text);
        assert.match(String(refused.body.errorMessage), /\[bindingId\]/);
      }
      const accepted = await register(mine, 'client-a');
      assert.equal(typeof accepted.body.orderId, 'string', accepted.text);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, {
        ...auth,
        orderId: String(accepted.body.orderId),
      });
      assert.deepEqual(status.body.bindingInfo, { clientId: 'client-a', bindingId: mine });
    });
  });

  describe(`${engine}: issue 9: the money holes`, () => {
    let gh: TestGatehouse;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) },
      });
      const limits = { rateLimitPerSecond: 100_000, concurrentLimit: 10_000 };
      auth = (
        await gh.createMerchant({
          permissions: ['preAuth', 'partialReversal', 'instantRefund'],
          // Callbacks are written to the outbox (never delivered here: the job interval is an hour).
          callbackUrl: 'https://shop.example/callbacks',
          ...limits,
        })
      ).auth;
    });
    after(() => gh.close());

    async function paid(pan: string, preAuth: boolean): Promise<Record<string, unknown>> {
      const response = await gh.post(`${REST}/instantPayment.do`, {
        ...auth,
        amount: 1000,
        pan,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        preAuth,
      });
      return response.body;
    }
    const operationsOf = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('order_operations')
        .selectAll()
        .where('order_id', '=', orderId)
        .execute();
    const orderRow = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();

    test('20 concurrent refunds under one externalRefundId refund once', async () => {
      const orderId = String((await paid('4111111111111111', false)).orderId);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          gh.post(`${REST}/refund.do`, { ...auth, orderId, amount: 100, externalRefundId: 'r-1' }),
        ),
      );
      for (const answer of answers)
        assert.ok(['0', '7'].includes(String(answer.body.errorCode)), answer.text);
      assert.ok(answers.some((answer) => answer.body.errorCode === '0'));
      const refunds = (await operationsOf(orderId)).filter((op) => op.kind === 'refund');
      assert.equal(refunds.length, 1);
      assert.equal(Number((await orderRow(orderId)).refunded_minor), 100);
      const retry = await gh.post(`${REST}/refund.do`, {
        ...auth,
        orderId,
        amount: 100,
        externalRefundId: 'r-1',
      });
      assert.equal(retry.body.errorCode, '0', 'a retry answers with the first refund');
      assert.equal(Number((await orderRow(orderId)).refunded_minor), 100);
      const another = await gh.post(`${REST}/refund.do`, {
        ...auth,
        orderId,
        amount: 100,
        externalRefundId: 'r-2',
      });
      assert.equal(another.body.errorCode, '0');
      assert.equal(Number((await orderRow(orderId)).refunded_minor), 200);
    });

    test('a compensation is guarded: a partial reversal is not put back once the hold is gone', async () => {
      const orderId = String((await paid('4111111111111111', true)).orderId);
      const reversed = await gh.post(`${REST}/reverse.do`, { ...auth, orderId });
      assert.equal(reversed.body.errorCode, '0');
      const changed = await gh.gatehouse.store.writes.run((db) =>
        new OrderMovementRepository().undoPartialReversal(db, orderId, 300),
      );
      assert.equal(changed, false);
      const row = await orderRow(orderId);
      assert.equal(Number(row.approved_minor), 0);
      assert.equal(row.status, 3);
    });

    test('an authorization without an answer is declined at once and reversed by the recovery job', async () => {
      const body = await paid('4000000000000119', false);
      const orderId = String(body.orderId);
      assert.equal((body.orderStatus as Record<string, unknown>).OrderStatus, 6);
      const [attempt] = await operationsOf(orderId);
      assert.equal(attempt?.state, 'pending', 'the outcome is unknown, not a decline');
      await gh.gatehouse.jobs.runAll();
      assert.equal((await operationsOf(orderId))[0]?.state, 'pending', 'untouched before its deadline');
      gh.clock.advance(RECOVERY_DEADLINE_MS);
      await gh.gatehouse.jobs.runAll();
      const [closed] = await operationsOf(orderId);
      assert.equal(closed?.state, 'declined');
      assert.equal(closed?.action_code, 151019);
      const row = await orderRow(orderId);
      assert.equal(row.status, 6);
      assert.equal(row.action_code, 151019);
    });

    test('an instantRefund.do credit without an answer is pending, and the recovery job finishes it once', async () => {
      const response = await gh.post(`${REST}/instantRefund.do`, {
        ...auth,
        amount: 700,
        pan: '4000000000000119',
        expiry: '203412',
      });
      assert.equal(response.body.errorCode, '7', response.text);
      assert.match(String(response.body.errorMessage), /pending/);
      const orderId = String(response.body.orderId);
      assert.equal((await operationsOf(orderId))[0]?.state, 'pending');
      assert.equal((await orderRow(orderId)).status, 0);
      gh.clock.advance(RECOVERY_DEADLINE_MS);
      await gh.gatehouse.jobs.runAll();
      const [credit] = await operationsOf(orderId);
      assert.equal(credit?.state, 'approved', 'sent again, the credit made the first time is answered');
      const row = await orderRow(orderId);
      assert.equal(row.status, 4);
      assert.equal(Number(row.refunded_minor), 700);
    });

    for (const movement of ['deposit.do', 'refund.do'] as const) {
      test(`${movement} without an answer stays applied and pending, and is finished by the recovery job`, async () => {
        const orderId = String((await paid('4000000000000259', movement === 'deposit.do')).orderId);
        const response = await gh.post(`${REST}/${movement}`, { ...auth, orderId, amount: 400 });
        assert.equal(response.body.errorCode, '7');
        assert.match(String(response.body.errorMessage), /pending/);
        const kind = movement === 'deposit.do' ? 'capture' : 'refund';
        const pending = (await operationsOf(orderId)).find((op) => op.kind === kind);
        assert.equal(pending?.state, 'pending');
        const applied = await orderRow(orderId);
        if (movement === 'deposit.do') assert.equal(Number(applied.deposited_minor), 400, 'not undone');
        else assert.equal(Number(applied.refunded_minor), 400, 'not undone');
        gh.clock.advance(RECOVERY_DEADLINE_MS);
        await gh.gatehouse.jobs.runAll();
        const done = (await operationsOf(orderId)).find((op) => op.kind === kind);
        assert.equal(done?.state, 'approved', 'sent again, the acquirer recognizes it and answers');
        const after = await orderRow(orderId);
        assert.equal(after.status, movement === 'deposit.do' ? 2 : 4);
        const callbacks = await gh.gatehouse.store.db
          .selectFrom('callbacks')
          .select('operation')
          .where('order_id', '=', orderId)
          .execute();
        const expected = movement === 'deposit.do' ? 'deposited' : 'refunded';
        assert.equal(callbacks.filter((c) => c.operation === expected).length, 1, 'announced once');
      });
    }
  });
}
