import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { signedHeaders, xHash } from '../support/certificates.js';
import { callbackParamsOf, CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';
import { assertRefusal } from '../support/refusals.js';

type Body = Record<string, unknown>;

/**
 * Long enough that 50 concurrent transfers on a loaded two-core machine are answered in time (at
 * 300 ms a debit's answer sometimes missed it, and the order rightly read declined), short enough
 * that the two calls the sandbox never answers below are waited out in a second or two.
 */
const ACQUIRER_TIMEOUT_MS = 1_000;

for (const engine of ENGINES) {
  describe(`${engine}: card-to-card transfers (issue 12, part a)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;

    before(async () => {
      gh = await startTestGatehouse(engine, {
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: String(ACQUIRER_TIMEOUT_MS) },
      });
      shop = await createP2pMerchant(gh, {
        p2pFee: 'percent=1.5,fixed=30,min=50,max=5000',
        callbackUrl: 'https://shop.example/callback',
      });
      // The perform replies these tests read carry statusResponse only when it is enabled (issue 23).
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
    });
    after(() => gh.close());

    const register = async (amount = 10000, extra: Body = {}) => {
      const answer = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          ...extra,
        })
      ).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      return String(answer.orderId);
    };
    const status = async (orderId: string) => (await shop.call('getP2PStatus.do', { orderId })).body;
    const legs = (body: Body) =>
      (body.operationList as Body[]).map((leg) => [leg.operationType, leg.amount, leg.resultCode]);

    test('a transfer between cards of two countries is international in its callback', async () => {
      const orderId = await register(2500, {
        billingRecipientData: { recipientFirstName: 'John', recipientLastName: 'Roe' },
      });
      const done = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: CARD('4000008400000019'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(done.errorCode, '0', JSON.stringify(done));
      const params = await callbackParamsOf(gh, orderId);
      assert.equal(params.debitBankName, 'SANDBOX BANK USA');
      assert.equal(params.debitPanCountryCode, 'US');
      assert.equal(params.creditPanCountryCode, 'DE');
      assert.equal(params.isInternationalP2P, 'true');
      assert.deepEqual(JSON.parse(String(params.recipientData)), {
        recipientFirstName: 'John',
        recipientLastName: 'Roe',
      });
    });

    test('every P2P call must be signed: unsigned, wrong hash or wrong signature are refused and nothing runs', async () => {
      const body = JSON.stringify({
        ...shop.auth,
        orderNumber: 'unsigned-1',
        amount: 100,
        currency: '978',
        returnUrl: 'https://shop.example/x',
      });
      const post = (headers: Record<string, string>) =>
        gh.post(
          '/payment/rest/api/p2p/registerP2P.do',
          {},
          { rawBody: body, contentType: 'application/json', headers },
        );
      const unsigned = (await post({})).body;
      assert.equal(unsigned.errorCode, '5');
      assert.match(String(unsigned.errorMessage), /X-Hash and X-Signature/);
      const badHash = (await post({ 'x-hash': xHash('{}'), 'x-signature': 'AAAA' })).body;
      assert.match(String(badHash.errorMessage), /X-Hash does not match/);
      const badSignature = (
        await post({ 'x-hash': xHash(body), 'x-signature': Buffer.alloc(256).toString('base64') })
      ).body;
      assert.match(String(badSignature.errorMessage), /does not verify/);
      const found = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('id')
        .where('order_number', '=', 'unsigned-1')
        .execute();
      assert.equal(found.length, 0, 'no order was registered');
    });

    test('register, fee, perform by card, status: the debit is amount + fee, the credit the amount', async () => {
      const orderId = await register(10000, {
        params: [{ name: 'purpose', value: 'rent' }],
        orderDescription: 'Rent',
      });
      const fresh = await status(orderId);
      assert.equal(fresh.orderStatus, 0);
      assert.equal(fresh.resultCode, 0);
      const fee = (
        await shop.call('verifyP2P.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.deepEqual(fee.feeDescriptionList, [
        { feeAmount: 180, feeCurrency: '978', feeDescription: 'Fee for the card-to-card transfer' },
      ]);
      const smaller = (await shop.call('verifyP2P.do', { orderId, amount: '100', language: 'de' })).body;
      const [element] = smaller.feeDescriptionList as Body[];
      assert.equal(element?.feeAmount, 50, 'the minimum applies');
      assert.match(String(element?.feeDescription), /Gebühr/);
      const done = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(done.errorCode, '0', JSON.stringify(done));
      assert.equal(done.info, 'The transfer has been made');
      const body = await status(orderId);
      assert.equal((done.statusResponse as Body).orderStatus, 2);
      assert.equal(body.orderStatus, 2);
      assert.equal(body.panMaskedFrom, '411111**1111');
      assert.equal(body.panMaskedTo, '555555**4444');
      assert.equal(body.amount, 10000);
      assert.equal(body.feeAmount, 180);
      assert.equal(body.orderDescription, 'Rent');
      assert.deepEqual(body.orderParams, { purpose: 'rent' });
      assert.deepEqual(legs(body), [
        ['DEBIT', 10180, '0'],
        ['CREDIT', 10000, '0'],
      ]);
      assert.match(String(body.rrn), /^\d{12}$/);
      const params = await callbackParamsOf(gh, orderId);
      assert.equal(params.operation, 'deposited');
      // gateway-facts §8: each card's bank and country from the BIN file, and the debit's RRN.
      assert.equal(params.debitBankName, 'GATEHOUSE SANDBOX BANK');
      assert.equal(params.creditBankName, 'GATEHOUSE SANDBOX BANK');
      assert.equal(params.debitPanCountryCode, 'DE');
      assert.equal(params.creditPanCountryCode, 'DE');
      assert.equal(params.isInternationalP2P, 'false');
      assert.equal(params.p2pDebitRrn, body.rrn);
      assert.equal(params.operationType, undefined, 'a two-card transfer is neither AFT nor OCT');
      // A transfer is made once: the second is refused for the order's state.
      const again = await shop.call('performP2P.do', {
        orderId,
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '5555555555554444' },
      });
      assertRefusal(again, { errorCode: '7', key: 'ORDER_NOT_PAYABLE' });
    });

    test('amountInput replaces the registered amount; a different amount is refused', async () => {
      const orderId = await register(10000);
      const conflict = (
        await shop.call('performP2P.do', {
          orderId,
          amount: 5,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(conflict.errorCode, '5');
      const done = (
        await shop.call('performP2P.do', {
          orderId,
          amountInput: 20000,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(done.errorCode, '0');
      const body = await status(orderId);
      assert.equal(body.amount, 20000);
      assert.deepEqual(legs(body), [
        ['DEBIT', 20330, '0'],
        ['CREDIT', 20000, '0'],
      ]);
    });

    test('a declined debit ends the transfer; a refused credit reverses the debit', async () => {
      const declinedDebit = await register();
      const first = (
        await shop.call('performP2P.do', {
          orderId: declinedDebit,
          fromCard: CARD('4000000000000002'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(first.info, 'The transfer was declined; no money has moved');
      const debitBody = await status(declinedDebit);
      assert.equal(debitBody.orderStatus, 6);
      assert.deepEqual(legs(debitBody), [['DEBIT', 10180, '100']]);
      const refusedCredit = await register();
      const second = (
        await shop.call('performP2P.do', {
          orderId: refusedCredit,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '4000000000009987' },
        })
      ).body;
      assert.equal((second.statusResponse as Body).orderStatus, 6);
      const creditBody = await status(refusedCredit);
      assert.deepEqual(legs(creditBody), [
        ['DEBIT', 10180, '0'],
        ['CREDIT', 10000, '208'],
        ['REVERSAL', 10180, '0'],
      ]);
      const open = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('state', '=', 'pending')
        .where('order_id', 'in', [declinedDebit, refusedCredit])
        .execute();
      assert.equal(open.length, 0, 'no leg is left pending');
    });

    test('50 concurrent performs of one order make exactly one transfer', async () => {
      const orderId = await register(1000);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          shop.call('performP2P.do', {
            orderId,
            fromCard: CARD('4111111111111111'),
            toCard: { pan: '5555555555554444' },
          }),
        ),
      );
      const made = answers.filter((answer) => answer.body.errorCode === '0');
      assert.equal(made.length, 1);
      for (const answer of answers) assert.ok(['0', '7'].includes(String(answer.body.errorCode)));
      const debits = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'debit')
        .execute();
      assert.equal(debits.length, 1);
      assert.equal((await status(orderId)).orderStatus, 2);
    });

    test('an unanswered credit is sent again by the recovery job, never abandoned; an unanswered debit is reversed', async () => {
      const slowCredit = await register();
      const pending = await shop.call('performP2P.do', {
        orderId: slowCredit,
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '4000000000000119' },
      });
      assertRefusal(pending, { errorCode: '7', key: 'OPERATION_PENDING' });
      assert.equal((await status(slowCredit)).orderStatus, 0);
      const slowDebit = await register();
      const declined = (
        await shop.call('performP2P.do', {
          orderId: slowDebit,
          fromCard: CARD('4000000000000119'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal((declined.statusResponse as Body).orderStatus, 6);
      gh.clock.advance(ACQUIRER_TIMEOUT_MS + 60_000 + 1);
      await gh.gatehouse.jobs.runAll();
      const credited = await status(slowCredit);
      assert.equal(credited.orderStatus, 2);
      assert.deepEqual(legs(credited), [
        ['DEBIT', 10180, '0'],
        ['CREDIT', 10000, '0'],
      ]);
      const reversed = await status(slowDebit);
      assert.equal(reversed.orderStatus, 6);
      const pendingRows = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('kind')
        .where('order_id', 'in', [slowCredit, slowDebit])
        .where('state', '=', 'pending')
        .execute();
      assert.deepEqual(pendingRows, []);
      const sealed = await gh.gatehouse.store.db.selectFrom('pending_credit_cards').select('id').execute();
      assert.equal(sealed.length, 0, 'no recipient card is kept once its transfer is decided');
    });

    test('refusals: other orders, permissions, the SDK channel, wallet tokens mixed with card data', async () => {
      const orderId = await register();
      const plain = (
        await gh.post('/payment/rest/register.do', {
          userName: shop.auth.username,
          password: shop.auth.password,
          amount: 100,
          returnUrl: 'https://shop.example/x',
          orderNumber: orderNumber('plain'),
        })
      ).body;
      const notTransfer = (
        await shop.call('performP2P.do', {
          orderId: plain.orderId,
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(notTransfer.errorCode, '6');
      const mixed = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { ...CARD('4111111111111111'), vendor: 'A', paymentToken: 'x' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(mixed.errorCode, '5');
      assert.match(String(mixed.errorMessage), /fromCard\.pan.*fromCard\.paymentToken/);
      const aft = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount: 1,
          currency: '978',
          returnUrl: 'https://shop.example/x',
          features: { feature: ['WITHOUT_TO_CARD'] },
        })
      ).body;
      assert.equal(aft.errorCode, '5', 'AFT needs its own permission');
      assert.match(String(aft.errorMessage), /not permitted to use features/);
      const missing = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { pan: '4111111111111111' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(missing.errorCode, '4');
      const expired = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: CARD('4111111111111111', { expirationYear: 2020 }),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(expired.errorCode, '5');
      const secured = await createP2pMerchant(gh, { authenticates: true });
      const securedOrder = (
        await secured.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount: 100,
          currency: '978',
          returnUrl: 'https://shop.example/x',
        })
      ).body;
      const sdk = (
        await secured.call('performP2P.do', {
          orderId: securedOrder.orderId,
          threeDSSDKTransId: '0f6b3c8e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(sdk.errorCode, '4', 'SDK values belong to threeDSSDK=true');
      assert.match(String(sdk.errorMessage), /threeDSSDK\b/);
      const stranger = await gh.createMerchant();
      await gh.gatehouse.admin.addCertificate(stranger.merchantLogin, shop.key.certificatePem);
      const body = JSON.stringify({
        username: stranger.auth.userName,
        password: stranger.auth.password,
        orderId,
      });
      const denied = (
        await gh.post(
          '/payment/rest/api/p2p/getP2PStatus.do',
          {},
          {
            rawBody: body,
            contentType: 'application/json',
            headers: signedHeaders(body, shop.key.privateKey),
          },
        )
      ).body;
      assert.equal(denied.errorCode, '5');
      assert.match(String(denied.errorMessage), /permitted/);
    });
  });
}
