import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { cardDataIn } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

for (const engine of ENGINES) {
  describe(`${engine}: the operator console in Chromium (issue 27)`, () => {
    let gh: TestGatehouse;
    let browser: Browser;

    before(async () => {
      [gh, browser] = await Promise.all([startTestGatehouse(engine, { reachable: true }), launchBrowser()]);
    });
    after(async () => {
      await browser.close();
      await gh.close();
    });

    test('log in (and fail to), find an order by its last four digits, refund part of it, see it in the story and the audit', async () => {
      const shop = await gh.createMerchant();
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...shop.auth,
        amount: 4200,
        pan: '5555555555554444',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `ui-${randomBytes(4).toString('hex')}`,
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      const orderId = String(paid.body.orderId);
      const email = `support-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({
        email,
        role: 'support',
        merchants: [],
        password: PASSWORD,
      });

      const context = await browser.newContext();
      const foreign: string[] = [];
      await context.route('**/*', async (route) => {
        if (route.request().url().startsWith(gh.baseUrl)) await route.continue();
        else {
          foreign.push(route.request().url());
          await route.abort();
        }
      });
      const page = await context.newPage();
      const pages: string[] = [];
      page.on(
        'load',
        () =>
          void page.content().then(
            (html) => pages.push(html),
            () => undefined,
          ),
      );

      await page.goto(`${gh.baseUrl}/console`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('wrong password!');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').waitFor();
      assert.match((await page.getByRole('alert').textContent()) ?? '', /do not match/);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Orders' }).waitFor();

      await page.getByLabel('Card last four').fill('4444');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.locator(`a[href="/console/orders/${orderId}"]`).click();
      await page.getByRole('heading', { name: /^Order ui-/ }).waitFor();
      if (engine === 'sqlite') await screenshot(page, 'console-order-story');

      await page.getByLabel('Refund amount').fill('12.00');
      await page.getByRole('button', { name: 'Refund…' }).click();
      assert.match(
        (await page.locator('main p').first().textContent()) ?? '',
        /Send 12\.00 \w+ back to 555555\*\*4444/,
      );
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').waitFor();
      assert.match((await page.getByRole('status').textContent()) ?? '', /Done/);
      assert.match((await page.locator('table').last().textContent()) ?? '', /refund 12\.00/);

      await page.getByRole('link', { name: 'Audit' }).click();
      assert.match(
        (await page.locator('tbody').textContent()) ?? '',
        new RegExp(`${email}.*refund.*12\\.00.*done`, 's'),
      );
      const status = await gh.post('/payment/rest/getOrderStatusExtended.do', { ...shop.auth, orderId });
      assert.equal((status.body.paymentAmountInfo as { refundedAmount: number }).refundedAmount, 1200);

      assert.deepEqual(foreign, [], 'the console works offline');
      assert.ok(pages.length >= 4);
      assert.deepEqual(cardDataIn(pages.join('\n')), [], 'no full card number on any page');
      await context.close();
    });
  });
}
