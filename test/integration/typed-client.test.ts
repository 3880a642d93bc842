import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  GatehouseClient,
  GatehouseError,
  type GatehouseClientOptions,
} from '../../clients/typescript/src/index.js';
import { checkedFetch } from '../support/checked-fetch.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';
import { assertRefusal, type ExpectedRefusal } from '../support/refusals.js';

const RETURN_URL = 'https://shop.example/ok';

/** The refusal a call throws, checked as the suite checks every refusal: status, code and message. */
async function refused(call: Promise<unknown>, expected: ExpectedRefusal): Promise<GatehouseError> {
  const error = await call.then(
    (answer) => assert.fail(`expected a refusal, got ${JSON.stringify(answer)}`),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof GatehouseError, String(error));
  assertRefusal(
    {
      status: error.httpStatus,
      body: { ...error.body },
      text: JSON.stringify(error.body),
      headers: new Headers(),
    },
    expected,
  );
  assert.equal(error.errorCode, expected.errorCode);
  if (expected.envelope !== undefined) assert.equal(error.envelope, expected.envelope);
  return error;
}

function text(value: unknown): string {
  assert.equal(typeof value, 'string', `expected text, got ${JSON.stringify(value)}`);
  return value as string;
}

for (const engine of ENGINES) {
  describe(`${engine}: the typed TypeScript client (clients/typescript) against a live Gatehouse`, () => {
    let gh: TestGatehouse;
    let shop: GatehouseClient;
    let shopLogin: string;
    let transfers: P2pMerchant;
    const client = (options: Omit<GatehouseClientOptions, 'baseUrl' | 'fetch'>) =>
      new GatehouseClient({ baseUrl: gh.baseUrl, fetch: checkedFetch, ...options });

    before(async () => {
      gh = await startTestGatehouse(engine);
      const merchant = await gh.createMerchant();
      shopLogin = merchant.merchantLogin;
      shop = client(merchant.auth);
      transfers = await createP2pMerchant(gh);
    });
    after(() => gh.close());

    test('pays an order, reads it paid, refunds part of it and then the rest', async () => {
      const paid = await shop.instantPayment({
        orderNumber: `tc-${randomBytes(4).toString('hex')}`,
        amount: 1500,
        currency: '978',
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        cardholderName: 'CARD HOLDER',
        returnUrl: RETURN_URL,
      });
      assert.equal(paid.errorCode, '0');
      assert.equal(paid.orderStatus?.OrderStatus, 2);
      const orderId = text(paid.orderId);

      const status = await shop.getOrderStatusExtended({ orderId });
      assert.equal(status.orderStatus, 2);
      assert.equal(status.paymentAmountInfo?.depositedAmount, 1500);

      await shop.refund({ orderId, amount: 500 });
      await shop.refund({ orderId, amount: 0 }, { idempotencyKey: randomUUID() });
      const refunded = await shop.getOrderStatusExtended({ orderId });
      assert.equal(refunded.orderStatus, 4);
      assert.equal(refunded.paymentAmountInfo?.refundedAmount, 1500);
      assert.deepEqual(
        refunded.refunds?.map((refund) => refund.amount),
        [500, 1000],
      );

      await refused(shop.refund({ orderId, amount: 1 }), { errorCode: '5', envelope: 'rest' });
    });

    test('refusals are GatehouseError with the errorCode of each envelope, in the client language', async () => {
      const number = `tc-${randomBytes(4).toString('hex')}`;
      const key = randomUUID();
      const first = await shop.register(
        { orderNumber: number, amount: 100, returnUrl: RETURN_URL },
        { idempotencyKey: key },
      );
      const replayed = await shop.register(
        { orderNumber: number, amount: 100, returnUrl: RETURN_URL },
        { idempotencyKey: key },
      );
      assert.equal(replayed.orderId, first.orderId, 'the same Idempotency-Key answers the first answer');

      const german = client({ ...(await gh.createMerchant()).auth, language: 'de' });
      await german.register({ orderNumber: number, amount: 100, returnUrl: RETURN_URL });
      await refused(german.register({ orderNumber: number, amount: 100, returnUrl: RETURN_URL }), {
        errorCode: '1',
        key: 'ORDER_NUMBER_DUPLICATE',
        language: 'de',
        envelope: 'rest',
      });
      await refused(shop.getOrderStatus({ orderId: randomUUID() }), {
        errorCode: '6',
        key: 'ORDER_NOT_FOUND',
        envelope: 'legacyStatus',
      });
      await refused(
        shop.instantPayment({
          amount: 100,
          pan: '4111111111111111',
          expiry: '203412',
          returnUrl: RETURN_URL,
          preAuth: true,
        }),
        { errorCode: '5', key: 'PERMISSION_REQUIRED', envelope: 'instant' },
      );
      const wallet = await refused(
        shop.walletAPayment({ merchant: shopLogin, paymentToken: 'bm90IGEgdG9rZW4=' }),
        {
          errorCode: '25',
          key: 'WALLET_KEY_MISMATCH',
          envelope: 'wallet',
        },
      );
      assert.match(String(wallet.description), /^WALLET_KEY_MISMATCH: /);

      await assert.rejects(
        shop.getOrderStatusExtended({ orderId: text(first.orderId) }, { signal: AbortSignal.abort() }),
        { name: 'AbortError' },
      );
    });

    test('a P2P transfer signed with the merchant key is made; unsigned, it is refused', async () => {
      const signed = client({
        userName: transfers.auth.username,
        password: transfers.auth.password,
        privateKey: transfers.key.privateKeyPem,
      });
      const registered = await signed.registerP2P({
        orderNumber: orderNumber('tc'),
        amount: 10000,
        currency: '978',
        returnUrl: RETURN_URL,
      });
      const orderId = text(registered.orderId);
      const performed = await signed.performP2P({
        orderId,
        fromCard: CARD('4444555511113333'),
        toCard: { pan: '5555555555554444' },
      });
      assert.equal(performed.errorCode, '0');
      const status = await signed.getP2PStatus({ orderId });
      assert.equal(status.orderStatus, 2);
      assert.equal(status.panMaskedFrom, '444455**3333');
      assert.equal(status.panMaskedTo, '555555**4444');

      const unsigned = client({ userName: transfers.auth.username, password: transfers.auth.password });
      await refused(
        unsigned.registerP2P({
          orderNumber: orderNumber('tc'),
          amount: 100,
          currency: '978',
          returnUrl: RETURN_URL,
        }),
        { errorCode: '5', key: 'SIGNATURE_REQUIRED', envelope: 'rest' },
      );
    });
  });
}
