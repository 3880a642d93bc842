import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  browserGet,
  formsOf,
  onlyForm,
  submit,
  unpack,
  type BrowserResponse,
  type PageForm,
} from '../support/browser-forms.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type FormParams, type TestGatehouse } from '../support/gatehouse-harness.js';

const PAY = '/payment/rest/instantPayment.do';
const MOTO = '/payment/rest/motoPayment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL_UNPADDED = /^[A-Za-z0-9_-]+$/;
const CAVV = /^[A-Za-z0-9+/]{27}=$/;
const OK_URL = 'https://shop.example/ok';
const FAIL_URL = 'https://shop.example/fail';
const OTP = '123456';
const V1_PASSWORD = '12345678';
const WRONG_CODE = '654321';
const AMOUNT = 2500;

/** Cards of test-cards.md used below. */
const CARD = {
  challenge: '5555555555555599',
  challengeV: '4000000000003220',
  challenge220: '5200000000001096',
  declinedAfterChallenge: '4000008400001629',
  frictionless: '4111111111111111',
  methodTimeout: '4000000000000341',
  v1: '4000000000001000',
} as const;

type Json = Record<string, unknown>;

function obj(value: unknown, what = 'value'): Json {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is not an object`);
  return value as Json;
}

const secureAuthInfoOf = (extended: Json): Json =>
  obj(obj(extended.cardAuthInfo, 'cardAuthInfo').secureAuthInfo, 'secureAuthInfo');
const amountsOf = (extended: Json): Json => obj(extended.paymentAmountInfo, 'paymentAmountInfo');
const legacyStatus = (body: Json): unknown => obj(body.orderStatus, 'orderStatus').OrderStatus;

/** The one nonce of a page's CSP, checked against every inline script and style of the page. */
function assertPageSecurity(page: BrowserResponse): string {
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.ok(!csp.includes('unsafe-inline'), csp);
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
  assert.ok(nonce !== undefined, `no script nonce in ${csp}`);
  assert.match(csp, new RegExp(`style-src 'nonce-${nonce.replace(/[+/=]/g, '\\$&')}'`));
  const tags = [...page.text.matchAll(/<(?:script|style)\b[^>]*>/g)].map((match) => match[0]);
  assert.ok(tags.length > 0, 'the page has no inline script or style to check');
  for (const tag of tags) assert.ok(tag.includes(`nonce="${nonce}"`), `${tag} lacks the nonce`);
  return nonce;
}

for (const engine of ENGINES) {
  describe(`${engine}: 3-D Secure outcomes of the direct flow`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let otherAuth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      auth = (await gh.createMerchant({ authenticates: true, permissions: ['preAuth'] })).auth;
      otherAuth = (await gh.createMerchant({ authenticates: true })).auth;
    });
    after(() => gh.close());

    const payParams = (pan: string, extra: Record<string, string | number | boolean> = {}) => ({
      ...auth,
      amount: AMOUNT,
      currency: '978',
      pan,
      expiry: '203412',
      cvc: '123',
      returnUrl: OK_URL,
      failUrl: FAIL_URL,
      orderNumber: `3dso-${randomBytes(6).toString('hex')}`,
      ...extra,
    });
    type Params = ReturnType<typeof payParams>;

    const pay = async (params: Json, path = PAY): Promise<Json> => {
      const response = await gh.post(path, params as FormParams);
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const status = async (orderId: unknown, credentials = auth): Promise<Json> => {
      const response = await gh.post(STATUS, { ...credentials, orderId: String(orderId) });
      assert.equal(response.body.errorCode, '0', response.text);
      return response.body;
    };
    /** Authorizations the order has had (order_operations): all of them, and the approved ones. */
    const authorizations = async (orderId: unknown): Promise<{ approved: number; all: number }> => {
      const rows = await gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('state')
        .where('order_id', '=', String(orderId))
        .where('kind', '=', 'authorization')
        .execute();
      return { approved: rows.filter((row) => row.state === 'approved').length, all: rows.length };
    };
    /** The invariant of every path that did not authenticate: never status 1 or 2, nothing approved. */
    const assertNeverPaid = async (orderId: unknown): Promise<Json> => {
      const extended = await status(orderId);
      assert.ok(
        ![1, 2].includes(Number(extended.orderStatus)),
        `order is paid: ${String(extended.orderStatus)}`,
      );
      assert.equal(amountsOf(extended).approvedAmount, 0);
      assert.equal(amountsOf(extended).depositedAmount, 0);
      assert.equal((await authorizations(orderId)).approved, 0);
      return extended;
    };
    const landing = (base: string, orderId: unknown) => `${base}?orderId=${String(orderId)}&lang=en`;

    /** The first answer of a 3-D Secure 2 payment: the method invitation, member by member. */
    function assertInvitation(first: Json): Json {
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.is3DSVer2, true);
      assert.match(String(first.threeDSServerTransId), UUID);
      assert.match(String(first.orderId), UUID);
      assert.equal(legacyStatus(first), 0);
      assert.equal(first.acsUrl, undefined);
      assert.equal(first.packedCReq, undefined);
      assert.equal(first.redirect, undefined);
      assert.equal(
        first.threeDSMethodUrlServer,
        `${gh.baseUrl}/payment/3ds/method.html?threeDSServerTransID=${String(first.threeDSServerTransId)}`,
      );
      const packed = String(first.threeDSMethodDataPacked);
      assert.match(packed, BASE64URL_UNPADDED);
      const methodData = unpack(packed);
      assert.deepEqual(Object.keys(methodData).sort(), [
        'threeDSMethodNotificationURL',
        'threeDSServerTransID',
      ]);
      assert.equal(methodData.threeDSServerTransID, first.threeDSServerTransId);
      assert.equal(methodData.threeDSMethodNotificationURL, `${gh.baseUrl}/payment/3ds/method-notification`);
      return methodData;
    }

    /** The 3DS Method as the customer's browser runs it; returns the gateway's answer to the notification. */
    async function runMethod(first: Json): Promise<BrowserResponse> {
      const methodData = assertInvitation(first);
      const methodPage = await browserGet(String(first.threeDSMethodUrlServer));
      assert.equal(methodPage.status, 200);
      const toAcs = onlyForm(methodPage.text, gh.baseUrl);
      assert.equal(toAcs.method, 'POST');
      assert.equal(toAcs.action, first.threeDSMethodUrl);
      assert.deepEqual(toAcs.fields, { threeDSMethodData: first.threeDSMethodDataPacked });
      const acsPage = await submit(toAcs);
      assert.equal(acsPage.status, 200);
      const notification = onlyForm(acsPage.text, gh.baseUrl);
      assert.equal(notification.action, methodData.threeDSMethodNotificationURL);
      assert.deepEqual(Object.keys(notification.fields), ['threeDSMethodData']);
      assert.match(notification.fields.threeDSMethodData ?? '', BASE64URL_UNPADDED);
      assert.deepEqual(unpack(notification.fields.threeDSMethodData ?? ''), {
        threeDSServerTransID: first.threeDSServerTransId,
      });
      const done = await submit(notification);
      assert.equal(done.status, 200);
      return done;
    }

    const repeat = (params: Params, first: Json, extra: Json = {}) =>
      pay({
        ...params,
        threeDSServerTransId: String(first.threeDSServerTransId),
        threeDSVer2MdOrder: String(first.orderId),
        ...extra,
      });

    /** The repeated request's challenge answer and its CReq, member by member. */
    function assertChallenge(second: Json, first: Json, version: string): Json {
      assert.equal(second.errorCode, '0', JSON.stringify(second));
      assert.equal(second.is3DSVer2, true);
      assert.equal(second.orderId, first.orderId);
      assert.equal(second.threeDSServerTransId, first.threeDSServerTransId);
      assert.equal(legacyStatus(second), 0);
      assert.equal(second.acsUrl, `${gh.baseUrl}/acs/challenge`);
      assert.equal(second.redirect, undefined);
      const packed = String(second.packedCReq);
      assert.match(packed, BASE64URL_UNPADDED);
      const creq = unpack(packed);
      assert.deepEqual(Object.keys(creq).sort(), [
        'acsTransID',
        'challengeWindowSize',
        'messageType',
        'messageVersion',
        'threeDSServerTransID',
      ]);
      assert.equal(creq.threeDSServerTransID, first.threeDSServerTransId);
      assert.match(String(creq.acsTransID), UUID);
      assert.notEqual(creq.acsTransID, creq.threeDSServerTransID);
      assert.equal(creq.messageType, 'CReq');
      assert.equal(creq.messageVersion, version);
      assert.equal(creq.challengeWindowSize, '05');
      return creq;
    }

    /** The ACS challenge page's form, answering for the ACS transaction of the CReq. */
    function answerForm(page: BrowserResponse, creq: Json, sessionData: string | undefined): PageForm {
      assert.equal(page.status, 200, page.text);
      const form = onlyForm(page.text, gh.baseUrl);
      assert.equal(form.method, 'POST');
      assert.equal(form.action, `${gh.baseUrl}/acs/challenge/answer`);
      assert.deepEqual(form.fields, {
        acsTransID: creq.acsTransID,
        ...(sessionData === undefined ? {} : { threeDSSessionData: sessionData }),
      });
      return form;
    }

    /** The page the ACS ends with: a form carrying the final CRes to the gateway, checked member by member. */
    function finalCRes(
      page: BrowserResponse,
      expected: { first: Json; creq: Json; transStatus: 'Y' | 'N'; version: string; sessionData?: string },
    ): PageForm {
      assert.equal(page.status, 200, page.text);
      const back = onlyForm(page.text, gh.baseUrl);
      assert.equal(back.method, 'POST');
      assert.equal(back.action, `${gh.baseUrl}/payment/3ds/challenge-notification`);
      assert.deepEqual(
        Object.keys(back.fields).sort(),
        expected.sessionData === undefined ? ['cres'] : ['cres', 'threeDSSessionData'],
      );
      if (expected.sessionData !== undefined)
        assert.equal(back.fields.threeDSSessionData, expected.sessionData);
      const packed = back.fields.cres ?? '';
      assert.match(packed, BASE64URL_UNPADDED);
      const cres = unpack(packed);
      assert.deepEqual(Object.keys(cres).sort(), [
        'acsTransID',
        'challengeCompletionInd',
        'messageType',
        'messageVersion',
        'threeDSServerTransID',
        'transStatus',
      ]);
      assert.equal(cres.threeDSServerTransID, expected.first.threeDSServerTransId);
      assert.equal(cres.acsTransID, expected.creq.acsTransID);
      assert.equal(cres.messageType, 'CRes');
      assert.equal(cres.messageVersion, expected.version);
      assert.equal(cres.transStatus, expected.transStatus);
      assert.equal(cres.challengeCompletionInd, 'Y');
      return back;
    }

    interface AtAcs {
      readonly params: Params;
      readonly first: Json;
      readonly second: Json;
      readonly creq: Json;
      /** The ACS challenge page the browser shows. */
      readonly page: BrowserResponse;
      readonly form: PageForm;
      readonly sessionData: string | undefined;
      /** The acsRedirect.do page, when the customer went through it. */
      readonly redirectPage: BrowserResponse | undefined;
    }

    /** First call, 3DS Method, repeated call, then to the ACS through acsRedirect.do (or posting creq directly). */
    async function reachChallenge(
      pan: string,
      options: { extra?: Record<string, string | number | boolean>; version?: string; direct?: boolean } = {},
    ): Promise<AtAcs> {
      const version = options.version ?? '2.1.0';
      const params = payParams(pan, options.extra);
      const first = await pay(params);
      await runMethod(first);
      const second = await repeat(params, first);
      const creq = assertChallenge(second, first, version);
      await assertNeverPaid(first.orderId);
      if (options.direct === true) {
        const page = await submit({
          action: String(second.acsUrl),
          method: 'POST',
          fields: { creq: String(second.packedCReq) },
        });
        return {
          params,
          first,
          second,
          creq,
          page,
          form: answerForm(page, creq, undefined),
          sessionData: undefined,
          redirectPage: undefined,
        };
      }
      const redirectPage = await browserGet(
        `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`,
      );
      assert.equal(redirectPage.status, 200, redirectPage.text);
      const toAcs = onlyForm(redirectPage.text, gh.baseUrl);
      assert.equal(toAcs.method, 'POST');
      assert.equal(toAcs.action, second.acsUrl);
      assert.deepEqual(Object.keys(toAcs.fields).sort(), ['creq', 'threeDSSessionData']);
      assert.equal(toAcs.fields.creq, second.packedCReq);
      const sessionData = toAcs.fields.threeDSSessionData ?? '';
      assert.match(sessionData, BASE64URL_UNPADDED);
      assert.equal(sessionData.length <= 1024, true);
      const atAcs = await assertNeverPaid(first.orderId);
      assert.equal(atAcs.orderStatus, 5);
      const page = await submit(toAcs);
      return {
        params,
        first,
        second,
        creq,
        page,
        form: answerForm(page, creq, sessionData),
        sessionData,
        redirectPage,
      };
    }

    /** A challenge answered with the right code, its CRes posted: returns where the customer lands. */
    async function passChallenge(
      at: AtAcs,
      version = '2.1.0',
    ): Promise<{ back: PageForm; landed: BrowserResponse }> {
      const finalPage = await submit(at.form, { code: OTP, action: 'submit' });
      const back = finalCRes(finalPage, {
        first: at.first,
        creq: at.creq,
        transStatus: 'Y',
        version,
        ...(at.sessionData === undefined ? {} : { sessionData: at.sessionData }),
      });
      const landed = await submit(back);
      assert.equal(landed.status, 303);
      return { back, landed };
    }

    describe('challenge outcomes', () => {
      test('failed: three wrong codes, attempts counted down, CRes N, failUrl, status 6 with -2025', async () => {
        const at = await reachChallenge(CARD.challenge);
        assert.ok(!at.page.text.includes('attempt(s) left'), 'no error before the first answer');

        const afterFirst = await submit(at.form, { code: WRONG_CODE, action: 'submit' });
        assert.match(afterFirst.text, /Incorrect\. 2 attempt\(s\) left\./);
        const afterSecond = await submit(answerForm(afterFirst, at.creq, at.sessionData), {
          code: WRONG_CODE,
          action: 'submit',
        });
        assert.match(afterSecond.text, /Incorrect\. 1 attempt\(s\) left\./);
        await assertNeverPaid(at.first.orderId);

        const afterThird = await submit(answerForm(afterSecond, at.creq, at.sessionData), {
          code: WRONG_CODE,
          action: 'submit',
        });
        const back = finalCRes(afterThird, {
          first: at.first,
          creq: at.creq,
          transStatus: 'N',
          version: '2.1.0',
          ...(at.sessionData === undefined ? {} : { sessionData: at.sessionData }),
        });
        const landed = await submit(back);
        assert.equal(landed.status, 303);
        assert.equal(landed.location, landing(FAIL_URL, at.first.orderId));

        const extended = await assertNeverPaid(at.first.orderId);
        assert.equal(extended.orderStatus, 6);
        assert.equal(extended.actionCode, -2025);
        assert.deepEqual(
          await authorizations(at.first.orderId),
          { approved: 0, all: 0 },
          'the acquirer was asked',
        );
        const secure = secureAuthInfoOf(extended);
        assert.equal(secure.rreqTransStatus, 'N');
        assert.equal(secure.aresTransStatus, 'C');
        assert.equal(secure.cavv, undefined);
        // The correct code after the end changes nothing.
        const late = await submit(at.form, { code: OTP, action: 'submit' });
        assert.equal(late.status, 409);
        assert.equal(formsOf(late.text, gh.baseUrl).length, 0);
        assert.equal((await assertNeverPaid(at.first.orderId)).orderStatus, 6);
      });

      test('cancelled on the ACS page: CRes N, failUrl, status 6 with -2025', async () => {
        const at = await reachChallenge(CARD.challengeV);
        const finalPage = await submit(at.form, { action: 'cancel' });
        const back = finalCRes(finalPage, {
          first: at.first,
          creq: at.creq,
          transStatus: 'N',
          version: '2.1.0',
          ...(at.sessionData === undefined ? {} : { sessionData: at.sessionData }),
        });
        const landed = await submit(back);
        assert.equal(landed.status, 303);
        assert.equal(landed.location, landing(FAIL_URL, at.first.orderId));
        const extended = await assertNeverPaid(at.first.orderId);
        assert.equal(extended.orderStatus, 6);
        assert.equal(extended.actionCode, -2025);
        assert.equal(secureAuthInfoOf(extended).rreqTransStatus, 'N');
        assert.deepEqual(await authorizations(at.first.orderId), { approved: 0, all: 0 });
        // acsRedirect.do once decided sends the customer to the merchant instead of the ACS.
        const redirect = await browserGet(
          `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(at.first.orderId)}`,
        );
        assert.equal(redirect.status, 303);
        assert.equal(redirect.location, landing(FAIL_URL, at.first.orderId));
      });

      test('the merchant posts creq straight to acsUrl (no acsRedirect.do) and the payment completes', async () => {
        const at = await reachChallenge(CARD.challenge, { direct: true });
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(extended.actionCode, 0);
        assert.equal(amountsOf(extended).depositedAmount, AMOUNT);
        const secure = secureAuthInfoOf(extended);
        assert.equal(secure.eci, '02');
        assert.equal(secure.rreqTransStatus, 'Y');
        assert.match(String(secure.cavv), CAVV);
      });

      test('a Visa challenge passes with ECI 05 and the CAVV of the RReq', async () => {
        const at = await reachChallenge(CARD.challengeV);
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 2);
        const secure = secureAuthInfoOf(extended);
        assert.equal(secure.eci, '05');
        assert.equal(secure.threeDsType, 'CHALLENGE');
        assert.equal(Buffer.from(String(secure.cavv), 'base64').length, 20);
      });

      test('4000008400001629: the challenge passes, then the issuer declines (status 6, action code 100)', async () => {
        const at = await reachChallenge(CARD.declinedAfterChallenge);
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, landing(FAIL_URL, at.first.orderId));
        const extended = await assertNeverPaid(at.first.orderId);
        assert.equal(extended.orderStatus, 6);
        assert.equal(extended.actionCode, 100);
        assert.deepEqual(await authorizations(at.first.orderId), { approved: 0, all: 1 });
        assert.equal(secureAuthInfoOf(extended).rreqTransStatus, 'Y');
      });

      test('preAuth=true: status 1 after the challenge, the amount held and not deposited', async () => {
        const at = await reachChallenge(CARD.challenge, { extra: { preAuth: true } });
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 1);
        assert.equal(amountsOf(extended).approvedAmount, AMOUNT);
        assert.equal(amountsOf(extended).depositedAmount, 0);
        assert.equal(secureAuthInfoOf(extended).eci, '02');
      });

      test('threeDSVer2FinishUrl: after the challenge the customer goes there, with orderId and lang', async () => {
        const finishUrl = 'https://shop.example/3ds/finish?cart=7';
        const at = await reachChallenge(CARD.challenge, { extra: { threeDSVer2FinishUrl: finishUrl } });
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, `${finishUrl}&orderId=${String(at.first.orderId)}&lang=en`);
        assert.equal((await status(at.first.orderId)).orderStatus, 2);
      });

      test('5200000000001096 (ACS on 2.2.0 only): a 2.2.0 CReq and CRes although 2.1.0 was asked', async () => {
        const at = await reachChallenge(CARD.challenge220, {
          extra: { threeDSProtocolVersion: '2.1.0' },
          version: '2.2.0',
        });
        assert.equal(at.creq.messageVersion, '2.2.0');
        const { landed } = await passChallenge(at, '2.2.0');
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(secureAuthInfoOf(extended).threeDSProtocolVersion, '2.2.0');
      });

      test('threeDSProtocolVersion=2.2.0 on 5555555555555599: a 2.2.0 CReq and CRes', async () => {
        const at = await reachChallenge(CARD.challenge, {
          extra: { threeDSProtocolVersion: '2.2.0' },
          version: '2.2.0',
        });
        const { landed } = await passChallenge(at, '2.2.0');
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(secureAuthInfoOf(extended).threeDSProtocolVersion, '2.2.0');
      });
    });

    describe('frictionless and not-enrolled outcomes', () => {
      const declines = [
        { pan: '5168494895055780', aresTransStatus: 'N', actionCode: -2006 },
        { pan: '4000000000003063', aresTransStatus: 'N', actionCode: -2006 },
        { pan: '4000000000003121', aresTransStatus: 'R', actionCode: 151017 },
        { pan: '4000000000003097', aresTransStatus: 'U', actionCode: -2023 },
      ] as const;
      for (const { pan, aresTransStatus, actionCode } of declines) {
        test(`${pan}: ARes ${aresTransStatus}, the repeated request declines with ${actionCode}`, async () => {
          const params = payParams(pan);
          const first = await pay(params);
          await runMethod(first);
          await assertNeverPaid(first.orderId);
          const second = await repeat(params, first);
          assert.equal(second.errorCode, '0');
          assert.equal(second.orderId, first.orderId);
          assert.equal(legacyStatus(second), 6);
          assert.equal(second.acsUrl, undefined);
          assert.equal(second.packedCReq, undefined);
          assert.equal(second.redirect, landing(FAIL_URL, first.orderId));
          const extended = await assertNeverPaid(first.orderId);
          assert.equal(extended.orderStatus, 6);
          assert.equal(extended.actionCode, actionCode);
          assert.deepEqual(await authorizations(first.orderId), { approved: 0, all: 0 });
          const secure = secureAuthInfoOf(extended);
          assert.equal(secure.aresTransStatus, aresTransStatus);
          assert.equal(secure.cavv, undefined);
          // Asking again answers the decided order; it does not pay it.
          const third = await repeat(params, first);
          assert.equal(legacyStatus(third), 6);
          assert.equal((await assertNeverPaid(first.orderId)).actionCode, actionCode);
        });
      }

      for (const pan of ['4000000000003055', '4000001111111118']) {
        test(`${pan}: attempt (ARes A), paid with ECI 06 and a CAVV`, async () => {
          const params = payParams(pan);
          const first = await pay(params);
          await runMethod(first);
          const second = await repeat(params, first);
          assert.equal(second.errorCode, '0');
          assert.equal(legacyStatus(second), 2);
          assert.equal(second.redirect, landing(OK_URL, first.orderId));
          const extended = await status(first.orderId);
          assert.equal(extended.orderStatus, 2);
          const secure = secureAuthInfoOf(extended);
          assert.equal(secure.eci, '06');
          assert.equal(secure.aresTransStatus, 'A');
          assert.equal(secure.threeDsType, 'FRICTIONLESS');
          assert.match(String(secure.cavv), CAVV);
        });
      }

      const notEnrolled = [
        { pan: '4444555511113333', eci: '07' },
        { pan: '4000000000000010', eci: '07' },
        { pan: '5100000000000008', eci: '00' },
      ] as const;
      for (const { pan, eci } of notEnrolled) {
        test(`${pan}: not enrolled, the first call is already approved with ECI ${eci}`, async () => {
          const first = await pay(payParams(pan));
          assert.equal(first.errorCode, '0');
          assert.equal(first.is3DSVer2, undefined);
          assert.equal(first.threeDSServerTransId, undefined);
          assert.equal(first.acsUrl, undefined);
          assert.equal(legacyStatus(first), 2);
          assert.equal(first.redirect, landing(OK_URL, first.orderId));
          const extended = await status(first.orderId);
          assert.equal(extended.orderStatus, 2);
          const secure = secureAuthInfoOf(extended);
          assert.equal(secure.eci, eci);
          assert.equal(secure.threeDsType, 'NOT_ENROLLED');
          assert.equal(secure.cavv, undefined);
          const redirect = await browserGet(
            `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`,
          );
          assert.equal(redirect.status, 404);
        });
      }

      test('method timeout (4000000000000341): the ACS never notifies; after 10 s on the clock the repeat pays', async () => {
        const params = payParams(CARD.methodTimeout);
        const first = await pay(params);
        assertInvitation(first);
        const methodPage = await browserGet(String(first.threeDSMethodUrlServer));
        const toAcs = onlyForm(methodPage.text, gh.baseUrl);
        assert.equal(toAcs.action, first.threeDSMethodUrl);
        const acsPage = await submit(toAcs);
        assert.equal(acsPage.status, 200);
        assert.deepEqual(formsOf(acsPage.text, gh.baseUrl), [], 'the ACS method page must not notify');
        assert.ok(!acsPage.text.includes('method-notification'));
        await assertNeverPaid(first.orderId);

        gh.clock.advance(10_000);
        const began = Date.now();
        const second = await repeat(params, first);
        assert.ok(Date.now() - began < 5000, `the repeat waited ${Date.now() - began} ms of real time`);
        assert.equal(second.errorCode, '0');
        assert.equal(legacyStatus(second), 2);
        const extended = await status(first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(secureAuthInfoOf(extended).aresTransStatus, 'Y');
        assert.equal(secureAuthInfoOf(extended).eci, '05');
      });

      test('threeDSMethodNotificationUrl: the gateway forwards the notification to the merchant', async () => {
        const merchantUrl = 'https://shop.example/3ds/method-done';
        const params = payParams(CARD.frictionless, { threeDSMethodNotificationUrl: merchantUrl });
        const first = await pay(params);
        // The ACS still notifies the gateway; the merchant's URL is not given to the ACS.
        assert.equal(
          unpack(String(first.threeDSMethodDataPacked)).threeDSMethodNotificationURL,
          `${gh.baseUrl}/payment/3ds/method-notification`,
        );
        const done = await runMethod(first);
        const forward = onlyForm(done.text, gh.baseUrl);
        assert.equal(forward.method, 'POST');
        assert.equal(forward.action, merchantUrl);
        assert.deepEqual(Object.keys(forward.fields), ['threeDSMethodData']);
        assert.deepEqual(unpack(forward.fields.threeDSMethodData ?? ''), {
          threeDSServerTransID: first.threeDSServerTransId,
        });
        assert.match(
          done.headers.get('content-security-policy') ?? '',
          /form-action [^;]*https:\/\/shop\.example/,
        );
        const second = await repeat(params, first);
        assert.equal(legacyStatus(second), 2);
      });

      test('without threeDSMethodNotificationUrl the notification page posts nowhere', async () => {
        const params = payParams(CARD.frictionless);
        const first = await pay(params);
        const done = await runMethod(first);
        assert.deepEqual(formsOf(done.text, gh.baseUrl), []);
      });
    });

    describe('3-D Secure 1.0 (4000000000001000)', () => {
      async function reachV1(): Promise<{ params: Params; first: Json; md: string; page: BrowserResponse }> {
        const params = payParams(CARD.v1);
        const first = await pay(params);
        assert.equal(first.errorCode, '0');
        assert.equal(first.is3DSVer2, undefined);
        assert.equal(first.threeDSServerTransId, undefined);
        assert.equal(first.packedCReq, undefined);
        assert.equal(legacyStatus(first), 0);
        assert.equal(first.acsUrl, `${gh.baseUrl}/acs/pareq`);
        assert.equal(first.termUrl, `${gh.baseUrl}/payment/rest/finish3ds.do`);
        assert.match(String(first.paReq), /^[A-Za-z0-9+/]+={0,2}$/);
        assert.ok(String(first.paReq).length <= 255);
        await assertNeverPaid(first.orderId);

        const redirect = await browserGet(
          `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`,
        );
        assert.equal(redirect.status, 200);
        assertPageSecurity(redirect);
        const toAcs = onlyForm(redirect.text, gh.baseUrl);
        assert.equal(toAcs.method, 'POST');
        assert.equal(toAcs.action, first.acsUrl);
        assert.deepEqual(Object.keys(toAcs.fields).sort(), ['MD', 'PaReq', 'TermUrl']);
        assert.equal(toAcs.fields.PaReq, first.paReq);
        assert.equal(toAcs.fields.TermUrl, first.termUrl);
        const md = toAcs.fields.MD ?? '';
        assert.ok(md.length > 0);
        assert.equal((await assertNeverPaid(first.orderId)).orderStatus, 5);
        const page = await submit(toAcs);
        assert.equal(page.status, 200);
        return { params, first, md, page };
      }

      function passwordForm(page: BrowserResponse, md: string, termUrl: unknown): PageForm {
        assert.equal(page.status, 200);
        const form = onlyForm(page.text, gh.baseUrl);
        assert.equal(form.action, `${gh.baseUrl}/acs/pareq/answer`);
        assert.deepEqual(Object.keys(form.fields).sort(), ['MD', 'TermUrl', 'xid']);
        assert.equal(form.fields.MD, md);
        assert.equal(form.fields.TermUrl, termUrl);
        return form;
      }

      function paResForm(page: BrowserResponse, md: string, termUrl: unknown): PageForm {
        assert.equal(page.status, 200);
        const back = onlyForm(page.text, gh.baseUrl);
        assert.equal(back.action, termUrl);
        assert.deepEqual(Object.keys(back.fields).sort(), ['MD', 'PaRes']);
        assert.equal(back.fields.MD, md);
        return back;
      }

      test('first call answers acsUrl, paReq and termUrl; a wrong then the right password pays', async () => {
        const { first, md, page } = await reachV1();
        const form = passwordForm(page, md, first.termUrl);
        const retry = await submit(form, { code: 'wrong-password', action: 'submit' });
        assert.match(retry.text, /Incorrect\. 2 attempt\(s\) left\./);
        await assertNeverPaid(first.orderId);
        const finalPage = await submit(passwordForm(retry, md, first.termUrl), {
          code: V1_PASSWORD,
          action: 'submit',
        });
        const back = paResForm(finalPage, md, first.termUrl);
        const landed = await submit(back);
        assert.equal(landed.status, 303);
        assert.equal(landed.location, landing(OK_URL, first.orderId));
        const extended = await status(first.orderId);
        assert.equal(extended.orderStatus, 2);
        const secure = secureAuthInfoOf(extended);
        assert.equal(secure.paResStatus, 'Y');
        assert.equal(secure.eci, '05');
        assert.equal(secure.threeDSProtocolVersion, '1.0.2');
        assert.match(String(secure.cavv), CAVV);
        // The same PaRes again: the order stays as it is.
        const again = await submit(back);
        assert.equal(again.status, 303);
        assert.deepEqual(await status(first.orderId), extended);
      });

      test('three wrong passwords: PaRes N, failUrl, status 6; a PaRes altered to Y is refused', async () => {
        const { first, md, page } = await reachV1();
        let current = page;
        for (const left of [2, 1]) {
          current = await submit(passwordForm(current, md, first.termUrl), {
            code: 'nope',
            action: 'submit',
          });
          assert.match(current.text, new RegExp(`Incorrect\\. ${left} attempt\\(s\\) left\\.`));
        }
        const finalPage = await submit(passwordForm(current, md, first.termUrl), {
          code: 'nope',
          action: 'submit',
        });
        const back = paResForm(finalPage, md, first.termUrl);

        // The customer rewrites the PaRes to say Y: its signature no longer holds.
        const [body = '', signature = ''] = (back.fields.PaRes ?? '').split('.');
        const result = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Json;
        assert.equal(result.status, 'N');
        const forgedBody = Buffer.from(JSON.stringify({ ...result, status: 'Y', eci: '05' })).toString(
          'base64url',
        );
        const forged = await submit({
          ...back,
          fields: { ...back.fields, PaRes: `${forgedBody}.${signature}` },
        });
        assert.equal(forged.status, 400);
        assert.match(forged.headers.get('content-type') ?? '', /^text\/html/);
        assert.equal((await assertNeverPaid(first.orderId)).orderStatus, 5);

        const landed = await submit(back);
        assert.equal(landed.status, 303);
        assert.equal(landed.location, landing(FAIL_URL, first.orderId));
        const extended = await assertNeverPaid(first.orderId);
        assert.equal(extended.orderStatus, 6);
        assert.equal(extended.actionCode, -2025);
        assert.equal(secureAuthInfoOf(extended).paResStatus, 'N');
      });
    });

    describe('guards', () => {
      test('the same CRes posted twice: one payment, the order as the first post left it', async () => {
        const at = await reachChallenge(CARD.challenge);
        const { back, landed } = await passChallenge(at);
        const decided = await status(at.first.orderId);
        assert.equal(decided.orderStatus, 2);
        assert.equal(amountsOf(decided).depositedAmount, AMOUNT);

        const again = await submit(back);
        assert.equal(again.status, 303);
        assert.equal(again.location, landed.location);
        const after = await status(at.first.orderId);
        assert.deepEqual(after, decided);
        assert.deepEqual(await authorizations(at.first.orderId), { approved: 1, all: 1 });
        assert.equal(amountsOf(after).depositedAmount, AMOUNT);
        assert.equal(amountsOf(after).approvedAmount, AMOUNT);
        // The CReq once more: the ACS no longer waits for it.
        const replay = await submit({
          action: String(at.second.acsUrl),
          method: 'POST',
          fields: { creq: String(at.second.packedCReq) },
        });
        assert.equal(replay.status, 400);
        // The repeated instantPayment.do answers the decided order.
        const repeated = await repeat(at.params, at.first);
        assert.equal(legacyStatus(repeated), 2);
        assert.deepEqual(await status(at.first.orderId), decided);
      });

      test('a garbage or forged cres: 400 HTML page, the order unchanged, the real challenge still works', async () => {
        const at = await reachChallenge(CARD.challenge);
        const before = await assertNeverPaid(at.first.orderId);
        const notification = `${gh.baseUrl}/payment/3ds/challenge-notification`;
        const genuine = {
          threeDSServerTransID: String(at.first.threeDSServerTransId),
          acsTransID: String(at.creq.acsTransID),
          messageType: 'CRes',
          messageVersion: '2.1.0',
          transStatus: 'Y',
          challengeCompletionInd: 'Y',
        };
        const pack = (message: Json) => Buffer.from(JSON.stringify(message)).toString('base64url');
        const forgeries: Record<string, string> = {
          empty: '',
          garbage: 'not-a-cres',
          'base64 of text': Buffer.from('hello').toString('base64url'),
          'unknown transaction': pack({
            ...genuine,
            threeDSServerTransID: randomUUID(),
            acsTransID: randomUUID(),
          }),
          'wrong ACS transaction': pack({ ...genuine, acsTransID: randomUUID() }),
          'the CReq itself': String(at.second.packedCReq),
          'transStatus A': pack({ ...genuine, transStatus: 'A' }),
          'an extra member': pack({ ...genuine, eci: '02' }),
        };
        for (const [name, cres] of Object.entries(forgeries)) {
          const response = await submit({ action: notification, method: 'POST', fields: { cres } });
          assert.equal(response.status, 400, name);
          assert.match(response.headers.get('content-type') ?? '', /^text\/html/, name);
          assert.equal(response.location, undefined, name);
          assert.deepEqual(await status(at.first.orderId), before, name);
        }
        const { landed } = await passChallenge(at);
        assert.equal(landed.location, landing(OK_URL, at.first.orderId));
        assert.equal((await status(at.first.orderId)).orderStatus, 2);
      });

      test('a CRes saying Y with the ids of the CReq, before the ACS decided: refused, the order unchanged', async () => {
        const at = await reachChallenge(CARD.challenge);
        const before = await assertNeverPaid(at.first.orderId);
        const forged = Buffer.from(
          JSON.stringify({
            threeDSServerTransID: String(at.first.threeDSServerTransId),
            acsTransID: String(at.creq.acsTransID),
            messageType: 'CRes',
            messageVersion: '2.1.0',
            transStatus: 'Y',
            challengeCompletionInd: 'Y',
          }),
        ).toString('base64url');
        const response = await submit({
          action: `${gh.baseUrl}/payment/3ds/challenge-notification`,
          method: 'POST',
          fields: { cres: forged },
        });
        // Whatever the gateway answers, a CRes the ACS never sent must not pay the order.
        await assertNeverPaid(at.first.orderId);
        assert.equal(response.status, 400);
        assert.deepEqual(await status(at.first.orderId), before);
      });

      test('acsRedirect.do for an unknown order, or none: 404', async () => {
        for (const query of [`orderId=${randomUUID()}`, 'orderId=', '']) {
          const response = await browserGet(`${gh.baseUrl}/payment/acsRedirect.do?${query}`);
          assert.equal(response.status, 404, query);
          assert.equal(formsOf(response.text, gh.baseUrl).length, 0);
        }
        const posted = await submit({
          action: `${gh.baseUrl}/payment/acsRedirect.do`,
          method: 'POST',
          fields: { orderId: randomUUID() },
        });
        assert.equal(posted.status, 404);
      });

      test('acsRedirect.do before the repeated request: 409, the customer is not sent anywhere', async () => {
        const first = await pay(payParams(CARD.challenge));
        assertInvitation(first);
        const response = await browserGet(
          `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(first.orderId)}`,
        );
        assert.equal(response.status, 409);
        assert.equal(formsOf(response.text, gh.baseUrl).length, 0);
        assert.equal((await assertNeverPaid(first.orderId)).orderStatus, 0);
      });

      test('the repeated request with threeDSVer2MdOrder of another order: errorCode 5', async () => {
        const paramsA = payParams(CARD.frictionless);
        const firstA = await pay(paramsA);
        const firstB = await pay(payParams(CARD.frictionless));
        await runMethod(firstA);
        const crossed = await repeat(paramsA, firstA, { threeDSVer2MdOrder: String(firstB.orderId) });
        assert.equal(crossed.errorCode, '5');
        assert.equal(crossed.orderStatus, undefined);
        await assertNeverPaid(firstA.orderId);
        await assertNeverPaid(firstB.orderId);
        assert.equal(legacyStatus(await repeat(paramsA, firstA)), 2);
        await assertNeverPaid(firstB.orderId);
      });

      test("the repeated request with another merchant's credentials: errorCode 6", async () => {
        const params = payParams(CARD.frictionless);
        const first = await pay(params);
        await runMethod(first);
        const stolen = await repeat({ ...params, ...otherAuth }, first);
        assert.equal(stolen.errorCode, '6');
        assert.equal(stolen.orderStatus, undefined);
        await assertNeverPaid(first.orderId);
        const withoutMdOrder = await pay({
          ...params,
          ...otherAuth,
          threeDSServerTransId: String(first.threeDSServerTransId),
        });
        assert.equal(withoutMdOrder.errorCode, '6');
        await assertNeverPaid(first.orderId);
        assert.equal(legacyStatus(await repeat(params, first)), 2);
      });

      test('the repeated request with a different pan: errorCode 5, the order not paid', async () => {
        const params = payParams(CARD.challenge);
        const first = await pay(params);
        const swapped = await repeat({ ...params, pan: CARD.frictionless }, first);
        assert.equal(swapped.errorCode, '5');
        assert.equal(swapped.packedCReq, undefined);
        await assertNeverPaid(first.orderId);
        const genuine = await repeat(params, first);
        assertChallenge(genuine, first, '2.1.0');
      });

      test('three simultaneous repeated requests: one authorization, the order paid once', async () => {
        const params = payParams(CARD.frictionless);
        const first = await pay(params);
        await runMethod(first);
        // Only the money is checked here; what each answer says is the next test's subject.
        const raw = () =>
          gh.post(PAY, {
            ...params,
            threeDSServerTransId: String(first.threeDSServerTransId),
            threeDSVer2MdOrder: String(first.orderId),
          });
        await Promise.all([raw(), raw(), raw()]);
        const extended = await status(first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(amountsOf(extended).depositedAmount, AMOUNT);
        assert.deepEqual(await authorizations(first.orderId), { approved: 1, all: 1 });
      });

      test('three simultaneous repeated requests: each answers 200, none calls the order unpaid while it is paid', async () => {
        const params = payParams(CARD.frictionless);
        const first = await pay(params);
        await runMethod(first);
        const answers = await Promise.all([
          repeat(params, first),
          repeat(params, first),
          repeat(params, first),
        ]);
        for (const answer of answers) {
          assert.equal(answer.errorCode, '0', JSON.stringify(answer));
          assert.equal(legacyStatus(answer), 2, JSON.stringify(answer));
          assert.equal(answer.redirect, landing(OK_URL, first.orderId));
        }
      });

      test('the same CRes posted three times at once: one authorization, the order paid once', async () => {
        const at = await reachChallenge(CARD.challenge);
        const finalPage = await submit(at.form, { code: OTP, action: 'submit' });
        const back = onlyForm(finalPage.text, gh.baseUrl);
        await Promise.all([submit(back), submit(back), submit(back)]);
        const extended = await status(at.first.orderId);
        assert.equal(extended.orderStatus, 2);
        assert.equal(amountsOf(extended).depositedAmount, AMOUNT);
        assert.deepEqual(await authorizations(at.first.orderId), { approved: 1, all: 1 });
      });

      test('the same CRes posted three times at once: every post lands on returnUrl', async () => {
        const at = await reachChallenge(CARD.challenge);
        const finalPage = await submit(at.form, { code: OTP, action: 'submit' });
        const back = onlyForm(finalPage.text, gh.baseUrl);
        const landed = await Promise.all([submit(back), submit(back), submit(back)]);
        for (const response of landed) {
          assert.equal(response.status, 303);
          assert.equal(response.location, landing(OK_URL, at.first.orderId));
        }
      });

      test('an unknown threeDSServerTransId: errorCode 6', async () => {
        const response = await pay({ ...payParams(CARD.frictionless), threeDSServerTransId: randomUUID() });
        assert.equal(response.errorCode, '6');
      });

      test('SDK values without threeDSSDK=true: errorCode 4 naming threeDSSDK, no order', async () => {
        const params = payParams(CARD.challenge, {
          threeDSSDKTransId: '0f6b3c8e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
        });
        const response = await pay(params);
        assert.equal(response.errorCode, '4');
        assert.match(String(response.error), /threeDSSDK\b/);
        assert.equal(response.orderId, undefined);
        const lookup = await gh.post(STATUS, { ...auth, orderNumber: params.orderNumber });
        assert.equal(lookup.body.errorCode, '6');
      });

      test('externalScaExemptionIndicator=LVP: refused without the permission scaExemption', async () => {
        const params = payParams(CARD.challenge, { externalScaExemptionIndicator: 'LVP' });
        const response = await pay(params);
        assert.equal(response.errorCode, '5');
        assert.match(String(response.error), /externalScaExemptionIndicator/);
        assert.equal(response.orderId, undefined);
        const lookup = await gh.post(STATUS, { ...auth, orderNumber: params.orderNumber });
        assert.equal(lookup.body.errorCode, '6');
      });

      test('externalScaExemptionIndicator=LVP with the permission: paid at once, no 3-D Secure', async () => {
        const exempt = (await gh.createMerchant({ authenticates: true, permissions: ['scaExemption'] })).auth;
        const response = await pay({
          ...payParams(CARD.challenge, { externalScaExemptionIndicator: 'LVP' }),
          ...exempt,
        });
        assert.equal(response.errorCode, '0');
        assert.equal(response.is3DSVer2, undefined);
        assert.equal(response.acsUrl, undefined);
        assert.equal(legacyStatus(response), 2);
        const extended = await status(response.orderId, exempt);
        assert.equal(extended.orderStatus, 2);
        const secure = secureAuthInfoOf(extended);
        assert.equal(secure.threeDsType, 'EXEMPTION');
        assert.equal(secure.exemption, 'LVP');
        const unknown = await pay({
          ...payParams(CARD.challenge, { externalScaExemptionIndicator: 'NOPE' }),
          ...exempt,
        });
        assert.equal(unknown.errorCode, '5');
      });

      test('MOTO (motoPayment.do) with a challenge card: paid at once', async () => {
        const moto = (await gh.createMerchant({ authenticates: true, permissions: ['moto'] })).auth;
        const response = await pay({ ...payParams(CARD.challenge), ...moto }, MOTO);
        assert.equal(response.errorCode, '0');
        assert.equal(response.is3DSVer2, undefined);
        assert.equal(response.acsUrl, undefined);
        assert.equal(legacyStatus(response), 2);
        const extended = await status(response.orderId, moto);
        assert.equal(extended.orderStatus, 2);
        assert.equal(extended.paymentWay, 'CARD_MOTO');
      });

      test('an SSL-only merchant (the default test merchant): a challenge card is paid at once', async () => {
        const sslOnly = (await gh.createMerchant()).auth;
        const response = await pay({ ...payParams(CARD.challenge), ...sslOnly });
        assert.equal(response.errorCode, '0');
        assert.equal(response.is3DSVer2, undefined);
        assert.equal(response.acsUrl, undefined);
        assert.equal(legacyStatus(response), 2);
        assert.equal((await status(response.orderId, sslOnly)).orderStatus, 2);
      });

      test('the repeated request with another amount: errorCode 5 and the order not paid', async () => {
        const params = payParams(CARD.frictionless);
        const first = await pay(params);
        await runMethod(first);
        const changed = await repeat({ ...params, amount: AMOUNT + 1 }, first);
        assert.equal(changed.errorCode, '5');
        await assertNeverPaid(first.orderId);
      });
    });

    describe('security headers of the pages on the way to the ACS', () => {
      test('acsRedirect.do and the ACS page: a nonce-based CSP, no-store, no framing of acsRedirect.do', async () => {
        const at = await reachChallenge(CARD.challenge);
        const redirectPage = at.redirectPage;
        assert.ok(redirectPage !== undefined);
        const redirectNonce = assertPageSecurity(redirectPage);
        const csp = redirectPage.headers.get('content-security-policy') ?? '';
        assert.match(csp, /frame-ancestors 'none'/);
        assert.equal(redirectPage.headers.get('x-frame-options'), 'DENY');
        assert.match(csp, new RegExp(`form-action [^;]*${new URL(String(at.second.acsUrl)).origin}`));
        assert.match(redirectPage.text, /<script nonce="[^"]+">/);

        const acsNonce = assertPageSecurity(at.page);
        assert.notEqual(acsNonce, redirectNonce);
        const again = await browserGet(
          `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(at.first.orderId)}`,
        );
        assert.notEqual(assertPageSecurity(again), redirectNonce, 'a nonce must not be reused');

        const retry = await submit(at.form, { code: WRONG_CODE, action: 'submit' });
        assertPageSecurity(retry);
        const finalPage = await submit(answerForm(retry, at.creq, at.sessionData), {
          code: OTP,
          action: 'submit',
        });
        assertPageSecurity(finalPage);
        assert.match(
          finalPage.headers.get('content-security-policy') ?? '',
          new RegExp(`form-action [^;]*${gh.baseUrl.replace(/[.]/g, '\\.')}`),
        );
      });

      test('the 3DS Method pages carry the same policy', async () => {
        const first = await pay(payParams(CARD.frictionless));
        const methodPage = await browserGet(String(first.threeDSMethodUrlServer));
        assertPageSecurity(methodPage);
        const acsPage = await submit(onlyForm(methodPage.text, gh.baseUrl));
        assertPageSecurity(acsPage);
      });
    });
  });
}
