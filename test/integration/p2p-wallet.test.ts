import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import { mintWalletAToken } from '../../src/processing/wallets/wallet-a/index.js';
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
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;

for (const engine of ENGINES) {
  describe(`${engine}: a wallet token as the debited card of a transfer (issue 12, part c)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;
    let token: (amount: number) => Promise<string>;

    before(async () => {
      gh = await startTestGatehouse(engine);
      // 3-D Secure on: a wallet's cryptogram is the authentication, so none runs.
      shop = await createP2pMerchant(gh, { authenticates: true, p2pFee: 'fixed=100' });
      // The perform replies these tests read carry statusResponse only when it is enabled (issue 23).
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
      const wallets = new WalletRepository(gh.gatehouse.store.db);
      const box = new SecretBox(loadMasterKey(gh.gatehouse.config));
      const trust = new WalletTrust(wallets, gh.clock, cryptoRandom);
      const admin = new WalletAdmin(
        new MerchantRepository(gh.gatehouse.store.db),
        wallets,
        box,
        gh.clock,
        cryptoRandom,
      );
      const sandbox = new SandboxWallets(wallets, trust, box, gh.clock);
      const authority = await sandbox.walletA();
      await admin.createKey(shop.login, 'a', {
        certify: (publicKeyPem, merchantId) => sandbox.certifyWalletAKey(publicKeyPem, merchantId),
      });
      const keyring = new WalletKeyring(wallets, box, true);
      const [key] = await keyring.walletAKeys(await admin.merchantIdOf(shop.login));
      assert.ok(key !== undefined);
      token = (amount) =>
        Promise.resolve(
          mintWalletAToken({
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
            nowMs: gh.clock.nowMs(),
          }),
        );
    });
    after(() => gh.close());

    const register = async () =>
      String(
        (
          await shop.call('registerP2P.do', {
            orderNumber: orderNumber('wallet'),
            amount: 2000,
            currency: '978',
            returnUrl: 'https://shop.example/done',
          })
        ).body.orderId,
      );

    test('vendor + paymentToken debit the token (amount + fee), once; card fields beside it are refused', async () => {
      const orderId = await register();
      const wrongAmount = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { vendor: 'APPLE_PAY', paymentToken: await token(2000) },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(wrongAmount.errorCode, '5', 'the token must carry what is debited: amount + fee');
      const paymentToken = await token(2100);
      const made = (
        await shop.call('performP2P.do', {
          orderId,
          fromCard: { vendor: 'APPLE_PAY', paymentToken },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(made.errorCode, '0', JSON.stringify(made));
      const status = made.statusResponse as Body;
      assert.equal(status.orderStatus, 2);
      assert.equal(status.panMaskedFrom, '411111**1111');
      const again = await register();
      const replayed = (
        await shop.call('performP2P.do', {
          orderId: again,
          fromCard: { vendor: 'APPLE_PAY', paymentToken },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(replayed.errorCode, '27', 'a token pays once');
      const unknownVendor = (
        await shop.call('performP2P.do', {
          orderId: again,
          fromCard: { vendor: 'WALLET_D', paymentToken },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.match(String(unknownVendor.errorMessage), /not enabled/);
      const mixed = (
        await shop.call('performP2P.do', {
          orderId: again,
          fromCard: { ...CARD('4111111111111111'), vendor: 'APPLE_PAY', paymentToken },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(mixed.errorCode, '5');
    });
  });
}
