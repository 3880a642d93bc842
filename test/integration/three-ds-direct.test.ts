import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { browserGet, onlyForm, submit, unpack } from '../support/browser-forms.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PAY = '/payment/rest/instantPayment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const engine of ENGINES) {
  describe(`${engine}: 3-D Secure 2 in the direct flow (instantPayment.do)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      auth = (await gh.createMerchant({ authenticates: true, permissions: ['preAuth'] })).auth;
    });
    after(() => gh.close());

    const payParams = (pan: string, extra: Record<string, string | number | boolean> = {}) => ({
      ...auth,
      amount: 2500,
      currency: '978',
      pan,
      expiry: '203412',
      cvc: '123',
      returnUrl: 'https://shop.example/ok',
      failUrl: 'https://shop.example/fail',
      orderNumber: `3ds-${randomBytes(5).toString('hex')}`,
      ...extra,
    });
    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;

    test('frictionless: method page, ACS notification, repeated request pays with ECI 05 and a CAVV', async () => {
      const params = payParams('4111111111111111');
      const first = (await gh.post(PAY, params)).body;
      assert.equal(first.errorCode, '0');
      assert.equal(first.is3DSVer2, true);
      assert.match(String(first.threeDSServerTransId), UUID);
      assert.equal((first.orderStatus as Record<string, unknown>).OrderStatus, 0);
      assert.equal(first.acsUrl, undefined);
      const methodData = unpack(String(first.threeDSMethodDataPacked));
      assert.deepEqual(Object.keys(methodData).sort(), [
        'threeDSMethodNotificationURL',
        'threeDSServerTransID',
      ]);
      assert.equal(methodData.threeDSServerTransID, first.threeDSServerTransId);
      assert.equal(methodData.threeDSMethodNotificationURL, `${gh.baseUrl}/payment/3ds/method-notification`);

      // The merchant's page loads threeDSMethodUrlServer in a hidden frame; it posts to the ACS.
      const methodPage = await browserGet(String(first.threeDSMethodUrlServer));
      assert.equal(methodPage.status, 200);
      const toAcs = onlyForm(methodPage.text, gh.baseUrl);
      assert.equal(toAcs.action, first.threeDSMethodUrl);
      assert.equal(toAcs.fields.threeDSMethodData, first.threeDSMethodDataPacked);
      const acsPage = await submit(toAcs);
      const notification = onlyForm(acsPage.text, gh.baseUrl);
      assert.equal(notification.action, methodData.threeDSMethodNotificationURL);
      assert.deepEqual(unpack(notification.fields.threeDSMethodData ?? ''), {
        threeDSServerTransID: first.threeDSServerTransId,
      });
      assert.equal((await submit(notification)).status, 200);

      const second = (
        await gh.post(PAY, {
          ...params,
          threeDSServerTransId: String(first.threeDSServerTransId),
          threeDSVer2MdOrder: String(first.orderId),
        })
      ).body;
      assert.equal(second.errorCode, '0');
      assert.equal(second.orderId, first.orderId);
      assert.equal((second.orderStatus as Record<string, unknown>).OrderStatus, 2);
      const extended = await status(String(first.orderId));
      const secure = (extended.cardAuthInfo as Record<string, unknown>).secureAuthInfo as Record<
        string,
        unknown
      >;
      assert.equal(secure.eci, '05');
      assert.match(String(secure.cavv), /^[A-Za-z0-9+/]{27}=$/);
      assert.equal(Buffer.from(String(secure.cavv), 'base64').length, 20);
      assert.equal(secure.aresTransStatus, 'Y');
      assert.equal(secure.threeDSProtocolVersion, '2.1.0');
    });

    test('challenge passed through acsRedirect.do: status 5 at the ACS, CRes back, paid with ECI 02', async () => {
      const params = payParams('5555555555555599');
      const first = (await gh.post(PAY, params)).body;
      const second = (
        await gh.post(PAY, { ...params, threeDSServerTransId: String(first.threeDSServerTransId) })
      ).body;
      assert.equal(second.errorCode, '0');
      assert.equal(second.is3DSVer2, true);
      assert.equal((second.orderStatus as Record<string, unknown>).OrderStatus, 0);
      assert.equal(second.acsUrl, `${gh.baseUrl}/acs/challenge`);
      const creq = unpack(String(second.packedCReq));
      assert.deepEqual(Object.keys(creq).sort(), [
        'acsTransID',
        'challengeWindowSize',
        'messageType',
        'messageVersion',
        'threeDSServerTransID',
      ]);
      assert.equal(creq.messageType, 'CReq');
      assert.equal(creq.messageVersion, '2.1.0');
      assert.equal(creq.threeDSServerTransID, first.threeDSServerTransId);
      assert.match(String(creq.acsTransID), UUID);
      assert.ok(!String(second.packedCReq).includes('='), 'base64url without padding');

      const redirect = await browserGet(
        `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`,
      );
      const toAcs = onlyForm(redirect.text, gh.baseUrl);
      assert.equal(toAcs.action, second.acsUrl);
      assert.equal(toAcs.fields.creq, second.packedCReq);
      assert.equal((await status(String(first.orderId))).orderStatus, 5);

      const challenge = await submit(toAcs);
      assert.equal(challenge.status, 200);
      const answer = onlyForm(challenge.text, gh.baseUrl);
      const finalPage = await submit(answer, { code: '123456', action: 'submit' });
      const back = onlyForm(finalPage.text, gh.baseUrl);
      assert.equal(back.action, `${gh.baseUrl}/payment/3ds/challenge-notification`);
      const cres = unpack(back.fields.cres ?? '');
      assert.deepEqual(cres, {
        threeDSServerTransID: first.threeDSServerTransId,
        acsTransID: creq.acsTransID,
        messageType: 'CRes',
        messageVersion: '2.1.0',
        transStatus: 'Y',
        challengeCompletionInd: 'Y',
      });
      const landed = await submit(back);
      assert.equal(landed.status, 303);
      assert.equal(landed.location, `https://shop.example/ok?orderId=${String(first.orderId)}&lang=en`);
      const extended = await status(String(first.orderId));
      assert.equal(extended.orderStatus, 2);
      const secure = (extended.cardAuthInfo as Record<string, unknown>).secureAuthInfo as Record<
        string,
        unknown
      >;
      assert.equal(secure.eci, '02');
      assert.equal(secure.rreqTransStatus, 'Y');
      assert.equal(secure.aresTransStatus, 'C');
    });

    test('a customer who never comes back from the ACS: the order expires with -2009, never paid', async () => {
      const params = payParams('5555555555555599', { sessionTimeoutSecs: 60 });
      const first = (await gh.post(PAY, params)).body;
      await gh.post(PAY, { ...params, threeDSServerTransId: String(first.threeDSServerTransId) });
      await browserGet(`${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`);
      assert.equal((await status(String(first.orderId))).orderStatus, 5);
      gh.clock.advance(61_000);
      await gh.gatehouse.jobs.runAll();
      const expired = await status(String(first.orderId));
      assert.equal(expired.orderStatus, 6);
      assert.equal(expired.actionCode, -2009);
      assert.equal((expired.paymentAmountInfo as Record<string, unknown>).approvedAmount, 0);
    });

    test('FORCE_SSL needs the permission sslOnly, on register.do and instantPayment.do alike', async () => {
      const register = await gh.post('/payment/rest/register.do', {
        ...auth,
        amount: 100,
        orderNumber: `fs-${randomBytes(4).toString('hex')}`,
        returnUrl: 'https://shop.example/ok',
        features: 'FORCE_SSL',
      });
      assert.equal(register.body.errorCode, '5');
      assert.match(String(register.body.errorMessage), /sslOnly/);
      const pay = await gh.post(PAY, payParams('4111111111111111', { features: 'FORCE_SSL' }));
      assert.equal(pay.body.errorCode, '5');
      assert.equal(pay.body.orderId, undefined);
    });
  });
}
