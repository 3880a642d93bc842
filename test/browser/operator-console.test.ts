import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  collectPages,
  consoleLogin,
  launchBrowser,
  offlineContext,
  screenshot,
  skipUnlessChromium,
} from '../support/browser.js';
import { cardDataIn } from '../support/card-data.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { killCallback, strandStep } from '../support/console-fixtures.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';

interface PhoneLayout {
  readonly scroll: number;
  readonly client: number;
  readonly values: number;
  readonly narrow: string[];
}

/**
 * Run in the page: the document's widths, and each visible value (a cell, a term, a description,
 * a paragraph, a heading)
 * with a word wider than the room it has, measured in the value's own font. A card number or an
 * id broken every few characters shows up here. A fingerprint (class "long") breaks by design.
 */
const PHONE_LAYOUT = `(() => {
  const root = document.documentElement;
  const measure = document.createElement('canvas').getContext('2d');
  const narrow = [];
  let values = 0;
  for (const element of document.querySelectorAll('main dd, main dt, main td, main th, main p, main h1')) {
    if (element.getClientRects().length === 0 || element.classList.contains('long')) continue;
    values += 1;
    const style = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    measure.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
    for (const word of (element.textContent || '').split(/\\s+/)) {
      const width = measure.measureText(word).width;
      if (word !== '' && width > room + 1) narrow.push(element.tagName + ' "' + word + '": ' + Math.round(width) + ' px in ' + Math.round(room) + ' px');
    }
  }
  return { scroll: root.scrollWidth, client: root.clientWidth, values, narrow };
})()`;

