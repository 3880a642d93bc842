import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { consoleLogin, launchBrowser, screenshot, skipUnlessChromium } from '../support/browser.js';
import { browserGet, onlyForm, submit } from '../support/browser-forms.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { paidOrder } from '../support/console-fixtures.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';
const EMAIL = 'payer.one@example.com';
const PHONE = '+4915112345678';
/** A zone whose offset from UTC is never zero, so the rewritten times must differ from UTC's. */
const ZONE = 'Asia/Kolkata';

// Run in the page: the document is no wider than the window (nothing scrolls sideways).
const FITS = `(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)()`;

for (const engine of ENGINES) {
  describe(
    `${engine}: the console's order page answers what happened to the money (issue 43)`,
    { skip: skipUnlessChromium() },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
      let page: Page;
      let email: string;
      let login: string;
      const orders = { paid: '', challenged: '', declined: '', held: '' };
      let paidNumber = '';

      const open = async (orderId: string) => {
        await page.goto(`${gh.baseUrl}/console/orders/${orderId}`);
        await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
      };
      const sentences = async () => page.locator('ol.timeline .sentence').allTextContents();

      before(async () => {
        [gh, browser, endpoint] = await Promise.all([
          startTestGatehouse(engine, { reachable: true }),
          launchBrowser(),
          listenForCallbacks(),
        ]);
        const shop = await gh.createMerchant({
          authenticates: true,
          permissions: ['preAuth'],
          callbackUrl: endpoint.url,
          callbackKey: 'order-page-key',
        });
        login = shop.merchantLogin;
        // Paid at once after 3-D Secure without a challenge, with the payer's e-mail and phone.
        const extra = { email: EMAIL, phone: PHONE };
        const first = await paidOrder(gh, shop.auth, '4111111111111111', 15000, '978', extra);
        const paid = await paidOrder(gh, shop.auth, '4111111111111111', 15000, '978', {
          ...extra,
          threeDSServerTransId: String(first.threeDSServerTransId),
          threeDSVer2MdOrder: String(first.orderId),
        });
        orders.paid = String(paid.orderId);
        // A challenge the customer passes at the sandbox ACS.
        const asked = await paidOrder(gh, shop.auth, '5555555555555599', 3000);
        const challenged = await paidOrder(gh, shop.auth, '5555555555555599', 3000, '978', {
          threeDSServerTransId: String(asked.threeDSServerTransId),
          threeDSVer2MdOrder: String(asked.orderId),
        });
        orders.challenged = String(challenged.orderId);
        const redirect = await browserGet(
          `${gh.baseUrl}/payment/acsRedirect.do?orderId=${orders.challenged}`,
        );
        const challenge = await submit(onlyForm(redirect.text, gh.baseUrl));
        const answered = await submit(onlyForm(challenge.text, gh.baseUrl), {
          code: '123456',
          action: 'submit',
        });
        await submit(onlyForm(answered.text, gh.baseUrl));
        // Not enrolled: straight to the issuer, who declines for want of funds.
        const declined = await gh.post('/payment/rest/instantPayment.do', {
          ...shop.auth,
          amount: 1500,
          pan: '4000000000009995',
          expiry: '203412',
          cvc: '123',
          returnUrl: 'https://shop.example/ok',
          orderNumber: `op-${randomBytes(4).toString('hex')}`,
        });
        orders.declined = String(declined.body.orderId);
        // Held, then part of it captured through the API.
        const held = await paidOrder(gh, shop.auth, '4444555511113333', 5000, '978', { preAuth: 'true' });
        orders.held = String(held.orderId);
        const captured = await gh.post('/payment/rest/deposit.do', {
          ...shop.auth,
          orderId: orders.held,
          amount: 3000,
        });
        assert.equal(captured.body.errorCode, '0', captured.text);
        await gh.gatehouse.jobs.runAll();
        const row = await gh.gatehouse.store.db
          .selectFrom('orders')
          .select('order_number')
          .where('id', '=', orders.paid)
          .executeTakeFirstOrThrow();
        paidNumber = row.order_number;
        email = `support-${randomBytes(3).toString('hex')}@ops.example`;
        await gh.gatehouse.operatorConsole.accounts.create({
          email,
          role: 'support',
          merchants: [],
          password: PASSWORD,
        });
        page = await (await browser.newContext({ timezoneId: ZONE })).newPage();
        await consoleLogin(page, gh.baseUrl, email, PASSWORD);
      });
      after(async () => {
        await browser.close();
        await gh.close();
        await new Promise((resolve) => endpoint.server.close(resolve));
      });

      test('the header: amount, the list’s badge, merchant, customer, card, created and last change', async () => {
        await page.getByLabel('Search orders').fill(paidNumber);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        const listed = (await page.locator('main tbody .badge').first().textContent())?.trim();
        await open(orders.paid);
        const head = page.locator('section.order-head');
        assert.equal((await head.locator('[data-member="amount"]').textContent())?.trim(), '150.00 EUR');
        const badge = (await head.locator('.badge').textContent())?.trim();
        assert.equal(badge, 'Paid');
        assert.equal(badge, listed, 'the same badge as the list');
        const members = Object.fromEntries(
          await Promise.all(
            (await head.locator('dl.head > div').all()).map(async (member) => [
              (await member.locator('dt').textContent())?.trim(),
              (await member.locator('dd').innerText()).trim(),
            ]),
          ),
        ) as Record<string, string>;
        assert.deepEqual(Object.keys(members), ['Merchant', 'Customer', 'Card', 'Created', 'Last change']);
        assert.equal(members.Merchant, login);
        assert.match(members.Customer ?? '', new RegExp(`${EMAIL.replace('.', '\\.')}\\s+\\${PHONE}`));
        assert.equal(members.Card, 'VISA · 411111**1111 · expires 12/2034');
        assert.equal(await head.locator('time').count(), 2);
        // Each time stays within its member's box: one line, never over its neighbour.
        for (const member of await head.locator('dl.head dd:has(time)').all()) {
          const [room, time] = await Promise.all([
            member.boundingBox(),
            member.locator('time').boundingBox(),
          ]);
          assert.ok(room !== null && time !== null && time.x + time.width <= room.x + room.width + 1);
        }
      });

      test('the story in sentences, oldest first: a paid order, a challenge, a decline, a hold then capture', async () => {
        await open(orders.paid);
        const paid = await sentences();
        const at = (sentence: string) => {
          const index = paid.indexOf(sentence);
          assert.ok(index >= 0, `"${sentence}" in ${JSON.stringify(paid)}`);
          return index;
        };
        const order = [
          'The merchant registered the order for 150.00 EUR',
          '3-D Secure passed without a challenge',
          'The issuer approved 150.00 EUR; the payment is taken',
          'A callback was delivered to the merchant',
        ].map(at);
        assert.deepEqual(
          order,
          [...order].sort((a, b) => a - b),
          'oldest first',
        );
        assert.ok(endpoint.received.some((params) => params.mdOrder === orders.paid));

        await open(orders.challenged);
        const challenged = await sentences();
        assert.ok(challenged.includes('The customer passed a 3-D Secure challenge'), challenged.join(' | '));
        assert.ok(challenged.includes('The issuer approved 30.00 EUR; the payment is taken'));
        assert.ok(!challenged.includes('3-D Secure passed without a challenge'));

        await open(orders.declined);
        assert.equal((await page.locator('section.order-head .badge').textContent())?.trim(), 'Declined');
        assert.ok(
          (await sentences()).includes('The payment of 15.00 EUR was declined: insufficient funds'),
          (await sentences()).join(' | '),
        );

        await open(orders.held);
        const held = await sentences();
        assert.ok(
          held.indexOf('The issuer approved 50.00 EUR; it is held until captured') >= 0,
          held.join(' | '),
        );
        assert.ok(
          held.indexOf('Captured 30.00 EUR') >
            held.indexOf('The issuer approved 50.00 EUR; it is held until captured'),
        );
      });

      test('the engineering detail is one click away', async () => {
        await open(orders.challenged);
        const line = page.locator('ol.timeline li', {
          hasText: 'The customer passed a 3-D Secure challenge',
        });
        const facts = line.locator('details dl');
        assert.equal(await facts.isVisible(), false, 'folded at first');
        await line.locator('summary').click();
        await facts.waitFor({ state: 'visible' });
        const text = await facts.innerText();
        assert.match(text, /ARes status\s+C/);
        assert.match(text, /RReq status\s+Y/);
        assert.match(text, /ECI\s+\d{2}/);
        const approval = await gh.gatehouse.store.db
          .selectFrom('order_operations')
          .select(['id', 'rrn'])
          .where('order_id', '=', orders.challenged)
          .where('kind', '=', 'authorization')
          .executeTakeFirstOrThrow();
        const step = page.locator('ol.timeline li', { hasText: 'The issuer approved 30.00 EUR' });
        await step.locator('summary').click();
        const stepText = await step.locator('details dl').innerText();
        assert.match(stepText, new RegExp(`RRN\\s+${approval.rrn ?? 'none'}`));
        assert.match(stepText, new RegExp(`Operation id\\s+${approval.id}`));
        assert.match(stepText, /Step attempts\s+\d+/);
      });

      test('a partial refund made on the page moves every "up to" and tells the story', async () => {
        await open(orders.paid);
        const refundHeading = page.locator('h3[data-left="refund"]');
        assert.equal((await refundHeading.textContent())?.trim(), 'Refund up to 150.00 EUR');
        await page.getByLabel('Refund amount').fill('20.00');
        await page.getByRole('button', { name: 'Refund…' }).click();
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('status').waitFor();
        assert.equal((await refundHeading.textContent())?.trim(), 'Refund up to 130.00 EUR');
        assert.equal(
          (await page.getByRole('button', { name: /^Refund the whole remaining/ }).textContent())?.trim(),
          'Refund the whole remaining 130.00 EUR…',
        );
        assert.equal(
          (await page.locator('section.order-head .badge').textContent())?.trim(),
          'Partially refunded',
        );
        const told = await sentences();
        assert.ok(told.includes('Refunded 20.00 EUR'), told.join(' | '));
        assert.ok(told.includes(`${email} refunded 20.00 EUR in the console`));
        assert.ok(
          told.indexOf('Refunded 20.00 EUR') >
            told.indexOf('The issuer approved 150.00 EUR; the payment is taken'),
        );

        await open(orders.held);
        assert.equal(await page.locator('h3[data-left="capture"]').count(), 0, 'captured: no capture left');
      });

      test('times read in the browser’s zone with UTC on hover, and in UTC without script', async () => {
        await open(orders.held);
        const created = page.locator('section.order-head time').first();
        await page.locator('section.order-head time[data-local]').first().waitFor();
        const datetime = (await created.getAttribute('datetime')) ?? '';
        const utc = `${datetime.replace('T', ' ').slice(0, 19)} UTC`;
        assert.equal(await created.getAttribute('title'), utc);
        const local = (await created.textContent())?.trim() ?? '';
        const expected = new Intl.DateTimeFormat('en-GB', {
          timeZone: ZONE,
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date(datetime));
        assert.notEqual(local, utc);
        assert.ok(local.includes(expected), `${local} holds ${expected}`);
        const box = await created.boundingBox();
        const line = await page.evaluate<number>(
          `parseFloat(getComputedStyle(document.querySelector('section.order-head time')).lineHeight)`,
        );
        assert.ok(box !== null && box.height < line * 1.5, 'on one line');

        // The same session, without script.
        const plain = await (
          await browser.newContext({
            javaScriptEnabled: false,
            storageState: await page.context().storageState(),
          })
        ).newPage();
        await plain.goto(`${gh.baseUrl}/console/orders/${orders.held}`);
        assert.equal((await plain.locator('section.order-head time').first().textContent())?.trim(), utc);
        await plain.context().close();
      });

      test('at 390 px the page fits, its details open', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        try {
          for (const orderId of [orders.paid, orders.challenged]) {
            await open(orderId);
            await page.evaluate(
              `document.querySelectorAll('ol.timeline details').forEach((d) => { d.open = true; })`,
            );
            assert.equal(await page.evaluate<boolean>(FITS), true, `${orderId} scrolls sideways`);
          }
          if (engine === 'sqlite') await screenshot(page, 'console-order-page-phone');
        } finally {
          await page.setViewportSize({ width: 1280, height: 800 });
        }
        if (engine === 'sqlite') {
          await open(orders.paid);
          await screenshot(page, 'console-order-page');
        }
      });
    },
  );
}
