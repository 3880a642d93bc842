import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import {
  mintWalletAToken,
  type WalletASandboxAuthority,
} from '../../src/processing/wallets/wallet-a/index.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { SandboxWallets } from '../../src/services/wallets/sandbox-wallets.js';
import { WalletAdmin } from '../../src/services/wallets/wallet-admin.js';
import { WalletKeyring } from '../../src/services/wallets/wallet-keyring.js';
import { WalletTrust } from '../../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../../src/store/merchant-repository.js';
import { WalletRepository } from '../../src/store/wallet-repository.js';
import { WALLET_TEST_CRYPTOGRAM } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { createIndependentWalletA } from '../support/wallet-a-independent.js';

const PAY = '/payment/wallet-a/payment.do';
const DIRECT = '/payment/wallet-a/paymentDirect.do';
const REST = '/payment/rest';

type Auth = { userName: string; password: string };

interface Shop {
  readonly login: string;
  readonly auth: Auth;
}

for (const engine of ENGINES) {
  describe(`${engine}: wallet A payments (issue 10)`, () => {
    let gh: TestGatehouse;
    let admin: WalletAdmin;
    let keyring: WalletKeyring;
    let sandbox: SandboxWallets;
    let trust: WalletTrust;
    let authority: WalletASandboxAuthority;
    let shop: Shop;

    before(async () => {
      gh = await startTestGatehouse(engine);
      const wallets = new WalletRepository(gh.gatehouse.store.db);
      const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
      trust = new WalletTrust(wallets, gh.clock, cryptoRandom);
      admin = new WalletAdmin(
        new MerchantRepository(gh.gatehouse.store.db),
        wallets,
        box,
        gh.clock,
        cryptoRandom,
      );
      keyring = new WalletKeyring(wallets, box, true);
      sandbox = new SandboxWallets(wallets, trust, box, gh.clock);
      authority = await sandbox.walletA();
      shop = await walletShop(['preAuth', 'commonBindings', 'storedCredentials']);
    });
    after(() => gh.close());

    async function walletShop(permissions: string[]): Promise<Shop> {
      const created = await gh.createMerchant({
        permissions,
        callbackUrl: 'https://shop.example/callbacks',
        rateLimitPerSecond: 100_000,
        concurrentLimit: 10_000,
      });
      await admin.createKey(created.merchantLogin, 'a', {
        certify: (publicKeyPem, merchantId) => sandbox.certifyWalletAKey(publicKeyPem, merchantId),
      });
      return { login: created.merchantLogin, auth: created.auth };
    }

    async function token(login: string, amount = 1500, nowMs = gh.clock.nowMs()): Promise<string> {
      const merchantId = await admin.merchantIdOf(login);
      const [key] = await keyring.walletAKeys(merchantId);
      assert.ok(key !== undefined);
      return mintWalletAToken({
        authority,
        merchantCertificate: key.certificate,
        payment: {
          pan: '4111111111111111',
          expiryYYMMDD: '341231',
          amount,
          currencyCode: '978',
          cryptogram: WALLET_TEST_CRYPTOGRAM,
          eci: '05',
        },
        nowMs,
      });
    }

    const post = (path: string, body: unknown) =>
      gh.post(path, {}, { rawBody: JSON.stringify(body), contentType: 'application/json' });

    function errorOf(body: Record<string, unknown>): { code: string; message: string; description: string } {
      assert.equal(body.success, false, JSON.stringify(body));
      return body.error as { code: string; message: string; description: string };
    }

    test('a token pays the order: the wallet envelope with the lower-case status block, APPLE_PAY in the status', async () => {
      const paid = await post(PAY, {
        merchant: shop.login,
        paymentToken: await token(shop.login),
        language: 'de',
      });
      assert.equal(paid.status, 200);
      assert.equal(paid.body.success, true, paid.text);
      const orderId = (paid.body.data as { orderId: string }).orderId;
      const block = paid.body.orderStatus as Record<string, unknown>;
      assert.equal(block.orderStatus, 2);
      assert.equal(block.amount, 1500);
      assert.equal(block.currency, '978');
      assert.deepEqual(block.attributes, [{ name: 'mdOrder', value: orderId }]);
      const card = block.cardAuthInfo as Record<string, unknown>;
      assert.equal(card.pan, '411111**1111');
      assert.equal(card.expiration, 203412);
      assert.equal((block.paymentAmountInfo as Record<string, unknown>).paymentState, 'DEPOSITED');
      assert.equal((block.bankInfo as Record<string, unknown>).bankCountryName, 'Unbekannt');
      assert.ok(!paid.text.includes('4111111111111111'));
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shop.auth, orderId });
      assert.equal(status.body.paymentWay, 'APPLE_PAY');
      assert.equal(status.body.orderStatus, 2);
    });

    test("an explicit amount must be the token's", async () => {
      const refused = await post(PAY, {
        merchant: shop.login,
        paymentToken: await token(shop.login, 1500),
        amount: 1600,
      });
      assert.match(errorOf(refused.body).message, /amount/);
      const same = await post(PAY, {
        merchant: shop.login,
        paymentToken: await token(shop.login, 1500),
        amount: 1500,
      });
      assert.equal(same.body.success, true, same.text);
    });

    test('the alias /payment/applepay/payment.do is the same operation', async () => {
      const paid = await post('/payment/applepay/payment.do', {
        merchant: shop.login,
        paymentToken: await token(shop.login),
      });
      assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 2, paid.text);
    });

    test('a hold is captured and refunded like a card order, with its callbacks', async () => {
      const held = await post(PAY, {
        merchant: shop.login,
        paymentToken: await token(shop.login, 2000),
        preAuth: true,
      });
      const orderId = (held.body.data as { orderId: string }).orderId;
      assert.equal((held.body.orderStatus as Record<string, unknown>).orderStatus, 1);
      assert.equal(
        (await gh.post(`${REST}/deposit.do`, { ...shop.auth, orderId, amount: 0 })).body.errorCode,
        '0',
      );
      assert.equal(
        (await gh.post(`${REST}/refund.do`, { ...shop.auth, orderId, amount: 500 })).body.errorCode,
        '0',
      );
      const callbacks = await gh.gatehouse.store.db
        .selectFrom('callbacks')
        .select('operation')
        .where('order_id', '=', orderId)
        .execute();
      assert.deepEqual(callbacks.map((c) => c.operation).sort(), ['approved', 'deposited', 'refunded']);
    });

    test('one token pays once, also when ten requests race', async () => {
      const paymentToken = await token(shop.login);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(PAY, { merchant: shop.login, paymentToken })),
      );
      assert.equal(answers.filter((answer) => answer.body.success === true).length, 1);
      for (const answer of answers.filter((a) => a.body.success !== true)) {
        assert.equal(errorOf(answer.body).code, '27');
      }
    });

    test('each way a token fails is its own code: signature, expiry, another merchant, no key, malformed', async () => {
      const good = await token(shop.login);
      const paymentData = JSON.parse(Buffer.from(good, 'base64').toString('utf8')) as Record<string, unknown>;
      const data = Buffer.from(paymentData.data as string, 'base64');
      data[3] = (data[3] ?? 0) ^ 1;
      const tampered = Buffer.from(
        JSON.stringify({ ...paymentData, data: data.toString('base64') }),
      ).toString('base64');
      assert.equal(
        errorOf((await post(PAY, { merchant: shop.login, paymentToken: tampered })).body).code,
        '22',
      );
      const stale = await token(shop.login, 1500, gh.clock.nowMs() - 30 * 60_000);
      assert.equal(errorOf((await post(PAY, { merchant: shop.login, paymentToken: stale })).body).code, '24');
      const other = await walletShop([]);
      assert.equal(errorOf((await post(PAY, { merchant: other.login, paymentToken: good })).body).code, '25');
      const keyless = (await gh.createMerchant()).merchantLogin;
      assert.equal(errorOf((await post(PAY, { merchant: keyless, paymentToken: good })).body).code, '25');
      const garbage = Buffer.from('{"version":"EC_v1"}').toString('base64');
      assert.equal(
        errorOf((await post(PAY, { merchant: shop.login, paymentToken: garbage })).body).code,
        '21',
      );
      const rsa = Buffer.from(JSON.stringify({ ...paymentData, version: 'RSA_v1' })).toString('base64');
      assert.equal(errorOf((await post(PAY, { merchant: shop.login, paymentToken: rsa })).body).code, '26');
      for (const answer of [tampered, stale].map((t) => t.slice(0, 40)))
        assert.ok(!JSON.stringify(answer).includes('4111'));
    });

    test('the shop is named by merchant: unknown or missing is refused in the wallet envelope', async () => {
      const paymentToken = await token(shop.login);
      assert.equal(errorOf((await post(PAY, { merchant: 'no-such-shop', paymentToken })).body).code, '5');
      const missing = errorOf((await post(PAY, { paymentToken })).body);
      assert.equal(missing.code, '4');
      assert.match(missing.message, /merchant/);
    });

    test('bad requests get the wallet envelope: malformed JSON, a form body, an oversize token', async () => {
      const malformed = await gh.post(PAY, {}, { rawBody: '{"merchant":', contentType: 'application/json' });
      assert.equal(malformed.status, 400);
      errorOf(malformed.body);
      const form = await gh.post(PAY, { merchant: shop.login, paymentToken: 'x' });
      assert.equal(form.status, 400);
      errorOf(form.body);
      const oversize = errorOf(
        (await post(PAY, { merchant: shop.login, paymentToken: 'A'.repeat(8193) })).body,
      );
      assert.equal(oversize.code, '5');
      assert.match(oversize.message, /paymentToken/);
      const wrongType = errorOf(
        (await post(PAY, { merchant: shop.login, paymentToken: 12, preAuth: 'maybe' })).body,
      );
      assert.equal(wrongType.code, '5');
    });

    test('tii CI stores a common binding only with commonBindings', async () => {
      const stored = await post(PAY, {
        merchant: shop.login,
        paymentToken: await token(shop.login),
        tii: 'CI',
        clientId: 'wallet-client',
      });
      assert.equal(stored.body.success, true, stored.text);
      const bindings = await gh.post(`${REST}/getBindings.do`, { ...shop.auth, clientId: 'wallet-client' });
      assert.equal((bindings.body.bindings as unknown[]).length, 1, bindings.text);
      const plain = await walletShop([]);
      const refused = await post(PAY, {
        merchant: plain.login,
        paymentToken: await token(plain.login),
        tii: 'CI',
        clientId: 'c1',
      });
      assert.match(errorOf(refused.body).message, /commonBindings/);
    });

    test('paymentDirect.do pays the payment data the merchant decrypted, with its credentials; VERIFY wants amount 0', async () => {
      const payload = {
        applicationPrimaryAccountNumber: '4111111111111111',
        applicationExpirationDate: '341231',
        currencyCode: '978',
        transactionAmount: 900,
        deviceManufacturerIdentifier: '040010030273',
        paymentDataType: '3DSecure',
        paymentData: { onlinePaymentCryptogram: randomBytes(20).toString('base64'), eciIndicator: '7' },
      };
      const orderNumber = `d-${randomBytes(4).toString('hex')}`;
      const paid = await post(DIRECT, { ...shop.auth, orderNumber, paymentToken: JSON.stringify(payload) });
      assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 2, paid.text);
      assert.equal((paid.body.orderStatus as Record<string, unknown>).orderNumber, orderNumber);
      const again = await post(DIRECT, {
        ...shop.auth,
        orderNumber: `${orderNumber}-2`,
        paymentToken: JSON.stringify(payload),
      });
      assert.equal(errorOf(again.body).code, '27');
      const noAuth = await post(DIRECT, { orderNumber: 'x', paymentToken: JSON.stringify(payload) });
      assert.equal(errorOf(noAuth.body).code, '5');
      const verifyPaid = await post(DIRECT, {
        ...shop.auth,
        orderNumber: `${orderNumber}-v`,
        features: ['VERIFY'],
        clientId: 'verify-client',
        paymentToken: JSON.stringify({
          ...payload,
          paymentData: {
            ...payload.paymentData,
            onlinePaymentCryptogram: randomBytes(20).toString('base64'),
          },
        }),
      });
      assert.match(errorOf(verifyPaid.body).message, /transactionAmount/);
      const verified = await post(DIRECT, {
        ...shop.auth,
        orderNumber: `${orderNumber}-w`,
        features: ['VERIFY'],
        clientId: 'verify-client',
        paymentToken: JSON.stringify({ ...payload, transactionAmount: 0 }),
      });
      assert.equal(verified.body.success, true, verified.text);
      const bindings = await gh.post(`${REST}/getBindings.do`, { ...shop.auth, clientId: 'verify-client' });
      assert.equal((bindings.body.bindings as unknown[]).length, 1);
    });

    test('paymentDirect.do on behalf: merchant names a child, not a stranger', async () => {
      const child = await gh.createMerchant({ parentLogin: shop.login });
      const payload = {
        applicationPrimaryAccountNumber: '4111111111111111',
        applicationExpirationDate: '341231',
        currencyCode: '978',
        transactionAmount: 300,
        deviceManufacturerIdentifier: '040010030273',
        paymentDataType: '3DSecure',
        paymentData: { onlinePaymentCryptogram: WALLET_TEST_CRYPTOGRAM, eciIndicator: '5' },
      };
      const paid = await post(DIRECT, {
        ...shop.auth,
        merchant: child.merchantLogin,
        orderNumber: `c-${randomBytes(4).toString('hex')}`,
        paymentToken: JSON.stringify(payload),
      });
      assert.equal(paid.body.success, true, paid.text);
      const orderId = (paid.body.data as { orderId: string }).orderId;
      const asChild = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...child.auth, orderId });
      assert.equal(asChild.body.orderStatus, 2, "the order is the child's");
      const stranger = (await gh.createMerchant()).merchantLogin;
      const refused = await post(DIRECT, {
        ...shop.auth,
        merchant: stranger,
        orderNumber: `s-${randomBytes(4).toString('hex')}`,
        paymentToken: JSON.stringify({ ...payload, transactionAmount: 301 }),
      });
      assert.match(errorOf(refused.body).message, new RegExp(stranger));
    });

    test('a token made by an independent implementation of the vendor rules is accepted', async () => {
      const independent = createIndependentWalletA();
      try {
        const created = await gh.createMerchant();
        await trust.addRootCa(independent.rootCertificate.toString());
        await admin.importKey(created.merchantLogin, 'a', {
          privateKeyPem: independent.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          certificatePem: independent.merchantCertificate.toString(),
        });
        const minted = independent.mint({
          pan: '5555555555554444',
          expiryYYMMDD: '341231',
          amount: 700,
          currencyCode: '978',
          cryptogram: WALLET_TEST_CRYPTOGRAM,
          eci: '02',
        });
        const paid = await post(PAY, { merchant: created.merchantLogin, paymentToken: minted.paymentToken });
        assert.equal((paid.body.orderStatus as Record<string, unknown>).orderStatus, 2, paid.text);
      } finally {
        independent.dispose();
      }
    });
  });
}