for (const engine of ENGINES) {
  describe(`${engine}: the operator console in Chromium (issue 27)`, { skip: skipUnlessChromium() }, () => {
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

      const { context, foreign } = await offlineContext(browser, gh.baseUrl);
      const page = await context.newPage();
      const pages = collectPages(page);

      await page.goto(`${gh.baseUrl}/console`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('wrong password!');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').waitFor();
      assert.match((await page.getByRole('alert').textContent()) ?? '', /do not match/);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Orders' }).waitFor();

      await page.getByLabel('Search orders').fill('4444');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
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
      assert.match((await page.locator('ol.timeline').textContent()) ?? '', /Refunded 12\.00/);

      await page.getByRole('link', { name: 'Audit' }).click();
      assert.match(
        (await page.locator('tbody').textContent()) ?? '',
        new RegExp(`${email}.*refund.*12\\.00.*Done`, 's'),
      );
      const status = await gh.post('/payment/rest/getOrderStatusExtended.do', { ...shop.auth, orderId });
      assert.equal((status.body.paymentAmountInfo as { refundedAmount: number }).refundedAmount, 1200);

      assert.deepEqual(foreign, [], 'the console works offline');
      assert.ok(pages.length >= 4);
      assert.deepEqual(cardDataIn(pages.join('\n')), [], 'no full card number on any page');
      await context.close();
    });

    /** A logged-in page of a new operator with `role`, limited to `merchants` when given. */
    async function signedIn(role: string, merchants: string[] = []): Promise<Page> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants, password: PASSWORD });
      const page = await (await browser.newContext()).newPage();
      await consoleLogin(page, gh.baseUrl, email, PASSWORD);
      return page;
    }
    async function paidOrder(auth: { userName: string; password: string }): Promise<string> {
      const paid = await gh.post('/payment/rest/instantPayment.do', {
        ...auth,
        amount: 1000,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `ui-${randomBytes(4).toString('hex')}`,
      });
      return String(paid.body.orderId);
    }

    test('throttled after repeated failures; a limited operator cannot reach another merchant’s order; a viewer cannot act; a forged form is refused', async () => {
      const email = `locked-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({
        email,
        role: 'admin',
        merchants: [],
        password: PASSWORD,
      });
      const login = await (await browser.newContext()).newPage();
      await login.goto(`${gh.baseUrl}/console/login`);
      // The lock lasts a second or two: on a loaded machine the browser's next try could outlive it.
      gh.clock.hold();
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await login.getByLabel('Email').fill(email);
        await login.getByLabel('Password').fill(`wrong ${attempt}`);
        await login.getByRole('button', { name: 'Log in' }).click();
        await login.getByRole('alert').waitFor();
      }
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Log in' }).click();
      assert.match((await login.getByRole('alert').textContent()) ?? '', /Too many failed logins/);
      gh.clock.release();

      const shopX = await gh.createMerchant();
      const shopY = await gh.createMerchant();
      const mine = await paidOrder(shopX.auth);
      const theirs = await paidOrder(shopY.auth);
      const limited = await signedIn('support', [shopX.merchantLogin]);
      const listed = (await limited.locator('main').textContent()) ?? '';
      assert.ok(!(await limited.locator(`a[href="/console/orders/${theirs}"]`).count()), 'not listed');
      assert.ok(listed.length > 0);
      assert.equal(await limited.locator(`a[href="/console/orders/${mine}"]`).count(), 1);
      const guessed = await limited.goto(`${gh.baseUrl}/console/orders/${theirs}`);
      assert.equal(guessed?.status(), 404);
      assert.match((await limited.getByRole('alert').textContent()) ?? '', /no such order/);

      const viewer = await signedIn('viewer');
      await viewer.goto(`${gh.baseUrl}/console/orders/${mine}`);
      assert.equal(await viewer.getByRole('button', { name: 'Refund…' }).count(), 0);
      const confirm = await viewer.goto(
        `${gh.baseUrl}/console/orders/${mine}/confirm?action=refund&amount=1.00`,
      );
      assert.equal(confirm?.status(), 403);
      assert.equal(await viewer.getByRole('button', { name: 'Confirm' }).count(), 0);
      assert.match((await viewer.getByRole('alert').textContent()) ?? '', /role does not allow/);

      const support = await signedIn('support');
      await support.goto(`${gh.baseUrl}/console/orders/${mine}/confirm?action=refund&amount=1.00`);
      await support.locator('main input[name="csrf"]').evaluate((input) => {
        (input as unknown as { value: string }).value = 'forged';
      });
      await support.getByRole('button', { name: 'Confirm' }).click();
      assert.match((await support.getByRole('alert').textContent()) ?? '', /did not come from the console/);
      const status = await gh.post('/payment/rest/getOrderStatusExtended.do', {
        ...shopX.auth,
        orderId: mine,
      });
      assert.equal((status.body.paymentAmountInfo as { refundedAmount: number }).refundedAmount, 0);
    });

    test('a dead callback is replayed and delivered; a step that needs attention is resolved with a note', async () => {
      const endpoint = await listenForCallbacks();
      try {
        const shop = await gh.createMerchant({ callbackUrl: endpoint.url, callbackKey: 'ui-key' });
        const orderId = await paidOrder(shop.auth);
        const db = gh.gatehouse.store.db;
        await killCallback(db, orderId);
        await strandStep(db, orderId);
        const support = await signedIn('support');
        await support.goto(`${gh.baseUrl}/console/orders/${orderId}`);
        await support.getByRole('link', { name: 'Send again…' }).click();
        await support.getByRole('button', { name: 'Confirm' }).click();
        await support.getByRole('status').waitFor();
        await gh.gatehouse.jobs.runAll();
        assert.ok(
          endpoint.received.some((params) => params.mdOrder === orderId && params.operation === 'deposited'),
        );
        await support.getByRole('link', { name: 'Resolve…' }).click();
        await support.getByLabel('What was done').fill('refunded by hand at the acquirer');
        await support.getByRole('button', { name: 'Confirm' }).click();
        await support.getByRole('status').waitFor();
        assert.match((await support.locator('main').textContent()) ?? '', /refunded by hand at the acquirer/);
        assert.equal(await support.getByRole('link', { name: 'Resolve…' }).count(), 0);
      } finally {
        await new Promise((resolve) => endpoint.server.close(resolve));
      }
    });

    test('at 390 px every console page fits: nothing scrolls sideways, no value is narrower than its words', async () => {
      const shop = await gh.createMerchant();
      const orderId = await paidOrder(shop.auth);
      const page = await signedIn('admin');
      await page.setViewportSize({ width: 390, height: 844 });
      // An action first, so that the audit and the story have a row of each kind to lay out.
      await page.goto(`${gh.baseUrl}/console/orders/${orderId}`);
      await page.getByLabel('Refund amount').fill('1.00');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').waitFor();
      const login = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      const visits: [Page, string][] = [
        [login, '/console/login'],
        [page, '/console/overview'],
        [page, '/console/orders'],
        [page, `/console/orders/${orderId}`],
        [page, `/console/orders/${orderId}/confirm?action=refund&whole=yes`],
        [page, '/console/audit'],
        [page, '/console/merchants'],
        [page, `/console/merchants/${shop.merchantLogin}`],
        [page, '/console/sandbox'],
      ];
      for (const [tab, path] of visits) {
        await tab.goto(`${gh.baseUrl}${path}`);
        const layout = await tab.evaluate<PhoneLayout>(PHONE_LAYOUT);
        assert.ok(layout.scroll <= layout.client + 1, `${path}: ${layout.scroll} > ${layout.client}`);
        if (tab === page) assert.ok(layout.values > 0, `${path}: values were measured`);
        assert.deepEqual(layout.narrow, [], `${path}: values narrower than their words`);
      }
      const caption = page.locator('caption.visually-hidden');
      await page.goto(`${gh.baseUrl}/console/orders`);
      assert.ok(((await caption.boundingBox())?.width ?? 0) <= 1, 'the caption is for screen readers only');
      if (engine === 'sqlite') {
        await page.goto(`${gh.baseUrl}/console/orders/${orderId}`);
        await screenshot(page, 'console-phone-order');
      }
    });
  });
}
