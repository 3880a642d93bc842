import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserGet, onlyForm, submit } from '../support/browser-forms.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;

for (const engine of ENGINES) {
  describe(`${engine}: 3-D Secure 2 on the debited card of a transfer (issue 12, part b)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      shop = await createP2pMerchant(gh, { authenticates: true, p2pFee: 'fixed=100' });
      // The perform replies these tests read carry statusResponse only when it is enabled (issue 23).
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
    });
    after(() => gh.close());

    const register = async (amount = 5000) =>
      String(
        (
          await shop.call('registerP2P.do', {
            orderNumber: orderNumber('3ds'),
            amount,
            currency: '978',
            returnUrl: 'https://shop.example/done',
          })
        ).body.orderId,
      );
    const legs = (body: Body) => (body.operationList as Body[]).map((leg) => [leg.operationType, leg.amount]);

    test('frictionless: the first perform answers the 3DS Method, the repeated one transfers', async () => {
      const orderId = await register();
      const request = { orderId, fromCard: CARD('4111111111111111'), toCard: { pan: '5555555555554444' } };
      const first = (await shop.call('performP2P.do', request)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.is3DSVer2, true);
      assert.match(String(first.threeDSServerTransId), /^[0-9a-f-]{36}$/);
      assert.ok(String(first.threeDSMethodUrlServer).startsWith(gh.baseUrl));
      const other = (
        await shop.call('performP2P.do', {
          ...request,
          fromCard: CARD('5555555555554444'),
          threeDSServerTransId: first.threeDSServerTransId,
        })
      ).body;
      assert.equal(other.errorCode, '5', 'the repeated request must carry the authenticated card');
      const second = (
        await shop.call('performP2P.do', { ...request, threeDSServerTransId: first.threeDSServerTransId })
      ).body;
      assert.equal(second.info, 'The transfer has been made');
      const status = second.statusResponse as Body;
      assert.equal(status.orderStatus, 2);
      assert.deepEqual(legs(status), [
        ['DEBIT', 5100],
        ['CREDIT', 5000],
      ]);
    });

    test('challenge: acsUrl + packedCReq, the ACS, then finishThreeDsVer2.do reads the transfer', async () => {
      const orderId = await register();
      const request = { orderId, fromCard: CARD('5555555555555599'), toCard: { pan: '4111111111111111' } };
      const first = (await shop.call('performP2P.do', request)).body;
      const second = (
        await shop.call('performP2P.do', { ...request, threeDSServerTransId: first.threeDSServerTransId })
      ).body;
      assert.equal(second.acsUrl, `${gh.baseUrl}/acs/challenge`);
      assert.equal(typeof second.packedCReq, 'string');
      const acs = await gh.gatehouse.store.db
        .selectFrom('acs_transactions')
        .select(['purchase_amount', 'purchase_currency'])
        .where('three_ds_server_trans_id', '=', String(first.threeDSServerTransId))
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        acs,
        { purchase_amount: '5100', purchase_currency: '978' },
        'the AReq shows amount + fee',
      );
      const early = (
        await shop.call('finishThreeDsVer2.do', { threeDSServerTransId: first.threeDSServerTransId })
      ).body;
      assert.equal(early.errorCode, '7', 'not finished before the ACS answers');
      const redirect = await browserGet(`${gh.baseUrl}/payment/acsRedirect.do?orderId=${orderId}`);
      const challenge = await submit(onlyForm(redirect.text, gh.baseUrl));
      const finalPage = await submit(onlyForm(challenge.text, gh.baseUrl), {
        code: '123456',
        action: 'submit',
      });
      const landed = await submit(onlyForm(finalPage.text, gh.baseUrl));
      assert.equal(landed.status, 303);
      const finished = (
        await shop.call('finishThreeDsVer2.do', { threeDSServerTransId: first.threeDSServerTransId, orderId })
      ).body;
      assert.equal(finished.errorCode, '0', JSON.stringify(finished));
      assert.equal(finished.info, 'The transfer has been made');
      const status = finished.statusResponse as Body;
      assert.equal(status.orderStatus, 2);
      assert.equal(status.panMaskedTo, '411111**1111');
      assert.deepEqual(legs(status), [
        ['DEBIT', 5100],
        ['CREDIT', 5000],
      ]);
    });

    test("threeDsAuthResult: the merchant's own 3-D Secure server authenticated the card, so none runs here", async () => {
      const orderId = await register();
      const made = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: {
            ...CARD('4111111111111111'),
            threeDsAuthResult: { eci: 5, cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=' },
          },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      assert.equal(made.is3DSVer2, undefined);
      assert.equal((made.statusResponse as Body).orderStatus, 2);
      const row = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('secure_auth')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(row.secure_auth ?? '{}'), {
        eci: '05',
        cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
        threeDsType: 'FULL',
        threeDSProtocolVersion: '2.1.0',
        source: 'MERCHANT_3DS_SERVER',
      });
    });

    test('instantPerformP2P.do registers and performs in one call, 3-D Secure included', async () => {
      const request = {
        orderNumber: orderNumber('instant'),
        amount: 2500,
        currency: '978',
        returnUrl: 'https://shop.example/done',
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '5555555555554444' },
      };
      const first = (await shop.call('instantPerformP2P.do', request)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.is3DSVer2, true);
      assert.equal(first.orderNumber, request.orderNumber);
      const second = (
        await shop.call('instantPerformP2P.do', {
          ...request,
          threeDSServerTransId: first.threeDSServerTransId,
        })
      ).body;
      assert.equal(second.orderId, first.orderId);
      assert.equal((second.statusResponse as Body).orderStatus, 2);
      const unknownCard = (
        await shop.call('instantPerformP2P.do', {
          ...request,
          orderNumber: orderNumber('bad'),
          fromCard: CARD('4111111111111112'),
        })
      ).body;
      assert.equal(unknownCard.errorCode, '5');
      const registered = await gh.gatehouse.store.db
        .selectFrom('orders')
        .select('id')
        .where('order_number', 'like', 'bad-%')
        .execute();
      assert.equal(registered.length, 0, 'nothing is registered for a card refused up front');
    });
  });
}