for (const engine of ENGINES) {
  describe(`${engine}: wallet A tokens of the sandbox vendor are untrusted without GATEHOUSE_SANDBOX_WALLETS`, () => {
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_SANDBOX_WALLETS: 'false' } });
    });
    after(() => gh.close());

    test('a token signed by the sandbox vendor is refused as untrusted (23)', async () => {
      const wallets = new WalletRepository(gh.gatehouse.store.db);
      const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
      const sandbox = new SandboxWallets(
        wallets,
        new WalletTrust(wallets, gh.clock, cryptoRandom),
        box,
        gh.clock,
      );
      const admin = new WalletAdmin(
        new MerchantRepository(gh.gatehouse.store.db),
        wallets,
        box,
        gh.clock,
        cryptoRandom,
      );
      const login = (await gh.createMerchant()).merchantLogin;
      await admin.createKey(login, 'a', {
        certify: (publicKeyPem, merchantId) => sandbox.certifyWalletAKey(publicKeyPem, merchantId),
      });
      const [key] = await new WalletKeyring(wallets, box, false).walletAKeys(await admin.merchantIdOf(login));
      assert.ok(key !== undefined);
      const paymentToken = mintWalletAToken({
        authority: await sandbox.walletA(),
        merchantCertificate: key.certificate,
        payment: {
          pan: '4111111111111111',
          expiryYYMMDD: '341231',
          amount: 100,
          currencyCode: '978',
          cryptogram: randomBytes(20).toString('base64'),
        },
        nowMs: gh.clock.nowMs(),
      });
      const answer = await gh.post(
        PAY,
        {},
        { rawBody: JSON.stringify({ merchant: login, paymentToken }), contentType: 'application/json' },
      );
      assert.equal((answer.body.error as { code: string }).code, '23', answer.text);
    });
  });
}
