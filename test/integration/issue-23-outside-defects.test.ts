import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createPublicKey, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadMasterKey } from '../../src/config/master-key.js';
import { cryptoRandom } from '../../src/domain/random-source.js';
import { mintWalletBToken, type WalletBSandboxPayment } from '../../src/processing/wallets/wallet-b/index.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { SandboxWallets } from '../../src/services/wallets/sandbox-wallets.js';
import { WalletAdmin } from '../../src/services/wallets/wallet-admin.js';
import { WalletKeyring } from '../../src/services/wallets/wallet-keyring.js';
import { WalletTrust } from '../../src/services/wallets/wallet-trust.js';
import { MerchantRepository } from '../../src/store/merchant-repository.js';
import { WalletRepository } from '../../src/store/wallet-repository.js';
import { WALLET_TEST_CRYPTOGRAM } from '../support/card-data.js';
import { answerKindOf, emptyMembersOf, minimumLength, type AnswerKind } from '../support/empty-members.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type ApiResponse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;
type RestAuth = { readonly userName: string; readonly password: string };

const REST = '/payment/rest';
const WALLET_B = '/payment/wallet-b/payment.do';
/** dist/test/integration/<this>.js → bin/gatehouse.js at the root of the checkout. */
const CLI = fileURLToPath(new URL('../../../bin/gatehouse.js', import.meta.url));
const CLI_TIMEOUT_MS = 20_000;
/** Not enrolled in 3-D Secure: a transfer from it is made in one call, even on a merchant that authenticates. */
const NOT_ENROLLED = '4444555511113333';
const MADE = 'The transfer has been made';
const STATUS_VERSIONS = [undefined, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** `gatehouse …` against the test server's database, as an operator runs it beside the server. */
function runCli(gh: TestGatehouse, args: readonly string[]): Promise<{ code: number; stdout: string }> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GATEHOUSE_')) env[name] = value;
  }
  Object.assign(env, {
    GATEHOUSE_DB: gh.database.url,
    GATEHOUSE_DATA_DIR: gh.database.dataDir,
    GATEHOUSE_MASTER_KEY: gh.gatehouse.config.masterKeyBase64,
    GATEHOUSE_LOG_LEVEL: 'silent',
  });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env, timeout: CLI_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        assert.equal(code, 0, `gatehouse ${args.join(' ')}: ${stdout}${stderr}`);
        resolve({ code, stdout });
      },
    );
  });
}

const restAuthOf = (shop: P2pMerchant): RestAuth => ({
  userName: shop.auth.username,
  password: shop.auth.password,
});

async function registerTransfer(shop: P2pMerchant, extra: Body = {}): Promise<string> {
  const answer = (
    await shop.call('registerP2P.do', {
      orderNumber: orderNumber('i23'),
      amount: 5000,
      currency: '978',
      returnUrl: 'https://shop.example/done',
      ...extra,
    })
  ).body;
  assert.equal(answer.errorCode, '0', JSON.stringify(answer));
  return String(answer.orderId);
}

