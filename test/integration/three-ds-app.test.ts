import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { Sandbox3dsSdk } from '../../src/sdk/sandbox-3ds-sdk.js';
import { rememberSecret } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import {
  IndependentSdk,
  type ChallengeReply,
  type Enc,
  type IndependentChallenge,
} from '../support/app-sdk-independent.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;
interface Directory {
  readonly dsId: string;
  readonly deviceDataKey: string;
  readonly rootCertificate: string;
}

const PAY = '/payment/rest/instantPayment.do';
const FINISH = '/payment/rest/finish3dsVer2Payment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const CHALLENGE_CARD = '5555555555555599';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const engine of ENGINES) {
  describe(`${engine}: 3-D Secure 2 in apps (deviceChannel 01, issue 25)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };
    let directory: Directory;

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      auth = (await gh.createMerchant({ authenticates: true })).auth;
      directory = (await (await fetch(`${gh.baseUrl}/acs/app/directory`)).json()) as Directory;
    });
    after(() => gh.close());

    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;
    const secureAuth = (extended: Body) =>
      (extended.cardAuthInfo as Body).secureAuthInfo as Record<string, unknown>;
    const transaction = (id: string) =>
      gh.gatehouse.store.db
        .selectFrom('threeds_transactions')
        .select(['device_channel', 'rreq_status', 'challenge_cancel', 'stage'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    /** The two calls of the SDK flow, the SDK written apart from Gatehouse in between. */
    async function pay(pan: string, amount: number, version: '2.1.0' | '2.2.0' = '2.1.0') {
      const params = {
        ...auth,
        amount,
        currency: '978',
        pan,
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        failUrl: 'https://shop.example/fail',
        orderNumber: `app-${randomBytes(5).toString('hex')}`,
        threeDSSDK: true,
        threeDSProtocolVersion: version,
      };
      const first = (await gh.post(PAY, params)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.is3DSVer2, true);
      assert.match(String(first.threeDSServerTransId), UUID);
      assert.equal(first.threeDSSDKKey, directory.deviceDataKey);
      assert.equal(first.threeDSMethodUrlServer, undefined, 'no 3DS Method runs in an app');
      const sdk = await IndependentSdk.create({
        dsKeyPem: String(first.threeDSSDKKey),
        dsId: directory.dsId,
        messageVersion: version,
      });
      const second = (
        await gh.post(PAY, {
          ...params,
          threeDSServerTransId: String(first.threeDSServerTransId),
          ...sdk.params,
        })
      ).body;
      assert.equal(second.errorCode, '0', JSON.stringify(second));
      assert.equal(second.orderId, first.orderId);
      return { first, second, sdk, orderId: String(first.orderId), id: String(first.threeDSServerTransId) };
    }

    /** A challenge the ARes asked for, opened as the SDK does, with its first screen. */
    async function challenge(
      amount: number,
      enc: Enc = 'A128CBC-HS256',
      version: '2.1.0' | '2.2.0' = '2.1.0',
    ) {
      const started = await pay(CHALLENGE_CARD, amount, version);
      const { second } = started;
      assert.equal(second.acsUrl, undefined, 'the app challenge never goes through a browser');
      assert.equal(second.packedCReq, undefined);
      assert.match(String(second.threeDSAcsTransactionId), UUID);
      assert.match(String(second.threeDSDsTransID), UUID);
      assert.equal(typeof second.threeDSAcsRefNumber, 'string');
      assert.equal((second.orderStatus as Body).OrderStatus, 5, 'the app is at the ACS');
      const session = await started.sdk.challenge(
        {
          threeDSServerTransID: started.id,
          acsTransID: String(second.threeDSAcsTransactionId),
          acsRefNumber: String(second.threeDSAcsRefNumber),
          acsSignedContent: String(second.threeDSAcsSignedContent),
        },
        directory.rootCertificate,
        Date.now(),
        enc,
      );
      rememberSecret(session.sessionKey);
      assert.equal(session.acsURL, `${gh.baseUrl}/acs/app/challenge`);
      const opening = await session.send({});
      return { ...started, session, opening: screenOf(opening) };
    }

    const screenOf = (reply: ChallengeReply): Record<string, unknown> => {
      assert.equal(reply.status, 200);
      assert.ok(reply.cres !== undefined, `a CRes, not ${JSON.stringify(reply.erro)}`);
      return reply.cres;
    };
    const finalOf = (reply: ChallengeReply) => {
      const cres = screenOf(reply);
      assert.equal(cres.challengeCompletionInd, 'Y');
      return cres.transStatus;
    };
    const finish = async (id: string) => (await gh.post(FINISH, { ...auth, threeDSServerTransId: id })).body;

    async function assertPaid(orderId: string, id: string) {
      const finished = await finish(id);
      assert.deepEqual(finished, {
        redirect: `https://shop.example/ok?orderId=${orderId}&lang=en`,
        errorCode: '0',
        is3DSVer2: true,
      });
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 2);
      const secure = secureAuth(extended);
      assert.equal(secure.rreqTransStatus, 'Y');
      assert.equal(secure.aresTransStatus, 'C');
      assert.equal(secure.eci, '02');
      assert.equal((await finish(id)).redirect, finished.redirect, 'finishing again reads the outcome');
    }

    async function assertDeclined(orderId: string, id: string) {
      const finished = await finish(id);
      assert.equal(finished.errorCode, '0');
      assert.equal(finished.redirect, `https://shop.example/fail?orderId=${orderId}&lang=en`);
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 6, 'the order never reads paid');
      assert.equal(secureAuth(extended).rreqTransStatus, 'N');
    }

    test('frictionless: the repeated call pays at once with the ARes result', async () => {
      const { second, orderId, id } = await pay('4111111111111111', 2000);
      assert.equal((second.orderStatus as Body).OrderStatus, 2);
      assert.equal(second.threeDSAcsSignedContent, undefined);
      assert.equal(secureAuth(await status(orderId)).eci, '05');
      assert.equal((await transaction(id)).device_channel, '01');
    });

    test('device data in A128GCM, the EC form with RFC 7518 key agreement, pays as A128CBC-HS256 does (issue 40)', async () => {
      const params = {
        ...auth,
        amount: 2002,
        currency: '978',
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `gcm-${randomBytes(5).toString('hex')}`,
        threeDSSDK: true,
      };
      const first = (await gh.post(PAY, params)).body;
      const dsKey = String(first.threeDSSDKKey);
      const sdk = await IndependentSdk.create({ dsKeyPem: dsKey, dsId: directory.dsId });
      const device = { DV: '1.0', DD: { C001: 'Android', C002: 'Pixel' }, DPNA: {}, SW: [] };
      const gcm = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(device)))
        .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM' })
        .encrypt(createPublicKey(dsKey));
      const second = (
        await gh.post(PAY, {
          ...params,
          threeDSServerTransId: String(first.threeDSServerTransId),
          ...sdk.params,
          threeDSSDKEncData: gcm,
        })
      ).body;
      assert.equal(second.errorCode, '0', JSON.stringify(second));
      assert.equal((second.orderStatus as Body).OrderStatus, 2, JSON.stringify(second));
      assert.equal(secureAuth(await status(String(first.orderId))).aresTransStatus, 'Y');
    });

    test('UI 01 (text): the sandbox code passes, in A128CBC-HS256; finish3dsVer2Payment.do pays', async () => {
      const { session, opening, orderId, id } = await challenge(2001);
      assert.equal(opening.acsUiType, '01');
      assert.equal(opening.acsCounterAtoS, '000');
      assert.equal(opening.challengeCompletionInd, 'N');
      for (const member of [
        'challengeInfoHeader',
        'challengeInfoLabel',
        'challengeInfoText',
        'submitAuthenticationLabel',
      ])
        assert.equal(typeof opening[member], 'string', member);
      const early = await finish(id);
      assert.equal(early.errorCode, '7', 'the authentication is not finished yet');
      assert.equal(finalOf(await session.send({ challengeDataEntry: '123456' })), 'Y');
      await assertPaid(orderId, id);
    });

    test('UI 01 (text): three wrong codes fail the authentication; the order is declined', async () => {
      const { session, orderId, id } = await challenge(3001, 'A128GCM');
      const retry = screenOf(await session.send({ challengeDataEntry: '000000' }));
      assert.equal(retry.challengeInfoTextIndicator, 'Y');
      screenOf(await session.send({ challengeDataEntry: '111111' }));
      assert.equal(finalOf(await session.send({ challengeDataEntry: '222222' })), 'N');
      await assertDeclined(orderId, id);
    });

    test('UI 02 (single select): "Y" passes in A128GCM; "N" fails', async () => {
      const passed = await challenge(2002, 'A128GCM');
      assert.equal(passed.opening.acsUiType, '02');
      assert.deepEqual(passed.opening.challengeSelectInfo, [
        { Y: 'Yes, I am paying' },
        { N: 'No, it is not me' },
      ]);
      assert.equal(finalOf(await passed.session.send({ challengeDataEntry: 'Y' })), 'Y');
      await assertPaid(passed.orderId, passed.id);
      const failed = await challenge(3002);
      assert.equal(finalOf(await failed.session.send({ challengeDataEntry: 'N' })), 'N');
      await assertDeclined(failed.orderId, failed.id);
    });

    test('UI 03 (multi select): "01,03" passes; other choices three times fail', async () => {
      const passed = await challenge(2003);
      assert.equal(passed.opening.acsUiType, '03');
      assert.equal((passed.opening.challengeSelectInfo as unknown[]).length, 4);
      assert.equal(finalOf(await passed.session.send({ challengeDataEntry: '03,01' })), 'Y');
      await assertPaid(passed.orderId, passed.id);
      const failed = await challenge(3003, 'A128GCM');
      for (const choice of ['01', '02,04'])
        assert.equal(screenOf(await failed.session.send({ challengeDataEntry: choice })).acsUiType, '03');
      assert.equal(finalOf(await failed.session.send({ challengeDataEntry: '01,02,03' })), 'N');
      await assertDeclined(failed.orderId, failed.id);
    });

    test('UI 04 (out of band): the bank app approves or declines, then the SDK continues', async () => {
      const bankApp = (acsTransID: string, approve: boolean) =>
        gh.post('/acs/app/bank-app', { acsTransID, approve });
      const passed = await challenge(2004);
      assert.equal(passed.opening.acsUiType, '04');
      assert.equal(typeof passed.opening.oobContinueLabel, 'string');
      const acsTransID = String(passed.second.threeDSAcsTransactionId);
      assert.equal(
        screenOf(await passed.session.send({ oobContinue: true })).acsUiType,
        '04',
        'not confirmed yet',
      );
      assert.equal((await bankApp(acsTransID, true)).status, 200);
      assert.equal((await bankApp(acsTransID, false)).status, 409, 'the bank app answers once');
      assert.equal(finalOf(await passed.session.send({ oobContinue: true })), 'Y');
      await assertPaid(passed.orderId, passed.id);
      const failed = await challenge(3004, 'A128GCM');
      await bankApp(String(failed.second.threeDSAcsTransactionId), false);
      assert.equal(finalOf(await failed.session.send({ oobContinue: true })), 'N');
      await assertDeclined(failed.orderId, failed.id);
    });

    test('UI 05 (HTML): the page posts its form to HTTPS://EMV3DS/challenge; the code passes, a wrong one fails', async () => {
      const passed = await challenge(2005, 'A128GCM');
      assert.equal(passed.opening.acsUiType, '05');
      const page = Buffer.from(String(passed.opening.acsHTML), 'base64url').toString('utf8');
      assert.match(page, /<form method="POST" action="HTTPS:\/\/EMV3DS\/challenge">/);
      assert.match(page, /name="otp"/);
      assert.equal(finalOf(await passed.session.send({ challengeHTMLDataEntry: 'otp=123456' })), 'Y');
      await assertPaid(passed.orderId, passed.id);
      const failed = await challenge(3005);
      for (const code of ['1', '2'])
        screenOf(await failed.session.send({ challengeHTMLDataEntry: `otp=${code}` }));
      assert.equal(finalOf(await failed.session.send({ challengeHTMLDataEntry: 'otp=3' })), 'N');
      await assertDeclined(failed.orderId, failed.id);
    });

    test('a CReq with the wrong counter ends the authentication with Erro 302', async () => {
      const { session, orderId, id } = await challenge(2011);
      const reply = await session.send({ challengeDataEntry: '123456' }, { counter: '005' });
      assert.equal(reply.erro?.errorCode, '302');
      assert.equal(reply.erro?.errorComponent, 'A');
      assert.equal(reply.erro?.errorDetail, 'sdkCounterStoA');
      const again = await session.send({ challengeDataEntry: '123456' });
      assert.equal(again.erro?.errorCode, '301', 'the transaction is over');
      assert.equal((await transaction(id)).challenge_cancel, '06');
      await assertDeclined(orderId, id);
    });

    test('a CReq JWE whose tag does not verify ends the authentication with Erro 302', async () => {
      const started = await challenge(2021, 'A128GCM');
      const { session, orderId, id } = started;
      const reply = await session.send({ challengeDataEntry: '123456' }, { corrupt: 'tag' });
      assert.equal(reply.erro?.errorCode, '302');
      assert.equal(reply.erro?.sdkTransID, started.sdk.params.threeDSSDKTransId);
      await assertDeclined(orderId, id);
      const stranger = await fetch(`${gh.baseUrl}/acs/app/challenge`, {
        method: 'POST',
        headers: { 'content-type': 'application/jose' },
        body: 'not-a-jwe',
      });
      assert.equal(((await stranger.json()) as Body).errorCode, '301');
    });

    test("the SDK's timeout (Erro 402) ends it with challengeCancel 08 in 2.2.0; the cardholder's cancel with 01", async () => {
      const timedOut = await challenge(2031, 'A128CBC-HS256', '2.2.0');
      const reply = await timedOut.session.sendError('402', 'Transaction timed out');
      assert.equal(reply.status, 204);
      assert.equal((await transaction(timedOut.id)).challenge_cancel, '08');
      await assertDeclined(timedOut.orderId, timedOut.id);
      const cancelled = await challenge(2041);
      assert.equal(finalOf(await cancelled.session.send({ challengeCancel: '01' })), 'N');
      assert.equal((await transaction(cancelled.id)).challenge_cancel, '01');
      await assertDeclined(cancelled.orderId, cancelled.id);
    });

    test("past the SDK's maximum timeout the ACS answers Erro 402 and the authentication fails", async () => {
      const { session, orderId, id } = await challenge(2051);
      gh.clock.advance(6 * 60_000);
      const reply = await session.send({ challengeDataEntry: '123456' });
      assert.equal(reply.erro?.errorCode, '402');
      assert.equal((await transaction(id)).challenge_cancel, '04');
      await assertDeclined(orderId, id);
    });

    test('bad SDK values are refused with the spec error before any order is registered', async () => {
      const base = {
        ...auth,
        amount: 100,
        pan: CHALLENGE_CARD,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        threeDSSDK: true,
      };
      const sdk = await IndependentSdk.create({ dsKeyPem: directory.deviceDataKey, dsId: directory.dsId });
      const badKey = (await gh.post(PAY, { ...base, ...sdk.params, threeDSSDKEphemPubKey: '{"kty":"RSA"}' }))
        .body;
      assert.equal(badKey.errorCode, '5');
      assert.match(String(badKey.error), /threeDSSDKEphemPubKey/);
      const partial = Object.fromEntries(
        Object.entries(sdk.params).filter(([name]) => name !== 'threeDSSDKAppId'),
      );
      const missing = (await gh.post(PAY, { ...base, ...partial })).body;
      assert.equal(missing.errorCode, '4');
      assert.match(String(missing.error), /threeDSSDKAppId/);
    });

    test('an ephemeral key off the curve is refused where it is read (errorCode 5), frictionless or not; the authentication then goes on (issue 40)', async () => {
      const sdk = await IndependentSdk.create({ dsKeyPem: directory.deviceDataKey, dsId: directory.dsId });
      const key = JSON.parse(sdk.params.threeDSSDKEphemPubKey) as Record<string, string>;
      const y = Buffer.from(key.y ?? '', 'base64url');
      y[31] = (y[31] as number) ^ 1;
      const offCurve = JSON.stringify({ ...key, y: y.toString('base64url') });
      const base = {
        ...auth,
        amount: 2003,
        currency: '978',
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        threeDSSDK: true,
      };
      const assertRefused = (reply: { status: number; body: Body }, words: RegExp) => {
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        assert.equal(reply.body.errorCode, '5', JSON.stringify(reply.body));
        assert.match(String(reply.body.error), /threeDSSDKEphemPubKey/);
        assert.match(String(reply.body.error), words);
      };
      for (const pan of [CHALLENGE_CARD, '4111111111111111']) {
        const orderNumber = `eph-${randomBytes(5).toString('hex')}`;
        const atOnce = await gh.post(PAY, {
          ...base,
          pan,
          orderNumber,
          ...sdk.params,
          threeDSSDKEphemPubKey: offCurve,
        });
        assertRefused(atOnce, /P-256/);
        const first = (await gh.post(PAY, { ...base, pan, orderNumber })).body;
        assert.equal(first.errorCode, '0', JSON.stringify(first));
        const repeated = {
          ...base,
          pan,
          orderNumber,
          threeDSServerTransId: String(first.threeDSServerTransId),
          ...sdk.params,
        };
        const german = await gh.post(PAY, { ...repeated, threeDSSDKEphemPubKey: offCurve, language: 'de' });
        assertRefused(german, /Schlüssel/);
        assert.equal((await transaction(String(first.threeDSServerTransId))).stage, 'method');
        const next = (await gh.post(PAY, repeated)).body;
        assert.equal(next.errorCode, '0', JSON.stringify(next));
        const orderStatus = (next.orderStatus as Body).OrderStatus;
        assert.equal(orderStatus, pan === CHALLENGE_CARD ? 5 : 2, `${pan}: ${JSON.stringify(next)}`);
      }
    });

    test('the sandbox SDK module (gatehouse/sandbox-3ds-sdk) runs a challenge end to end', async () => {
      const params = {
        ...auth,
        amount: 2501,
        currency: '978',
        pan: CHALLENGE_CARD,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        threeDSSDK: true,
      };
      const first = (await gh.post(PAY, params)).body;
      const sdk = await Sandbox3dsSdk.create({ dsKeyPem: String(first.threeDSSDKKey) });
      const second = (
        await gh.post(PAY, {
          ...params,
          threeDSServerTransId: String(first.threeDSServerTransId),
          ...sdk.params,
        })
      ).body;
      const session = await sdk.doChallenge(
        {
          threeDSServerTransId: String(second.threeDSServerTransId),
          threeDSAcsTransactionId: String(second.threeDSAcsTransactionId),
          threeDSAcsRefNumber: String(second.threeDSAcsRefNumber),
          threeDSAcsSignedContent: String(second.threeDSAcsSignedContent),
        },
        { dsRootPem: directory.rootCertificate },
      );
      const screen = await session.start();
      assert.equal(screen.kind, 'screen');
      const resent = await session.resend();
      assert.equal(resent.kind, 'screen');
      const done = await session.enterText('123456');
      assert.deepEqual(done.kind === 'completed' ? done.transStatus : done, 'Y');
      await assertPaid(String(first.orderId), String(first.threeDSServerTransId));
    });
  });

  describe(`${engine}: 3-D Secure 2 in apps for card-to-card transfers`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;
    let directory: Directory;

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      shop = await createP2pMerchant(gh, { authenticates: true, p2pFee: 'fixed=100' });
      directory = (await (await fetch(`${gh.baseUrl}/acs/app/directory`)).json()) as Directory;
    });
    after(() => gh.close());

    async function transfer(pan: string, amount: number) {
      const request = {
        orderNumber: orderNumber('app'),
        amount,
        currency: '978',
        returnUrl: 'https://shop.example/done',
        fromCard: CARD(pan),
        toCard: { pan: '4111111111111111' },
        threeDSSDK: true,
      };
      const first = (await shop.call('instantPerformP2P.do', request)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.threeDSSDKKey, directory.deviceDataKey);
      const sdk = await IndependentSdk.create({ dsKeyPem: directory.deviceDataKey, dsId: directory.dsId });
      const second = (
        await shop.call('performP2P.do', {
          orderId: first.orderId,
          fromCard: CARD(pan),
          toCard: { pan: '4111111111111111' },
          threeDSSDK: true,
          threeDSServerTransId: first.threeDSServerTransId,
          ...sdk.params,
        })
      ).body;
      assert.equal(second.errorCode, '0', JSON.stringify(second));
      return { first, second, sdk };
    }

    const statusOf = async (orderId: unknown) => (await shop.call('getP2PStatus.do', { orderId })).body;

    test('frictionless: the repeated perform transfers at once', async () => {
      const { first, second } = await transfer('4111111111111111', 3000);
      assert.equal(second.info, 'The transfer has been made');
      assert.equal((await statusOf(first.orderId)).orderStatus, 2);
    });

    const open = async (amount: number, enc: Enc = 'A128CBC-HS256') => {
      const started = await transfer(CHALLENGE_CARD, amount);
      assert.match(String(started.second.threeDSDsTransID), UUID);
      const session: IndependentChallenge = await started.sdk.challenge(
        {
          threeDSServerTransID: String(started.first.threeDSServerTransId),
          acsTransID: String(started.second.threeDSAcsTransactionId),
          acsRefNumber: String(started.second.threeDSAcsRefNumber),
          acsSignedContent: String(started.second.threeDSAcsSignedContent),
        },
        directory.rootCertificate,
        Date.now(),
        enc,
      );
      const opening = await session.send({});
      return { ...started, session, uiType: opening.cres?.acsUiType };
    };
    const finishTransfer = async (first: Body) =>
      (await shop.call('finishThreeDsVer2.do', { threeDSServerTransId: first.threeDSServerTransId })).body;
    const assertTransferred = async (first: Body) => {
      assert.equal((await finishTransfer(first)).info, 'The transfer has been made');
      assert.equal((await statusOf(first.orderId)).orderStatus, 2);
    };
    const assertNothingMoved = async (first: Body) => {
      assert.equal((await finishTransfer(first)).info, 'The transfer was declined; no money has moved');
      const status = await statusOf(first.orderId);
      assert.equal(status.orderStatus, 6);
      assert.deepEqual(status.operationList ?? [], [], 'no leg was sent');
    };

    test('each challenge screen passed in the app, then finishThreeDsVer2.do makes the transfer', async () => {
      const answers: Record<string, Record<string, unknown>> = {
        '01': { challengeDataEntry: '123456' },
        '02': { challengeDataEntry: 'Y' },
        '03': { challengeDataEntry: '01,03' },
        '04': { oobContinue: true },
        '05': { challengeHTMLDataEntry: 'otp=123456' },
      };
      for (const [index, [uiType, answer]] of Object.entries(answers).entries()) {
        const started = await open(4001 + index, index % 2 === 0 ? 'A128CBC-HS256' : 'A128GCM');
        assert.equal(started.uiType, uiType);
        if (uiType === '04') {
          const acsTransID = String(started.second.threeDSAcsTransactionId);
          await gh.post('/acs/app/bank-app', { acsTransID, approve: true });
        }
        assert.equal((await started.session.send(answer)).cres?.transStatus, 'Y', uiType);
        await assertTransferred(started.first);
      }
    });

    test('each screen failed, a wrong counter, a JWE that does not verify and the SDK timeout: no money moves', async () => {
      const wrong: Record<string, Record<string, unknown>> = {
        '01': { challengeDataEntry: '000000' },
        '03': { challengeDataEntry: '02' },
        '05': { challengeHTMLDataEntry: 'otp=0' },
      };
      for (const [uiType, answer] of Object.entries(wrong)) {
        const started = await open(4100 + Number(uiType));
        for (let attempt = 0; attempt < 2; attempt += 1) await started.session.send(answer);
        assert.equal((await started.session.send(answer)).cres?.transStatus, 'N', uiType);
        await assertNothingMoved(started.first);
      }
      const denied = await open(4102);
      assert.equal((await denied.session.send({ challengeDataEntry: 'N' })).cres?.transStatus, 'N');
      await assertNothingMoved(denied.first);
      const declinedInBankApp = await open(4104);
      await gh.post('/acs/app/bank-app', {
        acsTransID: String(declinedInBankApp.second.threeDSAcsTransactionId),
        approve: false,
      });
      assert.equal((await declinedInBankApp.session.send({ oobContinue: true })).cres?.transStatus, 'N');
      await assertNothingMoved(declinedInBankApp.first);
      const counter = await open(4111);
      assert.equal(
        (await counter.session.send({ challengeDataEntry: '123456' }, { counter: '002' })).erro?.errorCode,
        '302',
      );
      await assertNothingMoved(counter.first);
      const tampered = await open(4121, 'A128GCM');
      const corrupt = await tampered.session.send({ challengeDataEntry: '123456' }, { corrupt: 'tag' });
      assert.equal(corrupt.erro?.errorCode, '302');
      await assertNothingMoved(tampered.first);
      const timedOut = await open(4131);
      assert.equal((await timedOut.session.sendError('402', 'Transaction timed out')).status, 204);
      await assertNothingMoved(timedOut.first);
      const cancelled = await open(4141);
      assert.equal((await cancelled.session.send({ challengeCancel: '01' })).cres?.transStatus, 'N');
      await assertNothingMoved(cancelled.first);
    });
  });
}
