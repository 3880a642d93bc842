import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  mintWalletBToken,
  type WalletBSandboxAuthority,
  type WalletBSandboxPayment,
} from '../../src/processing/wallets/wallet-b/index.js';
import { WALLET_TEST_CRYPTOGRAM } from '../support/card-data.js';
import { browserGet, onlyForm, submit } from '../support/browser-forms.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { assertRefusal } from '../support/refusals.js';
import { skipUnlessShared } from '../support/required-in-ci.js';
import { walletServices, type WalletServices } from '../support/wallet-services.js';

const PAY = '/payment/wallet-b/payment.do';
const REST = '/payment/rest';

/** A sandbox wallet B token for `login`'s first recipient key, as the vendor's device would make it. */
async function mintFor(
  gh: TestGatehouse,
  wallet: WalletServices,
  authority: WalletBSandboxAuthority,
  login: string,
  protocolVersion: 'ECv1' | 'ECv2',
  payment: WalletBSandboxPayment,
): Promise<string> {
  const [recipient] = await wallet.keyring.walletBRecipients(await wallet.admin.merchantIdOf(login));
  assert.ok(recipient?.privateKeys[0] !== undefined);
  return mintWalletBToken({
    authority,
    recipientId: recipient.recipientId,
    recipientPublicKey: createPublicKey(recipient.privateKeys[0]),
    protocolVersion,
    payment,
    nowMs: gh.clock.nowMs(),
    messageId: randomBytes(16).toString('hex'),
  });
}

const post = (gh: TestGatehouse, path: string, body: unknown) =>
  gh.post(path, {}, { rawBody: JSON.stringify(body), contentType: 'application/json' });

for (const engine of ENGINES) {
  describe(`${engine}: wallet B payments (issue 10)`, () => {
    let gh: TestGatehouse;
    let wallet: WalletServices;
    let authority: WalletBSandboxAuthority;
    let login: string;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      wallet = walletServices(gh);
      authority = await wallet.sandbox.walletB();
      const created = await gh.createMerchant({ permissions: ['preAuth'] });
      login = created.merchantLogin;
      auth = created.auth;
      await wallet.admin.createKey(login, 'b');
    });
    after(() => gh.close());

    const token = (
      who: string,
      protocolVersion: 'ECv1' | 'ECv2',
      authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS',
    ) =>
      mintFor(gh, wallet, authority, who, protocolVersion, {
        authMethod,
        pan: '5555555555554444',
        expirationMonth: 12,
        expirationYear: 2034,
        cryptogram: WALLET_TEST_CRYPTOGRAM,
        eci: '02',
      });

    test('an ECv2 cryptogram token pays the amount of the request: GOOGLE_PAY_TOKENIZED', async () => {
      const paid = await post(gh, PAY, {
        merchant: login,
        paymentToken: await token(login, 'ECv2', 'CRYPTOGRAM_3DS'),
        amount: 2500,
        currencyCode: '978',
      });
      assert.equal(paid.body.success, true, paid.text);
      const block = paid.body.orderStatus as Record<string, unknown>;
      assert.equal(block.orderStatus, 2);
      assert.equal(block.amount, 2500);
      assert.equal((block.cardAuthInfo as Record<string, unknown>).pan, '555555**4444');
      const orderId = (paid.body.data as { orderId: string }).orderId;
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...auth, orderId });
      assert.equal(status.body.paymentWay, 'GOOGLE_PAY_TOKENIZED');
    });

    test('an ECv1 PAN_ONLY token pays on an SSL-only merchant (GOOGLE_PAY_CARD), at the client alias too', async () => {
      const paid = await post(gh, '/payment/google/payment.do', {
        merchant: login,
        paymentToken: await token(login, 'ECv1', 'PAN_ONLY'),
        amount: 900,
        preAuth: true,
      });
      assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 1, paid.text);
      const orderId = (paid.body.data as { orderId: string }).orderId;
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...auth, orderId });
      assert.equal(status.body.paymentWay, 'GOOGLE_PAY_CARD');
      assert.equal((await gh.post(`${REST}/reverse.do`, { ...auth, orderId })).body.errorCode, '0');
    });

    test('a token pays once; another merchant cannot pay it', async () => {
      const paymentToken = await token(login, 'ECv2', 'CRYPTOGRAM_3DS');
      assert.equal((await post(gh, PAY, { merchant: login, paymentToken, amount: 100 })).body.success, true);
      const again = await post(gh, PAY, { merchant: login, paymentToken, amount: 100 });
      assertRefusal(again, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      const other = (await gh.createMerchant()).merchantLogin;
      await wallet.admin.createKey(other, 'b');
      const stolen = await post(gh, PAY, {
        merchant: other,
        paymentToken: await token(login, 'ECv2', 'CRYPTOGRAM_3DS'),
        amount: 100,
      });
      assert.ok(['22', '25'].includes((stolen.body.error as { code: string }).code), stolen.text);
    });
  });
}

