import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startShop, skipUnlessChromium } from '../support/browser.js';
import { DCC_CARDS, dccRatesFile } from '../support/dcc.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const STATUS = '/payment/rest/getOrderStatusExtended.do';

for (const engine of ENGINES) {
  describe(`${engine}: DCC on the payment page (scenario 1)`, { skip: skipUnlessChromium() }, () => {
    let gh: TestGatehouse;
    let browser: Browser;
    let shop: Awaited<ReturnType<typeof startShop>>;
    let shopUrl: string;
    let auth: { userName: string; password: string };

    before(async () => {
      shop = await startShop();
      shopUrl = shop.url;
      [gh, browser] = await Promise.all([
        startTestGatehouse(engine, { reachable: true, env: { GATEHOUSE_DCC_RATES_FILE: dccRatesFile() } }),
        launchBrowser(),
      ]);
      auth = (await gh.createMerchant({ permissions: ['dcc'] })).auth;
    });
    after(async () => {
      await browser.close();
      await gh.close();
      await shop.close();
    });

    const register = async (orderNumber: string) => {
      const answer = await gh.post('/payment/rest/register.do', {
        ...auth,
        amount: 10000,
        currency: '978',
        orderNumber: `${engine}-${orderNumber}`,
        returnUrl: `${shopUrl}/ok`,
        language: 'en',
      });
      return { orderId: String(answer.body.orderId), formUrl: String(answer.body.formUrl) };
    };

    async function fillCard(page: Page, pan: string) {
      await page.fill('#pan', pan);
      await page.fill('#expiry', '12/34');
      await page.fill('#cvc', '123');
      await page.fill('#cardholderName', 'Jane Doe');
    }

    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;

    test('a US card is offered both amounts, neither chosen; paying in dollars converts the order', async () => {
      const page = await browser.newPage();
      try {
        const order = await register('usd');
        await page.goto(order.formUrl);
        assert.ok(await page.locator('#dcc-choice').isHidden(), 'no offer before the card is known');
        await fillCard(page, DCC_CARDS.usd);
        await page.locator('#dcc-choice').waitFor({ state: 'visible' });
        assert.equal(await page.locator('input[name=dccChoice]:checked').count(), 0, 'nothing pre-selected');
        assert.match(await page.locator('#dcc-original').innerText(), /€100\.00/);
        assert.match(await page.locator('#dcc-dcc').innerText(), /\$112\.11/);
        assert.match(await page.locator('#dcc-rate').innerText(), /1 EUR = 1\.121112 USD.*3\.5 %.*1\.0832/);
        await page.click('#pay-button');
        assert.match(await page.locator('#dccChoice-error').innerText(), /Choose the currency/);
        assert.equal(new URL(page.url()).pathname.endsWith('.html'), true, 'no submit without a choice');
        await screenshot(page, `${engine}-dcc-offer`);
        await page.check('input[name=dccChoice][value=dcc]');
        await page.click('#pay-button');
        await page.waitForURL((url) => url.origin === shopUrl);
        const body = await status(order.orderId);
        assert.equal(body.orderStatus, 2);
        assert.equal(body.amount, 10000);
        const dcc = body.dccData as Record<string, unknown>;
        assert.equal(dcc.dccCurrencyCodeAlpha, 'USD');
        assert.equal(dcc.dccAmount, '11211');
        assert.equal((body.paymentAmountInfo as Record<string, unknown>).dccDepositedAmount, 11211);
      } finally {
        await page.close();
      }
    });

    test('the same offer declined: the order is paid in euro, without conversion', async () => {
      const page = await browser.newPage();
      try {
        const order = await register('eur-choice');
        await page.goto(order.formUrl);
        await fillCard(page, DCC_CARDS.jpy);
        await page.locator('#dcc-choice').waitFor({ state: 'visible' });
        assert.match(await page.locator('#dcc-dcc').innerText(), /¥16,567/);
        await page.check('input[name=dccChoice][value=original]');
        await page.click('#pay-button');
        await page.waitForURL((url) => url.origin === shopUrl);
        const body = await status(order.orderId);
        assert.equal(body.orderStatus, 2);
        assert.equal(body.dccData, undefined);
        assert.equal((body.paymentAmountInfo as Record<string, unknown>).dccDepositedAmount, undefined);
      } finally {
        await page.close();
      }
    });

    test('a euro card is never offered DCC; without script the server still asks for the choice', async () => {
      const page = await browser.newPage();
      try {
        const order = await register('euro-card');
        await page.goto(order.formUrl);
        await fillCard(page, DCC_CARDS.eur);
        await page.waitForTimeout(300);
        assert.ok(await page.locator('#dcc-choice').isHidden());
        await page.click('#pay-button');
        await page.waitForURL((url) => url.origin === shopUrl);
        assert.equal((await status(order.orderId)).dccData, undefined);
      } finally {
        await page.close();
      }
      const scriptless = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page2 = await scriptless.newPage();
        const order = await register('no-script');
        await page2.goto(order.formUrl);
        await fillCard(page2, DCC_CARDS.usd);
        await page2.click('#pay-button');
        await page2.locator('#dcc-choice').waitFor({ state: 'visible' });
        assert.equal(await page2.locator('input[name=dccChoice]:checked').count(), 0);
        assert.equal((await status(order.orderId)).orderStatus, 0, 'nothing paid before the choice');
        await page2.fill('#cvc', '123');
        await page2.check('input[name=dccChoice][value=dcc]');
        await page2.click('#pay-button');
        await page2.waitForURL((url) => url.origin === shopUrl);
        assert.equal(((await status(order.orderId)).dccData as Record<string, unknown>).dccAmount, '11211');
      } finally {
        await scriptless.close();
      }
    });
  });
}
