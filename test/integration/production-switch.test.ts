import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { assertRefusal } from '../support/refusals.js';
import { walletServices } from '../support/wallet-services.js';

const REST = '/payment/rest';
const PRODUCTION = { GATEHOUSE_ENV: 'production' } as const;

for (const engine of ENGINES) {
  describe(`${engine}: the production switch and where callbacks may go (issue 25)`, () => {
    let sandbox: TestGatehouse;
    let production: TestGatehouse | undefined;
    let listener: Awaited<ReturnType<typeof listenForCallbacks>>;
    /** A payment made in the sandbox whose callback, to a local receiver, is still queued. */
    let queuedOrderId: string;

    before(async () => {
      listener = await listenForCallbacks();
      sandbox = await startTestGatehouse(engine);
      const shop = await sandbox.createMerchant({ callbackUrl: listener.url });
      const paid = await sandbox.post(`${REST}/instantPayment.do`, {
        ...shop.auth,
        orderNumber: `prod-${randomBytes(4).toString('hex')}`,
        amount: 900,
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
      });
      queuedOrderId = String(paid.body.orderId);
      assert.equal(paid.body.errorCode, '0', paid.text);
    });
    after(async () => {
      await production?.gatehouse.close();
      await sandbox.close();
      listener.server.close();
    });

    test('production refuses to start while the sandbox wallet vendors are trusted, and starts once they are removed', async () => {
      await assert.rejects(
        startTestGatehouse(engine, { sameDatabaseAs: sandbox, env: PRODUCTION }),
        /GATEHOUSE_ENV=production: \d+ trust anchor\(s\) of the sandbox wallet vendors .*gatehouse wallet sandbox remove/,
      );
      const { removed } = await walletServices(sandbox).trust.removeSandbox();
      assert.ok(removed >= 2, 'the sandbox roots of wallets A and B');
      production = await startTestGatehouse(engine, { sameDatabaseAs: sandbox, env: PRODUCTION });
      assert.equal(production.gatehouse.config.sandboxWallets, false);
    });

    test('production: a merchant callback address must be https and public', async () => {
      assert.ok(production !== undefined);
      const admin = production.gatehouse.admin;
      await assert.rejects(
        admin.create({ login: `p${randomBytes(4).toString('hex')}`, callbackUrl: 'http://shop.example/cb' }),
        /must use https/,
      );
      for (const callbackUrl of [
        'https://127.0.0.1:8443/cb',
        'https://10.1.2.3/cb',
        'https://169.254.169.254/x',
      ]) {
        await assert.rejects(
          admin.create({ login: `p${randomBytes(4).toString('hex')}`, callbackUrl }),
          /must not point to a loopback, private, link-local or reserved address/,
          callbackUrl,
        );
      }
      const shop = await production.createMerchant({ callbackUrl: 'https://shop.example/callbacks' });
      await assert.rejects(
        admin.set(shop.merchantLogin, { callbackUrl: 'https://[::1]/cb' }),
        /must not point/,
      );
      const register = (dynamicCallbackUrl: string) =>
        production?.post(`${REST}/register.do`, {
          ...shop.auth,
          orderNumber: `dyn-${randomBytes(4).toString('hex')}`,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
          dynamicCallbackUrl,
        });
      const metadata = await register('https://169.254.169.254/latest/meta-data');
      assert.ok(metadata !== undefined);
      assertRefusal(metadata, {
        errorCode: '5',
        key: 'PARAM_INVALID',
        message: /dynamicCallbackUrl.*https address on the public internet/,
      });
      const plain = await register('http://shop.example/cb');
      assert.ok(plain !== undefined);
      assertRefusal(plain, { errorCode: '5', key: 'PARAM_INVALID' });
      const accepted = await register('https://shop.example/orders/1/callback');
      assert.equal(typeof accepted?.body.orderId, 'string', accepted?.text);
    });

    test('production: no sandbox directory, so 3-D Secure in apps is refused before any order exists', async () => {
      assert.ok(production !== undefined);
      const shop = await production.createMerchant({ authenticates: true });
      const orderNumber = `sdk-${randomBytes(4).toString('hex')}`;
      const answer = await production.post(`${REST}/instantPayment.do`, {
        ...shop.auth,
        orderNumber,
        amount: 100,
        pan: '5555555555555599',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        threeDSSDK: true,
      });
      assertRefusal(answer, { errorCode: '5', key: 'FEATURE_NOT_ENABLED', message: /threeDSSDK/ });
      const lookup = await production.post(`${REST}/getOrderStatusExtended.do`, {
        ...shop.auth,
        orderNumber,
      });
      assert.equal(lookup.body.errorCode, '6');
      assert.equal((await fetch(`${production.baseUrl}/acs/app/directory`)).status, 404);
    });

    test('production: a callback queued for a private address is ended without being sent', async () => {
      assert.ok(production !== undefined);
      await production.gatehouse.jobs.runAll();
      const row = await production.gatehouse.store.db
        .selectFrom('callbacks')
        .select(['state', 'attempts', 'last_error'])
        .where('order_id', '=', queuedOrderId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, {
        state: 'dead',
        attempts: 1,
        last_error: 'not sent: callback addresses must use https',
      });
      assert.equal(listener.received.length, 0, 'nothing reached the private receiver');
    });
  });
}