for (const engine of ENGINES) {
  describe(`${engine}: defects found from outside (issue 23)`, () => {
    let gh: TestGatehouse;

    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    const rest = (auth: RestAuth, operation: string, params: Record<string, string | number>) =>
      gh.post(`${REST}/${operation}`, { ...auth, ...params });
    const orderRow = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    const legsOf = (orderId: string) =>
      gh.gatehouse.store.db
        .selectFrom('order_operations')
        .select('id')
        .where('order_id', '=', orderId)
        .execute();

    /** Wallet B tokens for one merchant that authenticates (lazily: most tests need none). */
    let walletShop: Promise<{ pay: (payment: WalletBSandboxPayment) => Promise<ApiResponse> }> | undefined;
    const walletB = () =>
      (walletShop ??= (async () => {
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
        const authority = await new SandboxWallets(wallets, trust, box, gh.clock).walletB();
        const { merchantLogin } = await gh.createMerchant({ authenticates: true });
        await admin.createKey(merchantLogin, 'b');
        const keyring = new WalletKeyring(wallets, box, true);
        const [recipient] = await keyring.walletBRecipients(await admin.merchantIdOf(merchantLogin));
        const privateKey = recipient?.privateKeys[0];
        assert.ok(recipient !== undefined && privateKey !== undefined);
        return {
          pay: (payment: WalletBSandboxPayment) => {
            const paymentToken = mintWalletBToken({
              authority,
              recipientId: recipient.recipientId,
              recipientPublicKey: createPublicKey(privateKey),
              protocolVersion: 'ECv2',
              payment,
              nowMs: gh.clock.nowMs(),
              messageId: randomBytes(16).toString('hex'),
            });
            const body = JSON.stringify({
              merchant: merchantLogin,
              paymentToken,
              amount: 2500,
              returnUrl: 'https://shop.example/ok',
            });
            return gh.post(WALLET_B, {}, { rawBody: body, contentType: 'application/json' });
          },
        };
      })());
    const walletCard = (pan: string, authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS'): WalletBSandboxPayment => ({
      authMethod,
      pan,
      expirationMonth: 12,
      expirationYear: 2034,
      ...(authMethod === 'CRYPTOGRAM_3DS' ? { cryptogram: WALLET_TEST_CRYPTOGRAM, eci: '02' } : {}),
    });

    // SSL-only, the purchase path paid the transfer order as a purchase; authenticating, it ran into the transfer.
    for (const authenticates of [false, true]) {
      test(`paymentOrderBinding.do on a transfer order is refused as "not found" and leaves the order as it was (${authenticates ? '3-D Secure' : 'SSL only'})`, async () => {
        const shop = await createP2pMerchant(gh, { permissions: ['storedCredentials'], authenticates });
        const auth = restAuthOf(shop);
        const clientId = `client-${randomBytes(4).toString('hex')}`;
        const stored = await rest(auth, 'instantPayment.do', {
          amount: 1500,
          pan: NOT_ENROLLED,
          expiry: '203412',
          cvc: '123',
          returnUrl: 'https://shop.example/ok',
          orderNumber: orderNumber('card'),
          clientId,
        });
        assert.equal(stored.body.errorCode, '0', stored.text);
        const listed = await rest(auth, 'getBindings.do', { clientId, bindingType: 'C' });
        const [binding] = listed.body.bindings as Body[];
        assert.ok(binding !== undefined, listed.text);
        const orderId = await registerTransfer(shop, { clientId });
        const before = await orderRow(orderId);

        const refused = await rest(auth, 'paymentOrderBinding.do', {
          mdOrder: orderId,
          bindingId: String(binding.bindingId),
          tii: 'F',
        });
        assert.equal(refused.status, 200, refused.text);
        assert.equal(refused.body.errorCode, '6', refused.text);
        assert.match(String(refused.body.errorMessage), /\S/);

        assert.deepEqual(await orderRow(orderId), before, 'the order row is as registered');
        assert.equal((await legsOf(orderId)).length, 0, 'no operation was written');
        const status = (await shop.call('getP2PStatus.do', { orderId })).body;
        assert.equal(status.orderStatus, 0);
        assert.deepEqual(status.operationList, []);
        // And it is still a transfer order its own call can make.
        const made = (
          await shop.call('performP2P.do', {
            orderId,
            fromCard: CARD(NOT_ENROLLED),
            toCard: { pan: '5555555555554444' },
          })
        ).body;
        assert.equal(made.info, MADE, JSON.stringify(made));
      });
    }

    test('statusResponse is in perform replies only for a merchant set with --p2p-status-response true', async () => {
      const plain = await createP2pMerchant(gh, { authenticates: true });
      const shown = await createP2pMerchant(gh, { authenticates: true });
      assert.equal((await gh.gatehouse.admin.show(plain.login)).p2pStatusResponse, false, 'off by default');
      await runCli(gh, ['merchant', 'set', '--login', shown.login, '--p2p-status-response', 'true']);
      const show = await runCli(gh, ['merchant', 'show', '--login', shown.login]);
      assert.match(show.stdout, /^p2pStatusResponse: true$/m);
      const asJson = await runCli(gh, ['merchant', 'show', '--login', plain.login, '--json']);
      assert.equal((JSON.parse(asJson.stdout) as Body).p2pStatusResponse, false);

      /** Every perform reply of a made transfer, for one merchant. */
      const performReplies = async (shop: P2pMerchant): Promise<[string, Body][]> => {
        const cards = { fromCard: CARD(NOT_ENROLLED), toCard: { pan: '5555555555554444' } };
        const byCard = (await shop.call('performP2P.do', { orderId: await registerTransfer(shop), ...cards }))
          .body;
        const byBinding = (
          await shop.call('performP2PByBinding.do', { orderId: await registerTransfer(shop), ...cards })
        ).body;
        const instant = (
          await shop.call('instantPerformP2P.do', {
            orderNumber: orderNumber('inst'),
            amount: 5000,
            currency: '978',
            returnUrl: 'https://shop.example/done',
            ...cards,
          })
        ).body;
        // p2p-api.md: a success without 3-D Secure names where the customer goes now.
        assert.equal(
          instant.redirect,
          `https://shop.example/done?orderId=${String(instant.orderId)}&lang=en`,
        );
        // 3-D Secure 2, frictionless: the repeated perform makes the transfer, finishThreeDsVer2.do reads it.
        const secured = {
          orderId: await registerTransfer(shop),
          fromCard: CARD('4111111111111111'),
          toCard: { pan: '5555555555554444' },
        };
        const method = (await shop.call('performP2P.do', secured)).body;
        assert.equal(method.is3DSVer2, true, JSON.stringify(method));
        const threeDSServerTransId = String(method.threeDSServerTransId);
        const repeated = (await shop.call('performP2P.do', { ...secured, threeDSServerTransId })).body;
        const finished = (
          await shop.call('finishThreeDsVer2.do', { threeDSServerTransId, orderId: secured.orderId })
        ).body;
        return [
          ['performP2P.do', byCard],
          ['performP2PByBinding.do', byBinding],
          ['instantPerformP2P.do', instant],
          ['performP2P.do after 3-D Secure', repeated],
          ['finishThreeDsVer2.do', finished],
        ];
      };

      for (const [operation, reply] of await performReplies(plain)) {
        assert.equal(reply.info, MADE, `${operation}: ${JSON.stringify(reply)}`);
        assert.ok(!('statusResponse' in reply), `${operation} without the setting: ${JSON.stringify(reply)}`);
      }
      for (const [operation, reply] of await performReplies(shown)) {
        assert.equal(reply.info, MADE, `${operation}: ${JSON.stringify(reply)}`);
        const status = reply.statusResponse as Body | undefined;
        assert.equal(status?.orderStatus, 2, `${operation} with the setting: ${JSON.stringify(reply)}`);
        assert.equal(status.panMaskedTo, '555555**4444');
      }

      await gh.gatehouse.admin.set(shown.login, { p2pStatusResponse: false });
      const off = (
        await shown.call('performP2P.do', {
          orderId: await registerTransfer(shown),
          fromCard: CARD(NOT_ENROLLED),
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(off.info, MADE);
      assert.ok(!('statusResponse' in off), 'set back to false, it is left out again');
    });

    test('the wallet status block carries payerData even when the payment named no email or phone', async () => {
      const wallet = await walletB();
      const paid = await wallet.pay(walletCard('5555555555554444', 'CRYPTOGRAM_3DS'));
      const declined = await wallet.pay(walletCard('4000000000000002', 'CRYPTOGRAM_3DS'));
      const unpaid = await wallet.pay(walletCard('4111111111111111', 'PAN_ONLY'));
      for (const [what, answer, orderStatus] of [
        ['paid', paid, 2],
        ['declined', declined, 6],
        ['awaiting 3-D Secure', unpaid, 0],
      ] as const) {
        assert.equal(answer.body.success, true, answer.text);
        const block = answer.body.orderStatus as Body;
        assert.equal(block.orderStatus, orderStatus, `${what}: ${answer.text}`);
        assert.equal(typeof block.payerData, 'object', `${what}: payerData in ${answer.text}`);
        assert.notEqual(block.payerData, null);
        assert.ok(!Array.isArray(block.payerData));
      }
    });

    test('no answer sends "" for a member the spec types with a minimum length of 1', async () => {
      const answers: { label: string; kind: AnswerKind; body: Body }[] = [];
      const keep = (label: string, path: string, response: ApiResponse): Body => {
        const kind = answerKindOf(path);
        assert.ok(kind !== undefined, path);
        assert.equal(response.status, 200, `${label}: ${response.text}`);
        answers.push({ label, kind, body: response.body });
        return response.body;
      };

      // REST: instantPayment.do paid, declined and awaiting 3-D Secure; a registered order; each order's status.
      const restShop = (await gh.createMerchant()).auth;
      const secureShop = (await gh.createMerchant({ authenticates: true })).auth;
      const instant = async (label: string, auth: RestAuth, pan: string) =>
        keep(
          label,
          `${REST}/instantPayment.do`,
          await rest(auth, 'instantPayment.do', {
            amount: 1500,
            pan,
            expiry: '203412',
            cvc: '123',
            returnUrl: 'https://shop.example/ok',
            orderNumber: orderNumber('rest'),
          }),
        );
      const restOrders: [string, RestAuth, string][] = [
        [
          'paid',
          restShop,
          String((await instant('instantPayment.do paid', restShop, '4111111111111111')).orderId),
        ],
        [
          'declined',
          restShop,
          String((await instant('instantPayment.do declined', restShop, '4000000000000002')).orderId),
        ],
        [
          'awaiting 3-D Secure',
          secureShop,
          String((await instant('instantPayment.do 3DS Method', secureShop, '4111111111111111')).orderId),
        ],
      ];
      const registered = await rest(restShop, 'register.do', {
        amount: 900,
        orderNumber: orderNumber('reg'),
        returnUrl: 'https://shop.example/ok',
      });
      restOrders.push(['registered', restShop, String(registered.body.orderId)]);
      for (const [what, auth, orderId] of restOrders) {
        for (const operation of ['getOrderStatus.do', 'getOrderStatusExtended.do']) {
          const path = `${REST}/${operation}`;
          keep(`${operation} ${what}`, path, await rest(auth, operation, { orderId }));
        }
      }

      // Wallet B: paid, declined, and awaiting 3-D Secure (a PAN_ONLY token on a merchant that authenticates).
      const wallet = await walletB();
      keep('wallet paid', WALLET_B, await wallet.pay(walletCard('5555555555554444', 'CRYPTOGRAM_3DS')));
      keep('wallet declined', WALLET_B, await wallet.pay(walletCard('4000000000000002', 'CRYPTOGRAM_3DS')));
      keep('wallet 3DS Method', WALLET_B, await wallet.pay(walletCard('4111111111111111', 'PAN_ONLY')));

      // P2P, statusResponse on: made, declined debit, refused credit (reversed), an OCT, awaiting 3-D Secure, registered.
      const shop = await createP2pMerchant(gh, {
        authenticates: true,
        permissions: ['oct'],
        p2pFee: 'fixed=30',
      });
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
      const p2p = async (label: string, operation: string, params: Body): Promise<Body> =>
        keep(label, `/payment/rest/api/p2p/${operation}`, await shop.call(operation, params));
      const perform = async (label: string, from: string, to: string): Promise<string> => {
        const orderId = await registerTransfer(shop, {
          orderDescription: 'Rent',
          params: [{ name: 'purpose', value: 'rent' }],
        });
        await p2p(label, 'performP2P.do', { orderId, fromCard: CARD(from), toCard: { pan: to } });
        return orderId;
      };
      const transfers: [string, string][] = [
        ['made', await perform('performP2P.do made', NOT_ENROLLED, '5555555555554444')],
        ['declined debit', await perform('performP2P.do declined', '4000000000000002', '5555555555554444')],
        ['refused credit', await perform('performP2P.do refused credit', NOT_ENROLLED, '4000000000009987')],
        [
          'awaiting 3-D Secure',
          await perform('performP2P.do 3DS Method', '4111111111111111', '5555555555554444'),
        ],
        ['registered', await registerTransfer(shop)],
      ];
      const oct = await registerTransfer(shop, {
        features: { feature: ['WITHOUT_FROM_CARD'] },
        transactionTypeIndicator: 'D',
      });
      const credited = await p2p('performP2P.do OCT', 'performP2P.do', {
        orderId: oct,
        billingPayerData: { payerAccount: 'ACC-2', payerAccountNumberType: 'IBAN' },
        toCard: { pan: '5555555555554444' },
      });
      assert.equal(credited.info, MADE, JSON.stringify(credited));
      transfers.push(['OCT', oct]);
      for (const [what, orderId] of transfers) {
        for (const version of STATUS_VERSIONS) {
          await p2p(`getP2PStatus.do ${what} version ${version ?? 'latest'}`, 'getP2PStatus.do', {
            orderId,
            ...(version === undefined ? {} : { version }),
          });
        }
      }

      for (const { label, body } of answers) {
        const answered = body.errorCode === '0' || body.ErrorCode === '0' || body.success === true;
        assert.ok(answered, `${label} was answered: ${JSON.stringify(body)}`);
      }
      const found = answers.flatMap(({ label, kind, body }) =>
        emptyMembersOf(body, kind).map((path) => `${label}: ${path}`),
      );
      assert.deepEqual(found, [], 'members sent as "" that the spec types with a minimum length of 1');
    });
  });
}

test('emptyMembersOf reports "" only where the spec types a minimum length of 1 or more', () => {
  assert.equal(minimumLength('String [1..26]'), 1);
  assert.equal(minimumLength('String [6]'), 6);
  assert.equal(minimumLength('String [0..255]'), 0);
  assert.equal(minimumLength('String'), 0);
  const status = {
    errorCode: '0',
    orderDescription: '',
    rrn: '',
    orderParams: { note: '' },
    operationList: [{ resultCodeDescription: 'Approved', maskedPan: '' }, { resultCodeDescription: '' }],
  };
  assert.deepEqual(emptyMembersOf(status, 'p2pStatus'), [
    'orderDescription',
    'operationList[0].maskedPan',
    'operationList[1].resultCodeDescription',
  ]);
  assert.deepEqual(emptyMembersOf({ statusResponse: status, info: '' }, 'p2pPerform'), [
    'statusResponse.orderDescription',
    'statusResponse.operationList[0].maskedPan',
    'statusResponse.operationList[1].resultCodeDescription',
  ]);
  const wallet = {
    success: true,
    orderStatus: { actionCodeDescription: '', cardAuthInfo: { cardholderName: '' } },
  };
  assert.deepEqual(emptyMembersOf(wallet, 'walletPayment'), [
    'orderStatus.actionCodeDescription',
    'orderStatus.cardAuthInfo.cardholderName',
  ]);
  assert.deepEqual(emptyMembersOf({ orderStatus: { cardholderName: '', Pan: '' } }, 'instantPayment'), [
    'orderStatus.cardholderName',
    'orderStatus.Pan',
  ]);
  assert.equal(answerKindOf('/payment/rest/api/p2p/getP2PStatus.do'), 'p2pStatus');
  assert.equal(answerKindOf('/payment/rest/api/p2p/finishThreeDsVer2.do'), 'p2pPerform');
  assert.equal(answerKindOf('/payment/google/payment.do'), 'walletPayment');
  assert.equal(answerKindOf('/payment/rest/getOrderStatus.do'), 'restOrderStatus');
  assert.equal(answerKindOf('/payment/rest/register.do'), undefined);
});
