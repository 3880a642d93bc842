import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes } from 'node:crypto';
import { mintWalletCToken } from '../../src/processing/wallets/wallet-c/index.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';
import { walletServices } from '../support/wallet-services.js';

type Body = Record<string, unknown>;

/** The spec's missing-parameter answer (errorCode 4), naming the member, in the request's language. */
function assertMissing(body: Body, param: string, words = /Mandatory parameter/): void {
  assert.equal(body.errorCode, '4', JSON.stringify(body));
  assert.match(String(body.errorMessage), new RegExp(`\\[${param}\\]`));
  assert.match(String(body.errorMessage), words);
}

for (const engine of ENGINES) {
  describe(`${engine}: threeDSSDK=true without the SDK's values moves no money (issue 40)`, () => {
    let gh: TestGatehouse;
    // Both merchants are SSL-only: nothing would authenticate the payer but the app's SDK flow.
    let shop: P2pMerchant;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      shop = await createP2pMerchant(gh, { permissions: ['storedCredentials'] });
      auth = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const ordersNumbered = async (number: string) =>
      (
        await gh.gatehouse.store.db
          .selectFrom('orders')
          .select('id')
          .where('order_number', '=', number)
          .execute()
      ).length;
    const register = async (extra: Body = {}) => {
      const answer = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber('sdk'),
          amount: 3000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          ...extra,
        })
      ).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      return String(answer.orderId);
    };
    const statusOf = async (orderId: string) => (await shop.call('getP2PStatus.do', { orderId })).body;

    test('instantPayment.do: refused naming threeDSSDKEncData (then the next one missing), nothing registered', async () => {
      const number = `sdk-${randomBytes(5).toString('hex')}`;
      const request = {
        ...auth,
        amount: 1500,
        currency: '978',
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        orderNumber: number,
        threeDSSDK: true,
      };
      assertMissing((await gh.post('/payment/rest/instantPayment.do', request)).body, 'threeDSSDKEncData');
      const german = (await gh.post('/payment/rest/instantPayment.do', { ...request, language: 'de' })).body;
      assertMissing(german, 'threeDSSDKEncData', /Pflichtparameter/);
      const partial = (
        await gh.post('/payment/rest/instantPayment.do', {
          ...request,
          threeDSSDKEncData: 'a.b.c.d.e',
          threeDSSDKReferenceNumber: 'SANDBOX-SDK',
        })
      ).body;
      assertMissing(partial, 'threeDSSDKEphemPubKey');
      assert.equal(await ordersNumbered(number), 0, 'no order was registered, so none was paid');
    });

    test('instantPerformP2P.do: refused before anything is registered', async () => {
      const number = orderNumber('sdk');
      const answer = (
        await shop.call('instantPerformP2P.do', {
          orderNumber: number,
          amount: 1000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
          threeDSSDK: true,
        })
      ).body;
      assertMissing(answer, 'threeDSSDKEncData');
      assert.equal(await ordersNumbered(number), 0);
    });

    test('performP2P.do and performP2PByBinding.do: refused, the order stays registered', async () => {
      const clientId = `client-${orderNumber('c')}`;
      const stored = await register({ clientId });
      const made = (
        await shop.call('performP2P.do', {
          orderId: stored,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      const bindingId = (await statusOf(stored)).binding;
      assert.match(String(bindingId), /^[0-9a-f-]{36}$/);
      const byCard = await register();
      assertMissing(
        (
          await shop.call('performP2P.do', {
            orderId: byCard,
            fromCard: CARD('4111111111111111'),
            toCard: { pan: '5555555555554444' },
            threeDSSDK: true,
          })
        ).body,
        'threeDSSDKEncData',
      );
      const byBinding = await register({ clientId });
      assertMissing(
        (
          await shop.call('performP2PByBinding.do', {
            orderId: byBinding,
            fromCard: { bindingId, cvc: '123' },
            toCard: { pan: '5555555555554444' },
            tii: 'CI',
            threeDSSDK: true,
          })
        ).body,
        'threeDSSDKEncData',
      );
      for (const orderId of [byCard, byBinding]) {
        const status = await statusOf(orderId);
        assert.equal(status.orderStatus, 0, JSON.stringify(status));
      }
    });

    test('a wallet token the wallet authenticated, on a merchant that authenticates: refused the same way', async () => {
      const wallet = walletServices(gh);
      const authenticating = await createP2pMerchant(gh, { authenticates: true, p2pFee: 'fixed=100' });
      await wallet.admin.createKey(authenticating.login, 'c');
      const [key] = await wallet.keyring.walletCKeys(await wallet.admin.merchantIdOf(authenticating.login));
      assert.ok(key !== undefined);
      const registered = (
        await authenticating.call('registerP2P.do', {
          orderNumber: orderNumber('sdk'),
          amount: 2000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
        })
      ).body;
      const paymentToken = mintWalletCToken({
        publicKey: createPublicKey(key.privateKey),
        payment: {
          tokenPan: '4111111111111111',
          tokenPanExpiration: '1234',
          amountMinor: 2100,
          currencyCode: 'EUR',
          cryptogram: randomBytes(20).toString('base64'),
        },
        nowMs: gh.clock.nowMs(),
      });
      const answer = (
        await authenticating.call('performP2P.do', {
          orderId: registered.orderId,
          fromCard: { vendor: 'SAMSUNG_PAY', paymentToken },
          toCard: { pan: '5555555555554444' },
          threeDSSDK: true,
        })
      ).body;
      assertMissing(answer, 'threeDSSDKEncData');
      const status = (await authenticating.call('getP2PStatus.do', { orderId: registered.orderId })).body;
      assert.equal(status.orderStatus, 0, JSON.stringify(status));
    });
  });
}
