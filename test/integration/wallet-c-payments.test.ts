import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, randomBytes } from 'node:crypto';
import { mintWalletCToken, type WalletCSandboxPayment } from '../../src/processing/wallets/wallet-c/index.js';
import { WALLET_TEST_CRYPTOGRAM } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { createP2pMerchant, orderNumber } from '../support/p2p.js';
import { assertRefusal } from '../support/refusals.js';
import { independentWalletCToken } from '../support/wallet-c-independent.js';
import { walletServices, type WalletServices } from '../support/wallet-services.js';

const PAY = '/payment/wallet-c/payment.do';
/** Where this API family's client libraries send it (the PHP client's payWithSamsungPay). */
const CLIENT_ALIAS = '/payment/samsung/payment.do';
const DIRECT = '/payment/wallet-c/paymentDirect.do';
const REST = '/payment/rest';

type Body = Record<string, unknown>;

const post = (gh: TestGatehouse, path: string, body: unknown) =>
  gh.post(path, {}, { rawBody: JSON.stringify(body), contentType: 'application/json' });

const statusBlock = (body: Body) => body.orderStatus as Body | undefined;

for (const engine of ENGINES) {
  describe(`${engine}: wallet C payments (issue 25)`, () => {
    let gh: TestGatehouse;
    let wallet: WalletServices;
    let login: string;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine);
      wallet = walletServices(gh);
      const created = await gh.createMerchant({ permissions: ['preAuth'] });
      login = created.merchantLogin;
      auth = created.auth;
      const made = await wallet.admin.createKey(login, 'c');
      assert.match(made.certificateRequest ?? '', /^-----BEGIN CERTIFICATE REQUEST-----/);
    });
    after(() => gh.close());

    async function publicKeyOf(who: string) {
      const [key] = await wallet.keyring.walletCKeys(await wallet.admin.merchantIdOf(who));
      assert.ok(key !== undefined);
      return createPublicKey(key.privateKey);
    }

    async function token(overrides: Partial<WalletCSandboxPayment> = {}, nowMs = gh.clock.nowMs()) {
      return mintWalletCToken({
        publicKey: await publicKeyOf(login),
        payment: {
          tokenPan: '5555555555554444',
          tokenPanExpiration: '1234',
          amountMinor: 2500,
          currencyCode: 'EUR',
          // A cryptogram pays once per merchant: each token gets its own unless a test says otherwise.
          cryptogram: randomBytes(20).toString('base64'),
          eci: '02',
          ...overrides,
        },
        nowMs,
      });
    }

    test('the PHP client library request pays at /payment/samsung/payment.do (SAMSUNG_PAY, the token amount)', async () => {
      const number = `c-${randomBytes(4).toString('hex')}`;
      const paid = await post(gh, CLIENT_ALIAS, {
        merchant: login,
        orderNumber: number,
        paymentToken: await token(),
      });
      assert.equal(paid.body.success, true, paid.text);
      const block = statusBlock(paid.body);
      assert.deepEqual([block?.orderStatus, block?.amount, block?.orderNumber], [2, 2500, number]);
      assert.equal((block?.cardAuthInfo as Body).pan, '555555**4444');
      const orderId = (paid.body.data as { orderId: string }).orderId;
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...auth, orderId });
      assert.equal(status.body.paymentWay, 'SAMSUNG_PAY');
      assert.equal(status.body.currency, '978');
    });

    test('preAuth holds (two-phase); the token pays once, however it is encoded', async () => {
      const jwe = await token();
      const held = await post(gh, PAY, { merchant: login, paymentToken: jwe, preAuth: true });
      assert.equal(statusBlock(held.body)?.orderStatus, 1, held.text);
      const credential = JSON.stringify({ '3DS': { type: 'S', version: '100', data: jwe } });
      for (const again of [jwe, credential, Buffer.from(credential).toString('base64')]) {
        const replayed = await post(gh, PAY, { merchant: login, paymentToken: again });
        assertRefusal(replayed, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      }
    });

    test('a spent cryptogram re-wrapped with a later utc or another amount is refused, at payment.do and paymentDirect.do; another merchant may take it (issue 40)', async () => {
      const cryptogram = WALLET_TEST_CRYPTOGRAM;
      const paid = await post(gh, PAY, { merchant: login, paymentToken: await token({ cryptogram }) });
      assert.equal(statusBlock(paid.body)?.orderStatus, 2, paid.text);
      const later = await token({ cryptogram }, gh.clock.nowMs() + 1_000);
      const otherAmount = await token({ cryptogram, amountMinor: 2499 });
      for (const again of [later, otherAmount]) {
        const replayed = await post(gh, PAY, { merchant: login, paymentToken: again });
        assertRefusal(replayed, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      }
      const decrypted = await post(gh, DIRECT, {
        ...auth,
        orderNumber: `cr-${randomBytes(4).toString('hex')}`,
        paymentToken: JSON.stringify({
          amount: '99',
          currency_code: 'EUR',
          utc: String(gh.clock.nowMs()),
          eci_indicator: '05',
          tokenPAN: '5555555555554444',
          tokenPanExpiration: '1234',
          cryptogram,
        }),
      });
      assertRefusal(decrypted, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      const otherPan = await post(gh, PAY, {
        merchant: login,
        paymentToken: await token({ cryptogram, tokenPan: '4000001111111118' }),
      });
      assert.equal(
        statusBlock(otherPan.body)?.orderStatus,
        2,
        'the pair is what is spent, not the cryptogram alone',
      );
      const neighbour = await gh.createMerchant();
      await wallet.admin.createKey(neighbour.merchantLogin, 'c');
      const elsewhere = mintWalletCToken({
        publicKey: await publicKeyOf(neighbour.merchantLogin),
        payment: {
          tokenPan: '5555555555554444',
          tokenPanExpiration: '1234',
          amountMinor: 2500,
          currencyCode: 'EUR',
          cryptogram,
        },
        nowMs: gh.clock.nowMs(),
      });
      const theirs = await post(gh, PAY, { merchant: neighbour.merchantLogin, paymentToken: elsewhere });
      assert.equal(statusBlock(theirs.body)?.orderStatus, 2, theirs.text);
    });

    test('a tampered tag, a wrong key and a bad padding get one answer; stale and mismatched tokens are refused', async () => {
      const parts = (await token()).split('.');
      const tag = Buffer.from(parts[4] ?? '', 'base64url');
      tag[3] = (tag[3] as number) ^ 0x40;
      const tampered = await post(gh, PAY, {
        merchant: login,
        paymentToken: [...parts.slice(0, 4), tag.toString('base64url')].join('.'),
      });
      const stranger = await gh.createMerchant();
      await wallet.admin.createKey(stranger.merchantLogin, 'c');
      const wrongKey = await post(gh, PAY, { merchant: stranger.merchantLogin, paymentToken: await token() });
      const badPadding = await post(gh, PAY, {
        merchant: login,
        paymentToken: independentWalletCToken(
          await publicKeyOf(login),
          { amount: '100', currency_code: 'EUR', utc: String(gh.clock.nowMs()) },
          { rfcAdditionalData: true, breakPadding: true },
        ),
      });
      for (const refused of [tampered, wrongKey, badPadding])
        assertRefusal(refused, { errorCode: '25', key: 'WALLET_KEY_MISMATCH' });
      assert.deepEqual(tampered.body.error, badPadding.body.error, 'no padding oracle');
      const stale = await post(gh, PAY, {
        merchant: login,
        paymentToken: await token({}, gh.clock.nowMs() - 16 * 60_000),
      });
      assertRefusal(stale, { errorCode: '24', key: 'WALLET_TOKEN_EXPIRED' });
      const otherAmount = await post(gh, PAY, { merchant: login, paymentToken: await token(), amount: 2400 });
      assertRefusal(otherAmount, { errorCode: '5', key: 'PARAM_CONFLICT' });
      const otherCurrency = await post(gh, PAY, {
        merchant: login,
        paymentToken: await token(),
        currencyCode: '840',
      });
      assertRefusal(otherCurrency, { errorCode: '5', key: 'PARAM_CONFLICT' });
    });

    test('a token made by an independent implementation of protocols-jose.md pays', async () => {
      const paid = await post(gh, PAY, {
        merchant: login,
        paymentToken: independentWalletCToken(
          await publicKeyOf(login),
          {
            amount: '777',
            currency_code: 'EUR',
            utc: String(gh.clock.nowMs()),
            eci_indicator: '05',
            tokenPAN: '4111111111111111',
            tokenPanExpiration: '0139',
            cryptogram: WALLET_TEST_CRYPTOGRAM,
          },
          { rfcAdditionalData: false },
        ),
      });
      assert.deepEqual(
        [statusBlock(paid.body)?.orderStatus, statusBlock(paid.body)?.amount],
        [2, 777],
        paid.text,
      );
    });

    test('paymentDirect.do pays the credential the merchant decrypted, once', async () => {
      const payload = {
        amount: '640',
        currency_code: 'EUR',
        utc: String(gh.clock.nowMs()),
        eci_indicator: '7',
        tokenPAN: '5555555555554444',
        tokenPanExpiration: '1234',
        cryptogram: randomBytes(20).toString('base64'),
      };
      const number = `cd-${randomBytes(4).toString('hex')}`;
      const paid = await post(gh, DIRECT, {
        ...auth,
        orderNumber: number,
        paymentToken: JSON.stringify(payload),
      });
      assert.equal(statusBlock(paid.body)?.orderStatus, 2, paid.text);
      const again = await post(gh, DIRECT, {
        ...auth,
        orderNumber: `${number}-2`,
        paymentToken: Buffer.from(JSON.stringify(payload)).toString('base64'),
      });
      assertRefusal(again, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
    });

    test('P2P: vendor SAMSUNG_PAY debits the token (amount + fee); decryptedToken takes the plaintext', async () => {
      const shop = await createP2pMerchant(gh, { p2pFee: 'fixed=100' });
      await wallet.admin.createKey(shop.login, 'c');
      const register = async () =>
        String(
          (
            await shop.call('registerP2P.do', {
              orderNumber: orderNumber('wallet-c'),
              amount: 2000,
              currency: '978',
              returnUrl: 'https://shop.example/done',
            })
          ).body.orderId,
        );
      const mintFor = async (amountMinor: number) =>
        mintWalletCToken({
          publicKey: await publicKeyOf(shop.login),
          payment: {
            tokenPan: '4111111111111111',
            tokenPanExpiration: '1234',
            amountMinor,
            currencyCode: 'EUR',
            cryptogram: WALLET_TEST_CRYPTOGRAM,
          },
          nowMs: gh.clock.nowMs(),
        });
      const toCard = { pan: '5555555555554444' };
      const short = await shop.call('performP2P.do', {
        orderId: await register(),
        fromCard: { vendor: 'SAMSUNG_PAY', paymentToken: await mintFor(2000) },
        toCard,
      });
      assert.equal(short.body.errorCode, '5', 'the token must carry what is debited: amount + fee');
      const made = await shop.call('performP2P.do', {
        orderId: await register(),
        fromCard: { vendor: 'WALLET_C', paymentToken: await mintFor(2100) },
        toCard,
      });
      assert.equal(made.body.errorCode, '0', made.text);
      const plaintext = JSON.stringify({
        amount: '2100',
        currency_code: 'EUR',
        utc: String(gh.clock.nowMs()),
        eci_indicator: '05',
        tokenPAN: '4111111111111111',
        tokenPanExpiration: '1234',
        cryptogram: randomBytes(20).toString('base64'),
      });
      const decrypted = await shop.call('performP2P.do', {
        orderId: await register(),
        fromCard: { vendor: 'SAMSUNG_PAY', paymentToken: plaintext, decryptedToken: true },
        toCard,
      });
      assert.equal(decrypted.body.errorCode, '0', decrypted.text);
    });
  });
}
