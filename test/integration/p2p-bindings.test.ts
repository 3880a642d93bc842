import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayKeys } from '../../src/config/gateway-keys.js';
import { sealSeToken } from '../../src/processing/se-token.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;

for (const engine of ENGINES) {
  describe(`${engine}: transfers with stored credentials and seTokens (issue 12, part c)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = await createP2pMerchant(gh, { permissions: ['storedCredentials'] });
      // The perform replies these tests read carry statusResponse only when it is enabled (issue 23).
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
    });
    after(() => gh.close());

    const register = async (extra: Body = {}) => {
      const answer = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber('bind'),
          amount: 3000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          ...extra,
        })
      ).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      return String(answer.orderId);
    };
    const status = async (orderId: string, version?: number) =>
      (await shop.call('getP2PStatus.do', { orderId, ...(version === undefined ? {} : { version }) })).body;

    test('a transfer by card data for a client stores the debited card; the binding then pays the next one', async () => {
      const clientId = `client-${orderNumber('c')}`;
      const first = await register({ clientId });
      const made = (
        await shop.call('performP2P.do', {
          orderId: first,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      const stored = await status(first);
      assert.match(String(stored.binding), /^[0-9a-f-]{36}$/);
      assert.match(String(stored.paymentNetRefNum), /^\d+$/);
      const older = await status(first, 2);
      assert.equal(older.binding, undefined, 'binding appears from version 3');
      assert.equal(older.paymentNetRefNum, undefined, 'paymentNetRefNum from version 7');
      type Leg = Record<string, unknown>;
      const [debitLeg, creditLeg] = stored.operationList as Leg[];
      assert.equal(debitLeg?.paymentNetRefNum, stored.paymentNetRefNum);
      assert.equal(debitLeg?.originalActionCode, '00', 'the network code behind action code 0');
      assert.equal(debitLeg?.schemeTransactionId, undefined, 'a network-V debit has no scheme id');
      assert.equal(creditLeg?.originalActionCode, '00');
      const seventh = (await status(first, 7)).operationList as Leg[];
      assert.equal(seventh[0]?.paymentNetRefNum, stored.paymentNetRefNum);
      assert.equal(seventh[0]?.originalActionCode, undefined, 'originalActionCode from version 9');
      const mastercard = await register({});
      await shop.call('performP2P.do', {
        orderId: mastercard,
        fromCard: CARD('5555555555554444'),
        toCard: { pan: '4111111111111111' },
      });
      const [mDebit] = (await status(mastercard)).operationList as Leg[];
      assert.match(String(mDebit?.schemeTransactionId), /^\d{1,22}$/, 'network M: the scheme id from 9');
      assert.equal(((await status(mastercard, 8)).operationList as Leg[])[0]?.schemeTransactionId, undefined);
      const second = await register({ clientId });
      const withoutTii = (
        await shop.call('performP2PByBinding.do', {
          orderId: second,
          fromCard: { bindingId: stored.binding, cvc: '123' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(withoutTii.errorCode, '4');
      assert.match(String(withoutTii.errorMessage), /\[tii\]/);
      const byBinding = (
        await shop.call('performP2PByBinding.do', {
          orderId: second,
          tii: 'F',
          fromCard: { bindingId: stored.binding, cvc: '123' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(byBinding.errorCode, '0', JSON.stringify(byBinding));
      const paid = await status(second);
      assert.equal(paid.orderStatus, 2);
      assert.equal(paid.panMaskedFrom, '411111**1111');
      const stranger = await register({ clientId: 'someone-else' });
      const foreign = (
        await shop.call('performP2PByBinding.do', {
          orderId: stranger,
          tii: 'F',
          fromCard: { bindingId: stored.binding },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(foreign.errorCode, '2', "another client's binding is not found");
      const kept = await register({ clientId: `client-${orderNumber('n')}` });
      await shop.call('performP2P.do', {
        orderId: kept,
        bindingNotNeeded: true,
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '5555555555554444' },
      });
      assert.equal((await status(kept)).binding, undefined, 'bindingNotNeeded stores nothing');
    });

    test("creditBindingId names the recipient's stored card; another toCard.bindingId is refused", async () => {
      const recipient = (
        await gh.post('/payment/rest/createBindingNoPayment.do', {
          userName: shop.auth.username,
          password: shop.auth.password,
          clientId: 'recipient-1',
          pan: '5555555555554444',
          expiryDate: '203412',
          cardholderName: 'JOHN ROE',
        })
      ).body;
      assert.equal(recipient.errorCode, '0', JSON.stringify(recipient));
      const orderId = await register({ creditBindingId: recipient.bindingId });
      const fee = (
        await shop.call('verifyP2PByBinding.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { bindingId: recipient.bindingId },
        })
      ).body;
      assert.deepEqual((fee.feeDescriptionList as Body[])[0]?.feeAmount, 0);
      const wrong = (
        await shop.call('performP2PByBinding.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { bindingId: 'f0000000-0000-4000-8000-000000000000' },
        })
      ).body;
      assert.equal(wrong.errorCode, '5');
      const made = (
        await shop.call('performP2PByBinding.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { bindingId: recipient.bindingId },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      assert.equal((made.statusResponse as Body).panMaskedTo, '555555**4444');
    });

    test('seTokens in fromCard and toCard; a token made for another order is refused', async () => {
      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const orderId = await register();
      const now = gh.clock.nowMs();
      const elsewhere = sealSeToken(
        { pan: '4111111111111111', expiry: '203412', cvc: '123', mdOrder: 'another-order' },
        publicKey,
        now,
      );
      const refused = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { seToken: elsewhere },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(refused.errorCode, '5');
      assert.match(String(refused.errorMessage), /fromCard\.seToken/);
      const mixed = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { seToken: elsewhere, pan: '4111111111111111' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(mixed.errorCode, '5');
      const from = sealSeToken(
        { pan: '4111111111111111', expiry: '203412', cvc: '123', mdOrder: orderId },
        publicKey,
        now,
      );
      const to = sealSeToken({ pan: '5555555555554444', expiry: '203412', mdOrder: orderId }, publicKey, now);
      const made = (
        await shop.call('performP2P.do', { orderId, fromCard: { seToken: from }, toCard: { seToken: to } })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      const body = made.statusResponse as Body;
      assert.deepEqual(
        [body.orderStatus, body.panMaskedFrom, body.panMaskedTo],
        [2, '411111**1111', '555555**4444'],
      );
    });
  });
}
