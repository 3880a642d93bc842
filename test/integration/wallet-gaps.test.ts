import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  mintWalletBToken,
  type WalletBSandboxAuthority,
} from '../../src/processing/wallets/wallet-b/index.js';
import { WALLET_TEST_CRYPTOGRAM } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { createP2pMerchant, orderNumber } from '../support/p2p.js';
import { assertRefusal } from '../support/refusals.js';
import { walletServices, type WalletServices } from '../support/wallet-services.js';

const PAY_B = '/payment/wallet-b/payment.do';
const DIRECT_A = '/payment/wallet-a/paymentDirect.do';
/** A recipient id several merchants share: the gateway decrypts for all of them (gateway mode). */
const SHARED_RECIPIENT = 'gateway:gatehouse-issue-25';

const post = (gh: TestGatehouse, path: string, body: unknown) =>
  gh.post(path, {}, { rawBody: JSON.stringify(body), contentType: 'application/json' });

/** wallet-b/payment.do as a shop's server calls it: the shop, the token, the amount. */
const payB = (gh: TestGatehouse, merchant: string, paymentToken: string, amount: number) =>
  post(gh, PAY_B, { merchant, paymentToken, amount });

const orderStatusOf = (body: Record<string, unknown>) =>
  (body.orderStatus as Record<string, unknown> | undefined)?.orderStatus;

for (const engine of ENGINES) {
  describe(`${engine}: wallet gaps found from outside (issue 25)`, () => {
    let gh: TestGatehouse;
    let wallet: WalletServices;
    let authority: WalletBSandboxAuthority;
    const sharedKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;

    before(async () => {
      gh = await startTestGatehouse(engine);
      wallet = walletServices(gh);
      authority = await wallet.sandbox.walletB();
    });
    after(() => gh.close());

    /** An ECv2 cryptogram token as the sandbox vendor's device makes it. */
    const mint = (
      recipientId: string,
      recipientPublicKey = createPublicKey(sharedKey),
      gatewayMerchantId?: string,
    ) =>
      mintWalletBToken({
        authority,
        recipientId,
        recipientPublicKey,
        protocolVersion: 'ECv2',
        payment: {
          authMethod: 'CRYPTOGRAM_3DS',
          pan: '5555555555554444',
          expirationMonth: 12,
          expirationYear: 2034,
          cryptogram: WALLET_TEST_CRYPTOGRAM,
          eci: '02',
        },
        nowMs: gh.clock.nowMs(),
        messageId: randomBytes(16).toString('hex'),
        ...(gatewayMerchantId === undefined ? {} : { gatewayMerchantId }),
      });

    /** A merchant's own wallet B key (recipient `merchant:<login>`) and a token for it. */
    async function ownKeyToken(login: string): Promise<string> {
      await wallet.admin.createKey(login, 'b');
      const [recipient] = await wallet.keyring.walletBRecipients(await wallet.admin.merchantIdOf(login));
      assert.ok(recipient?.privateKeys[0] !== undefined);
      return mint(recipient.recipientId, createPublicKey(recipient.privateKeys[0]));
    }

    test('wallet B: a gateway-mode token pays only for the merchant its gatewayMerchantId names', async () => {
      const pem = sharedKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const [first, second] = [await gh.createMerchant(), await gh.createMerchant()];
      for (const shop of [first, second])
        await wallet.admin.importKey(shop.merchantLogin, 'b', {
          privateKeyPem: pem,
          recipientId: SHARED_RECIPIENT,
        });
      const forFirst = mint(SHARED_RECIPIENT, undefined, first.merchantLogin);
      const stolen = await payB(gh, second.merchantLogin, forFirst, 700);
      assertRefusal(stolen, { errorCode: '25', key: 'WALLET_KEY_MISMATCH' });
      const unnamed = await payB(gh, first.merchantLogin, mint(SHARED_RECIPIENT), 700);
      assertRefusal(unnamed, { errorCode: '25', key: 'WALLET_KEY_MISMATCH' });
      const own = await payB(gh, first.merchantLogin, forFirst, 700);
      assert.equal(orderStatusOf(own.body), 2, own.text);
    });

    test('wallet B: the paymentToken Base64-encoded (as client libraries send it) pays like its JSON text', async () => {
      const shop = await gh.createMerchant();
      const token = await ownKeyToken(shop.merchantLogin);
      const paid = await payB(gh, shop.merchantLogin, Buffer.from(token, 'utf8').toString('base64'), 1200);
      assert.equal(orderStatusOf(paid.body), 2, paid.text);
      const replayed = await payB(gh, shop.merchantLogin, token, 1200);
      assertRefusal(replayed, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      const notJson = await payB(gh, shop.merchantLogin, Buffer.from('not a token').toString('base64'), 1200);
      assertRefusal(notJson, { errorCode: '21', key: 'WALLET_TOKEN_MALFORMED' });
    });

    test('P2P: a Base64 wallet B token in fromCard debits like its JSON text', async () => {
      const shop = await createP2pMerchant(gh);
      const token = await ownKeyToken(shop.login);
      const orderId = String(
        (
          await shop.call('registerP2P.do', {
            orderNumber: orderNumber('wallet-b64'),
            amount: 1500,
            currency: '978',
            returnUrl: 'https://shop.example/done',
          })
        ).body.orderId,
      );
      const made = await shop.call('performP2P.do', {
        orderId,
        fromCard: { vendor: 'GOOGLE_PAY', paymentToken: Buffer.from(token).toString('base64') },
        toCard: { pan: '4111111111111111' },
      });
      assert.equal(made.body.errorCode, '0', made.text);
    });

    test('paymentDirect.do: the same payment data re-encoded (Base64, spacing, member order) pays once', async () => {
      const shop = await gh.createMerchant();
      const auth = shop.auth;
      const payload = {
        applicationPrimaryAccountNumber: '4111111111111111',
        applicationExpirationDate: '341231',
        currencyCode: '978',
        transactionAmount: 450,
        deviceManufacturerIdentifier: '040010030273',
        paymentDataType: '3DSecure',
        paymentData: { onlinePaymentCryptogram: randomBytes(20).toString('base64'), eciIndicator: '7' },
      };
      const number = `gap-${randomBytes(4).toString('hex')}`;
      const paid = await post(gh, DIRECT_A, {
        ...auth,
        orderNumber: number,
        paymentToken: JSON.stringify(payload),
      });
      assert.equal(orderStatusOf(paid.body), 2, paid.text);
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      for (const [index, paymentToken] of [
        JSON.stringify(payload, null, 2),
        ` ${JSON.stringify(reordered)}`,
        Buffer.from(JSON.stringify(payload)).toString('base64'),
      ].entries()) {
        const again = await post(gh, DIRECT_A, { ...auth, orderNumber: `${number}-${index}`, paymentToken });
        assertRefusal(again, { errorCode: '27', key: 'WALLET_TOKEN_REPLAYED' });
      }
    });
  });
}
