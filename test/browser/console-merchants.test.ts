import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import {
  collectPages,
  consoleLogin,
  launchBrowser,
  offlineContext,
  screenshot,
  skipUnlessChromium,
} from '../support/browser.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

for (const engine of ENGINES) {
  describe(
    `${engine}: merchants in the operator console, in Chromium (issue 27, part 4)`,
    { skip: skipUnlessChromium() },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;

      before(async () => {
        [gh, browser, endpoint] = await Promise.all([
          startTestGatehouse(engine, { reachable: true }),
          launchBrowser(),
          listenForCallbacks(),
        ]);
      });
      after(async () => {
        await browser.close();
        await gh.close();
        await new Promise((resolve) => endpoint.server.close(resolve));
      });

      test('open a merchant from the list, issue a token through the confirmation, see it once, then only its id', async () => {
        const shop = await gh.createMerchant({
          login: `shop${randomBytes(3).toString('hex')}`,
          permissions: ['preAuth', 'partialReversal'],
          callbackUrl: endpoint.url,
          callbackKey: 'browser-callback-key',
          p2pFee: 'percent=1.5,fixed=30,min=50',
        });
        await gh.gatehouse.admin.create({
          login: `${shop.merchantLogin}.kids`,
          parentLogin: shop.merchantLogin,
        });
        await gh.gatehouse.admin.credentials.issueToken(shop.merchantLogin);
        const email = `admin-${randomBytes(3).toString('hex')}@ops.example`;
        await gh.gatehouse.operatorConsole.accounts.create({
          email,
          role: 'admin',
          merchants: [],
          password: PASSWORD,
        });

        const { context, foreign } = await offlineContext(browser, gh.baseUrl);
        const page = await context.newPage();
        const pages = collectPages(page);

        await consoleLogin(page, gh.baseUrl, email, PASSWORD);
        await page.getByRole('link', { name: 'Merchants' }).click();
        await page.getByRole('heading', { name: 'Merchants' }).waitFor();
        await page.getByRole('link', { name: shop.merchantLogin, exact: true }).click();
        await page.getByRole('heading', { name: `Merchant ${shop.merchantLogin}` }).waitFor();
        assert.match((await page.locator('#children + p').textContent()) ?? '', /\.kids/);
        if (engine === 'sqlite') await screenshot(page, 'console-merchant');

        await page.getByRole('button', { name: 'Issue token…' }).click();
        await page.getByRole('heading', { name: /^Confirm: Issue token/ }).waitFor();
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('status').waitFor();
        const token = (await page.locator('#secret').textContent()) ?? '';
        assert.match(token, /^[A-Za-z0-9_-]{43}$/);
        const registered = await gh.post('/payment/rest/register.do', {
          token,
          orderNumber: `ui-${randomBytes(4).toString('hex')}`,
          amount: 100,
          returnUrl: 'https://shop.example/ok',
        });
        assert.equal(typeof registered.body.orderId, 'string', registered.text);

        await page.getByRole('link', { name: `Back to ${shop.merchantLogin}` }).click();
        await page.getByRole('heading', { name: 'API tokens' }).waitFor();
        assert.equal(await page.locator('#tokens + table tbody tr').count(), 2);
        assert.deepEqual(foreign, [], 'the console works offline');
        const all = pages.join('\n');
        assert.equal(pages.filter((html) => html.includes(token)).length, 1, 'the token was shown once');
        assert.ok(!all.includes('browser-callback-key') && !all.includes('scrypt$'));
        await context.close();
      });
    },
  );
}