for (const engine of ENGINES) {
  describe(`${engine}: a wallet B PAN_ONLY token runs 3-D Secure on a merchant that authenticates`, () => {
    let gh: TestGatehouse;
    let wallet: WalletServices;
    let authority: WalletBSandboxAuthority;
    let login: string;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      wallet = walletServices(gh);
      authority = await wallet.sandbox.walletB();
      const created = await gh.createMerchant({ authenticates: true });
      login = created.merchantLogin;
      auth = created.auth;
      await wallet.admin.createKey(login, 'b');
    });
    after(() => gh.close());

    const panOnly = (pan: string, who = login) =>
      mintFor(gh, wallet, authority, who, 'ECv2', {
        authMethod: 'PAN_ONLY',
        pan,
        expirationMonth: 12,
        expirationYear: 2034,
      });

    const request = (paymentToken: string, extra: Record<string, unknown> = {}) => ({
      merchant: login,
      paymentToken,
      amount: 2500,
      returnUrl: 'https://shop.example/ok',
      ...extra,
    });

    test('frictionless: the 3DS Method step in data, then the repeated request with the same token pays', async () => {
      const paymentToken = await panOnly('4111111111111111');
      const first = await post(gh, PAY, request(paymentToken));
      assert.equal(first.body.success, true, first.text);
      const data = first.body.data as Record<string, unknown>;
      assert.equal(data.is3DSVer2, true);
      assert.equal(typeof data.threeDSServerTransId, 'string');
      assert.equal(typeof data.threeDSMethodUrlServer, 'string');
      assert.equal((first.body.orderStatus as Record<string, unknown>).orderStatus, 0);
      const other = await post(
        gh,
        PAY,
        request(await panOnly('4111111111111111'), { threeDSServerTransId: data.threeDSServerTransId }),
      );
      assert.equal(
        (other.body.error as { code: string }).code,
        '27',
        'only the token spent on the order continues it',
      );
      const second = await post(
        gh,
        PAY,
        request(paymentToken, { threeDSServerTransId: data.threeDSServerTransId }),
      );
      assert.equal((second.body.orderStatus as Record<string, unknown>).orderStatus, 2, second.text);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, {
        ...auth,
        orderId: String(data.orderId),
      });
      assert.equal(status.body.paymentWay, 'GOOGLE_PAY_CARD');
      const secure = (status.body.cardAuthInfo as Record<string, unknown>).secureAuthInfo as Record<
        string,
        unknown
      >;
      assert.equal(secure.eci, '05');
    });

    test('challenge: acsUrl and packedCReq in data, the customer passes the challenge, the order is paid', async () => {
      const paymentToken = await panOnly('5555555555555599');
      const first = await post(gh, PAY, request(paymentToken));
      const transactionId = (first.body.data as Record<string, unknown>).threeDSServerTransId;
      const orderId = String((first.body.data as Record<string, unknown>).orderId);
      const second = await post(gh, PAY, request(paymentToken, { threeDSServerTransId: transactionId }));
      const data = second.body.data as Record<string, unknown>;
      assert.equal(data.acsUrl, `${gh.baseUrl}/acs/challenge`, second.text);
      assert.equal(typeof data.packedCReq, 'string');
      const redirect = await browserGet(`${gh.baseUrl}/payment/acsRedirect.do?orderId=${orderId}`);
      const challenge = await submit(onlyForm(redirect.text, gh.baseUrl));
      const finalPage = await submit(onlyForm(challenge.text, gh.baseUrl), {
        code: '123456',
        action: 'submit',
      });
      const landed = await submit(onlyForm(finalPage.text, gh.baseUrl));
      assert.equal(landed.status, 303);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...auth, orderId });
      assert.equal(status.body.orderStatus, 2);
      assert.equal(status.body.paymentWay, 'GOOGLE_PAY_CARD');
    });

    test('an SCA exemption (with its permission) pays a PAN_ONLY token without 3-D Secure, recorded', async () => {
      const exempt = await gh.createMerchant({ authenticates: true, permissions: ['scaExemption'] });
      await wallet.admin.createKey(exempt.merchantLogin, 'b');
      const paymentToken = await panOnly('4111111111111111', exempt.merchantLogin);
      const paid = await post(gh, PAY, {
        merchant: exempt.merchantLogin,
        paymentToken,
        amount: 300,
        externalScaExemptionIndicator: 'LVP',
      });
      assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 2, paid.text);
      const orderId = String((paid.body.data as { orderId: string }).orderId);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...exempt.auth, orderId });
      const secure = (status.body.cardAuthInfo as Record<string, unknown>).secureAuthInfo as Record<
        string,
        unknown
      >;
      assert.equal(secure.threeDsType, 'EXEMPTION');
    });

    test('without a returnUrl or threeDSVer2FinishUrl the customer could not come back: refused', async () => {
      const refused = await post(gh, PAY, {
        merchant: login,
        paymentToken: await panOnly('4111111111111111'),
        amount: 100,
      });
      assert.equal((refused.body.error as { code: string }).code, '4');
    });
  });
}

const vectors = new URL('../../../../shared/vectors/wallet-b/ecv2/', import.meta.url);
for (const engine of ENGINES) {
  describe(
    `${engine}: the vendor's own ECv2 token pays through the API at its clock`,
    {
      skip: skipUnlessShared(new URL('cases.json', vectors)),
    },
    () => {
      let gh: TestGatehouse;
      before(async () => {
        gh = await startTestGatehouse(engine);
      });
      after(() => gh.close());

      test('r2d2 tokenized-card.json, with the test root keys and the recipient key of the vectors', async () => {
        const read = (name: string) => readFileSync(new URL(name, vectors), 'utf8');
        const wallet = walletServices(gh);
        const login = (await gh.createMerchant()).merchantLogin;
        await wallet.trust.addRootKeys(read('root-keys-test.json'));
        await wallet.admin.importKey(login, 'b', {
          privateKeyPem: read('recipient-private-key.pem'),
          recipientId: 'merchant:12345678901234567890',
        });
        gh.clock.advance(1_595_000_067_000 - gh.clock.nowMs());
        const paid = await post(gh, PAY, {
          merchant: login,
          paymentToken: read('tokenized-card.json'),
          amount: 1000,
        });
        assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 2, paid.text);
        assert.equal(
          ((paid.body.orderStatus as Record<string, unknown>).cardAuthInfo as { pan: string }).pan,
          '489537**3478',
        );
      });
    },
  );
}
