import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, offlineContext, screenshot, skipUnlessChromium } from '../support/browser.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

// The page's engine does not matter: one engine keeps the browser suite lean.
describe('the API reference page (GET /docs, issue 26)', { skip: skipUnlessChromium() }, () => {
  let gh: TestGatehouse;
  let browser: Browser;
  let auth: { userName: string; password: string };

  before(async () => {
    [gh, browser] = await Promise.all([startTestGatehouse('sqlite', { reachable: true }), launchBrowser()]);
    auth = (await gh.createMerchant()).auth;
  });
  after(async () => {
    await browser.close();
    await gh.close();
  });

  test('GET /openapi.json serves docs/openapi.json', async () => {
    const served = await fetch(`${gh.baseUrl}/openapi.json`);
    assert.equal(served.status, 200);
    assert.match(String(served.headers.get('content-type')), /^application\/json/);
    assert.equal(
      await served.text(),
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
  });

  test('renders the document offline, lists register.do, and "Try it out" registers an order', async () => {
    // Offline: any request that leaves the gateway fails the test.
    const { context, foreign } = await offlineContext(browser, gh.baseUrl);
    const page = await context.newPage();
    await page.goto(`${gh.baseUrl}/docs`);
    const register = page.locator('#operations-Orders_and_payments-restRegister');
    await register.waitFor({ timeout: 30_000 });
    assert.match(
      (await register.locator('.opblock-summary').first().textContent()) ?? '',
      /\/payment\/rest\/register\.do/,
    );
    assert.ok(await page.locator('#operations-Card-to-card_transfers-restApiP2pPerformP2P').isVisible());
    await register.locator('.opblock-summary').first().click();
    const orderNumber = `docs-${randomBytes(4).toString('hex')}`;
    const fill = (name: string, value: string) =>
      register.locator(`tr[data-property-name="${name}"] input[type="text"]`).fill(value);
    await fill('userName', auth.userName);
    await fill('password', auth.password);
    await fill('orderNumber', orderNumber);
    await fill('amount', '1234');
    await fill('returnUrl', 'https://shop.example/ok');
    await register.getByRole('button', { name: 'Execute' }).click();
    const body = register.locator('.live-responses-table .response-col_description pre').first();
    await body.waitFor({ timeout: 15_000 });
    const answer = JSON.parse((await body.textContent()) ?? '{}') as Record<string, unknown>;
    assert.equal(typeof answer.orderId, 'string', JSON.stringify(answer));
    const status = await gh.post('/payment/rest/getOrderStatusExtended.do', { ...auth, orderNumber });
    assert.equal(status.body.amount, 1234, 'the order the page registered is in the gateway');
    assert.deepEqual(foreign, [], 'the page loads nothing from elsewhere');
    await register.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-reference-page');
    await context.close();
  });
});
