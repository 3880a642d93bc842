import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startShop, skipUnlessChromium } from '../support/browser.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const STATUS = '/payment/rest/getOrderStatusExtended.do';

for (const engine of ENGINES) {
  describe(
    `${engine}: saving a card on the payment page and paying with it`,
    { skip: skipUnlessChromium() },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let shop: Awaited<ReturnType<typeof startShop>>;
      let shopUrl: string;
      let auth: { userName: string; password: string };

      before(async () => {
        shop = await startShop();
        shopUrl = shop.url;
        [gh, browser] = await Promise.all([startTestGatehouse(engine, { reachable: true }), launchBrowser()]);
        // 3-D Secure on, so the saved card's payment goes through the ACS emulator too.
        auth = (await gh.createMerchant({ authenticates: true, permissions: ['storedCredentials'] })).auth;
      });
      after(async () => {
        await browser.close();
        await gh.close();
        await shop.close();
      });

      const register = async (orderNumber: string) => {
        const answer = await gh.post('/payment/rest/register.do', {
          ...auth,
          amount: 2500,
          currency: '978',
          orderNumber: `${engine}-${orderNumber}`,
          clientId: 'customer-7',
          returnUrl: `${shopUrl}/ok`,
          failUrl: `${shopUrl}/fail`,
        });
        return { orderId: String(answer.body.orderId), formUrl: String(answer.body.formUrl) };
      };

      // Pay, pass the ACS emulator's challenge, and land on the shop's success address.
      const payThroughChallenge = async (page: Page) => {
        await page.click('#pay-button');
        await page.waitForURL(/\/acs\/challenge/);
        await page.fill('#code', '123456');
        await page.click('button[value=submit]');
        await page.waitForURL((url) => url.origin === shopUrl);
        assert.equal(new URL(page.url()).pathname, '/ok');
      };

      test('"remember this card", then the next order offers it and pays with it (CVC only, 3-D Secure challenge)', async () => {
        const context = await browser.newContext({ viewport: { width: 560, height: 820 } });
        try {
          const page = await context.newPage();
          const first = await register('first');
          await page.goto(first.formUrl);
          assert.equal(await page.locator('input[name=savedCard]').count(), 0, 'no saved card yet');
          await page.fill('#pan', '5555555555555599');
          await page.fill('#expiry', '12/34');
          await page.fill('#cvc', '123');
          await page.fill('#cardholderName', 'Jane Doe');
          await page.check('#remember');
          await payThroughChallenge(page);

          const stored = await gh.post('/payment/rest/getBindings.do', { ...auth, clientId: 'customer-7' });
          const bindings = stored.body.bindings as { bindingId: string; maskedPan: string }[];
          assert.equal(bindings.length, 1);
          assert.equal(bindings[0]?.maskedPan, '555555**5599');

          const second = await register('second');
          await page.goto(second.formUrl);
          const saved = page.locator(`input[name=savedCard][value="${bindings[0]?.bindingId ?? ''}"]`);
          assert.ok(await saved.isChecked(), 'the saved card is offered and chosen');
          assert.ok(await page.locator('#new-card').isHidden(), 'only the CVC is asked');
          assert.match(await page.locator('#saved-cards').innerText(), /555555\*\*5599/);
          await screenshot(page, `${engine}-saved-card`);
          await page.fill('#cvc', '123');
          await payThroughChallenge(page);

          const paid = (await gh.post(STATUS, { ...auth, orderId: second.orderId })).body;
          assert.equal(paid.orderStatus, 2);
          assert.equal(paid.paymentWay, 'CARD_BINDING');
          assert.deepEqual(paid.bindingInfo, { clientId: 'customer-7', bindingId: bindings[0]?.bindingId });
          const again = await gh.post('/payment/rest/getBindings.do', { ...auth, clientId: 'customer-7' });
          assert.equal((again.body.bindings as unknown[]).length, 1, 'paying with it stores nothing new');
        } finally {
          await context.close();
        }
      });
    },
  );
}
