import { CallbackAddresses } from '../../src/services/callbacks/callback-addresses.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { gatewayKeys } from '../../src/config/gateway-keys.js';
import { Pan } from '../../src/domain/pan.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import type {
  AcquirerPort,
  CreditAnswer,
  CreditRequest,
} from '../../src/processing/acquirer/acquirer-port.js';
import { sealSeToken } from '../../src/processing/se-token.js';
import { SandboxAcquirer } from '../../src/processing/sandbox/sandbox-acquirer.js';
import { SandboxLedgerRepository } from '../../src/processing/sandbox/sandbox-ledger-repository.js';
import type { MerchantContext } from '../../src/services/merchant-context.js';
import { OrderRegistration } from '../../src/services/order-registration.js';
import { OrderRepository } from '../../src/store/order-repository.js';
import { cardDataIn } from '../support/card-data.js';
import { moneyWorld } from '../support/money-world.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const VISA = '4111111111111111';
const DECLINING = '4000000000000002';
const EXPIRY = '203412';

type Auth = { readonly userName: string; readonly password: string };
type Body = Record<string, unknown>;

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

for (const engine of ENGINES) {
  describe(`${engine}: createBindingNoPayment.do and instantRefund.do`, () => {
    let gh: TestGatehouse;
    /** storedCredentials and instantRefund, with a callback address. */
    let full: Auth;
    let fullId: string;
    /** instantRefund and storedCredentials too, but another merchant. */
    let other: Auth;
    /** Neither permission. */
    let plain: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine);
      const created = await gh.createMerchant({
        permissions: ['storedCredentials', 'instantRefund'],
        callbackUrl: 'https://shop.example/callbacks',
      });
      full = created.auth;
      fullId = (
        await gh.gatehouse.store.db
          .selectFrom('merchants')
          .select('id')
          .where('login', '=', created.merchantLogin)
          .executeTakeFirstOrThrow()
      ).id;
      other = (await gh.createMerchant({ permissions: ['storedCredentials', 'instantRefund'] })).auth;
      plain = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const call = (auth: Auth, op: string, params: Record<string, string | number>): Promise<ApiResponse> =>
      gh.post(`${REST}/${op}`, { ...auth, ...params });
    const store = (auth: Auth, params: Record<string, string> = {}) =>
      call(auth, 'createBindingNoPayment.do', {
        clientId: 'client-1',
        pan: VISA,
        expiryDate: EXPIRY,
        cardholderName: 'TEST CARDHOLDER',
        ...params,
      });
    const refund = (auth: Auth, params: Record<string, string | number>) =>
      call(auth, 'instantRefund.do', { amount: 2500, orderNumber: unique('ir'), ...params });
    const status = async (auth: Auth, orderId: string) =>
      (await call(auth, 'getOrderStatusExtended.do', { orderId })).body;
    const callbacksOf = (operation: string) =>
      gh.gatehouse.store.db
        .selectFrom('callbacks')
        .selectAll()
        .where('merchant_id', '=', fullId)
        .where('operation', '=', operation)
        .execute();

    test('createBindingNoPayment.do stores the card once per client, and the binding pays', async () => {
      const clientId = unique('client');
      const first = await store(full, { clientId, email: 'payer@example.com' });
      assert.equal(first.body.errorCode, '0', first.text);
      assert.match(String(first.body.bindingId), /^[0-9a-f-]{36}$/);
      assert.equal(first.body.maskedPan, '411111**1111');
      assert.equal(first.body.expiryDate, EXPIRY);
      assert.equal(first.body.clientId, clientId);
      assert.deepEqual(cardDataIn(first.text), []);

      // The Go client's spelling; the same card for the same client refreshes that binding.
      const again = await call(full, 'createBindingNoPayment.do', {
        clientId,
        pan: VISA,
        expiryDate: '203512',
        cardHolderName: 'TEST CARDHOLDER',
      });
      assert.equal(again.body.bindingId, first.body.bindingId, again.text);
      const listed = (await call(full, 'getBindings.do', { clientId })).body.bindings as Body[];
      assert.deepEqual(
        listed.map((binding) => [binding.bindingId, binding.expiryDate]),
        [[first.body.bindingId, '203512']],
      );
      const created = (await callbacksOf('bindingCreated')).filter((row) =>
        row.params.includes(String(first.body.bindingId)),
      );
      assert.equal(created.length, 1, 'bindingCreated once');
      const sent = JSON.parse(created[0]?.params ?? '{}') as Record<string, string>;
      assert.equal(sent.panMasked, '411111**1111');
      assert.equal(sent.email, 'payer@example.com');
      assert.equal(sent.mdOrder, undefined, 'no order stored the card');
      assert.equal(created[0]?.order_id, null);

      const paid = await call(full, 'instantPayment.do', {
        amount: 900,
        bindingId: String(first.body.bindingId),
        clientId,
        returnUrl: 'https://shop.example/ok',
        orderNumber: unique('pay'),
      });
      assert.equal((paid.body.orderStatus as Body).OrderStatus, 2, paid.text);
    });

    test('createBindingNoPayment.do refusals', async () => {
      const expectRefusal = (response: ApiResponse, errorCode: string, pattern: RegExp): void => {
        assert.equal(response.body.errorCode, errorCode, response.text);
        assert.match(String(response.body.errorMessage), pattern);
        assert.deepEqual(cardDataIn(response.text), []);
      };
      expectRefusal(await store(plain), '5', /not permitted/);
      expectRefusal(await store(full, { pan: '4111111111111112' }), '5', /\[pan\]/);
      expectRefusal(await store(full, { expiryDate: '202001' }), '5', /\[expiryDate\]/);
      expectRefusal(await store(full, { clientId: '' }), '4', /\[clientId\]/);
      expectRefusal(await store(full, { bindingStrength: 'TDS' }), '5', /bindingStrength/);
    });

    test('instantRefund.do to card data: approved, status 4, refunded callback, no card data echoed', async () => {
      const orderNumber = unique('ir');
      // `expire` and `cardHolderName` as the Go client sends them.
      const response = await refund(full, {
        orderNumber,
        pan: VISA,
        expire: EXPIRY,
        cvc: '123',
        cardHolderName: 'TEST CARDHOLDER',
        description: 'goodwill',
      });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.deepEqual(cardDataIn(response.text), []);
      const block = response.body.orderStatus as Body;
      assert.equal(block.errorCode, '0');
      assert.equal(block.OrderStatus, 4);
      assert.equal(block.OrderNumber, orderNumber);
      assert.match(String(block.approvalCode), /^[A-Z0-9]{6}$/);
      assert.equal(typeof block.rrn, 'number');

      const read = await status(full, String(response.body.orderId));
      assert.equal(read.orderStatus, 4);
      assert.equal(read.actionCode, 0);
      assert.deepEqual(
        [
          (read.paymentAmountInfo as Body).paymentState,
          (read.paymentAmountInfo as Body).depositedAmount,
          (read.paymentAmountInfo as Body).refundedAmount,
        ],
        ['REFUNDED', 0, 2500],
      );
      assert.equal((read.refunds as Body[]).length, 1);
      assert.equal((read.cardAuthInfo as Body).maskedPan, '411111**1111');
      const refunded = (await callbacksOf('refunded')).filter(
        (row) => row.order_id === response.body.orderId,
      );
      assert.equal(refunded.length, 1);
      assert.equal((JSON.parse(refunded[0]?.params ?? '{}') as Body).amount, '2500');
      const kept = await gh.gatehouse.store.db.selectFrom('pending_credit_cards').selectAll().execute();
      assert.equal(kept.length, 0, 'the sealed card goes with the outcome');
    });

    test('instantRefund.do to a declining card: status 6 with the decline reason, no callback', async () => {
      const response = await refund(full, { pan: DECLINING, expiry: EXPIRY });
      assert.equal(response.body.errorCode, '0', response.text);
      assert.equal((response.body.orderStatus as Body).OrderStatus, 6);
      const read = await status(full, String(response.body.orderId));
      assert.equal(read.orderStatus, 6);
      assert.equal(read.actionCode, 100);
      assert.equal((read.paymentAmountInfo as Body).refundedAmount, 0);
      const refunded = (await callbacksOf('refunded')).filter(
        (row) => row.order_id === response.body.orderId,
      );
      assert.equal(refunded.length, 0);
    });

    test('instantRefund.do to a binding or a seToken; refusals', async () => {
      const clientId = unique('client');
      const bindingId = String((await store(full, { clientId })).body.bindingId);
      const byBinding = await refund(full, { bindingId });
      assert.equal((byBinding.body.orderStatus as Body).OrderStatus, 4, byBinding.text);
      assert.equal((await status(full, String(byBinding.body.orderId))).paymentWay, 'CARD_BINDING');

      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const seToken = sealSeToken({ pan: VISA, expiry: EXPIRY }, publicKey, gh.clock.nowMs());
      const byToken = await refund(full, { seToken });
      assert.equal((byToken.body.orderStatus as Body).OrderStatus, 4, byToken.text);
      assert.deepEqual(cardDataIn(byToken.text), []);

      const denied = await refund(plain, { pan: VISA, expiry: EXPIRY });
      assert.equal(denied.body.errorCode, '5', denied.text);
      assert.match(String(denied.body.errorMessage), /instantRefund/);
      const foreign = await refund(other, { bindingId });
      assert.deepEqual([foreign.body.errorCode, foreign.body.errorMessage], ['2', 'Binding not found']);
      const otherClient = await refund(full, { bindingId, clientId: 'someone-else' });
      assert.equal(otherClient.body.errorCode, '2', otherClient.text);
      const both = await refund(full, { bindingId, pan: VISA, expiry: EXPIRY });
      assert.equal(both.body.errorCode, '5', both.text);
      const zero = await refund(full, { pan: VISA, expiry: EXPIRY, amount: 0 });
      assert.equal(zero.body.errorCode, '5', zero.text);
      const none = await refund(full, {});
      assert.equal(none.body.errorCode, '4', none.text);
      for (const response of [denied, foreign, otherClient, both, zero, none]) {
        assert.deepEqual(cardDataIn(response.text), []);
      }
    });

    test('10 concurrent identical instantRefund.do requests with one orderNumber give one order and one credit', async () => {
      const orderNumber = unique('race');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => refund(full, { orderNumber, pan: VISA, expiry: EXPIRY })),
      );
      const codes = answers.map((answer) => String(answer.body.errorCode)).sort();
      assert.deepEqual(codes, ['0', ...Array<string>(9).fill('1')], answers.map((a) => a.text).join('\n'));
      const orders = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('id')
        .where('order_number', '=', orderNumber)
        .execute();
      assert.equal(orders.length, 1);
      const credits = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('state')
        .where('order_id', '=', orders[0]?.id ?? '')
        .execute();
      assert.deepEqual(credits, [{ state: 'approved' }]);
    });

    test('a credit cut off during the acquirer call is finished by the recovery job from what the acquirer did, once', async () => {
      // A process that hangs in the acquirer call: its intent is durable, the acquirer made the
      // credit (its ledger has it), and the answer comes late.
      let answerLate: (answer: CreditAnswer) => void = () => undefined;
      const sandbox = new SandboxAcquirer(
        new SandboxLedgerRepository(gh.gatehouse.store.db, gh.gatehouse.store.writes),
        gh.clock,
      );
      const hanging = {
        credit: (request: CreditRequest) =>
          sandbox.credit(request).then(() => new Promise<CreditAnswer>((resolve) => (answerLate = resolve))),
      } as unknown as AcquirerPort;
      const orders = new OrderRepository(gh.gatehouse.store.db);
      const stalledCredit = moneyWorld(gh, hanging).credit;
      const registration = new OrderRegistration(
        orders,
        gh.gatehouse.store.writes,
        gh.clock,
        cryptoRandom,
        'https://gatehouse.test',
        new CallbackAddresses(true),
      );
      const merchant: MerchantContext = {
        id: fullId,
        login: 'stalled',
        parentId: null,
        defaultCurrency: '978',
        defaultLanguage: 'en',
        sessionTimeoutSecs: 1200,
        requireSignature: false,
        rateLimitPerSecond: 200,
        concurrentLimit: 50,
        allowedMccs: new Set(),
        permissions: new Set(['instantRefund']),
      };
      const order = registration.prepare(merchant, merchant, {
        orderNumber: unique('stall'),
        amountMinor: 1800,
        twoPhase: false,
        language: 'en',
        returnUrl: '',
        features: [],
      });
      const original = stalledCredit.credit(order, {
        card: { pan: new Pan(VISA), expiry: { year: 2034, month: 12 } },
        paymentWay: 'CARD',
      });
      // Wait until the intent is written.
      for (let tries = 0; tries < 100; tries += 1) {
        const pending = await gh.gatehouse.store.db.selectFrom('pending_credit_cards').select('id').execute();
        if (pending.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await gh.gatehouse.jobs.runAll();
      assert.equal((await status(full, order.id)).orderStatus, 0, 'inside the acquirer deadline');

      gh.clock.advance(gh.gatehouse.config.acquirerTimeoutMs + 60_000 + 1);
      await gh.gatehouse.jobs.runAll();
      const read = await status(full, order.id);
      assert.equal(read.orderStatus, 4);
      assert.equal((read.paymentAmountInfo as Body).refundedAmount, 1800);
      const kept = await gh.gatehouse.store.db.selectFrom('pending_credit_cards').selectAll().execute();
      assert.equal(kept.length, 0);

      // The original process answers at last: nothing is credited twice in the records.
      answerLate({ approved: true, rrn: '999999999999', approvalCode: 'LATE01' });
      const late = await original;
      assert.equal(late.status, 4);
      assert.notEqual(late.approval_code, 'LATE01', 'the recovery outcome stands');
      const after = await status(full, order.id);
      assert.equal((after.paymentAmountInfo as Body).refundedAmount, 1800);
      assert.equal((after.refunds as Body[]).length, 1);
      const refunded = (await callbacksOf('refunded')).filter((row) => row.order_id === order.id);
      assert.equal(refunded.length, 1);
    });
  });
}
