import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import {
  readCReq,
  readCRes,
  readMethodData,
  readMethodNotification,
} from '../../src/processing/threeds/emv-messages.js';
import { launchBrowser, screenshot, startShop, skipUnlessChromium } from '../support/browser.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const STATUS = '/payment/rest/getOrderStatusExtended.do';
const INSTANT = '/payment/rest/instantPayment.do';
const OTP = '123456';
const AMOUNT = 123456;
/** Long enough for the 3DS Method round trip and a challenge hand-over, short enough to fail fast. */
const LANDING_TIMEOUT_MS = 15_000;

interface Card {
  readonly pan: string;
  readonly expiry?: string;
  readonly cvc?: string;
  readonly cardholderName?: string;
}

for (const engine of ENGINES) {
  describe(`${engine}: the hosted payment page in a real browser`, { skip: skipUnlessChromium() }, () => {
    let gh: TestGatehouse;
    let browser: Browser;
    let shop: { server: Server; url: string };
    let auth: { userName: string; password: string };

    before(async () => {
      [gh, browser, shop] = await Promise.all([
        startTestGatehouse(engine, { reachable: true }),
        launchBrowser(),
        startShop(),
      ]);
      // Authenticates enrolled cards with 3-D Secure, and may hold funds (registerPreAuth.do).
      auth = (await gh.createMerchant({ authenticates: true, permissions: ['preAuth'] })).auth;
    });
    after(async () => {
      await browser.close();
      await gh.close();
      await new Promise((resolve) => shop.server.close(resolve));
    });

    const register = async (
      extra: Record<string, string | number> = {},
      path = '/payment/rest/register.do',
    ) => {
      const answer = await gh.post(path, {
        ...auth,
        amount: AMOUNT,
        currency: '978',
        orderNumber: `browser-${randomBytes(5).toString('hex')}`,
        returnUrl: `${shop.url}/ok`,
        failUrl: `${shop.url}/fail`,
        description: 'Two books',
        ...extra,
      });
      assert.equal(answer.body.errorCode, undefined, answer.text);
      return { orderId: String(answer.body.orderId), formUrl: String(answer.body.formUrl) };
    };
    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;
    const secureAuthInfo = (extended: Record<string, unknown>) =>
      (extended.cardAuthInfo as Record<string, unknown>).secureAuthInfo as Record<string, unknown>;

    /**
     * A fresh context and page for one test, closed when the test ends. Every 3-D Secure message
     * the browser carries (threeDSMethodData both ways, creq, cres) is read with the EMV shape
     * checks, member by member; the test fails if one does not fit.
     */
    const newPage = async (t: TestContext): Promise<Page> => {
      const context = await browser.newContext({ viewport: { width: 560, height: 820 }, locale: 'en-US' });
      const misshapen: string[] = [];
      context.on('request', (request) => {
        if (request.method() !== 'POST') return;
        const form = new URLSearchParams(request.postData() ?? '');
        const creq = form.get('creq');
        const cres = form.get('cres');
        const methodData = form.get('threeDSMethodData');
        if (creq !== null && readCReq(creq) === undefined) misshapen.push(`creq to ${request.url()}`);
        if (cres !== null && readCRes(cres) === undefined) misshapen.push(`cres to ${request.url()}`);
        if (
          methodData !== null &&
          readMethodData(methodData) === undefined &&
          readMethodNotification(methodData) === undefined
        )
          misshapen.push(`threeDSMethodData to ${request.url()}`);
      });
      t.after(async () => {
        await context.close();
        assert.deepEqual(misshapen, [], 'EMV messages the browser carried');
      });
      return context.newPage();
    };

    const openForm = async (t: TestContext, extra: Record<string, string | number> = {}, path?: string) => {
      const order = await register(extra, path);
      const page = await newPage(t);
      const response = await page.goto(order.formUrl);
      assert.equal(response?.status(), 200);
      await page.locator('#card-form').waitFor();
      return { ...order, page };
    };

    const fillCard = async (page: Page, card: Card) => {
      await page.fill('#pan', card.pan);
      await page.fill('#expiry', card.expiry ?? '12/34');
      await page.fill('#cvc', card.cvc ?? '123');
      await page.fill('#cardholderName', card.cardholderName ?? 'Jane Doe');
    };

    /** Waits until the browser is at the shop, and checks the address it was sent to. */
    const landsAtShop = async (page: Page, orderId: string, outcome: 'ok' | 'fail', language = 'en') => {
      await page.waitForURL((url) => url.origin === shop.url, { timeout: LANDING_TIMEOUT_MS });
      const landed = new URL(page.url());
      assert.equal(landed.pathname, `/${outcome}`, page.url());
      assert.equal(landed.searchParams.get('orderId'), orderId);
      assert.equal(landed.searchParams.get('lang'), language);
      assert.equal(await page.textContent('body'), `shop /${outcome}?orderId=${orderId}&lang=${language}`);
    };

    /** Waits for the sandbox ACS challenge page after the hand-over. */
    const atAcs = async (page: Page) => {
      await page.waitForURL(`${gh.baseUrl}/acs/challenge`, { timeout: LANDING_TIMEOUT_MS });
      await page.locator('#code').waitFor();
      assert.equal(await page.textContent('h1'), 'Confirm your payment');
    };

    const answerAcs = async (page: Page, action: 'submit' | 'cancel', code?: string) => {
      if (code !== undefined) await page.fill('#code', code);
      await page.click(`button[name=action][value=${action}]`);
    };

    const noticeOf = (page: Page) => page.getAttribute('#notice', 'data-notice');

    test('frictionless 3-D Secure 2: the card form pays and returns to returnUrl with ECI 05', async (t) => {
      const { page, orderId, formUrl } = await openForm(t);
      assert.equal(await page.getAttribute('html', 'lang'), 'en');
      assert.equal(await page.textContent('#amount'), '€1,234.56');
      await fillCard(page, { pan: '4111111111111111' });
      // The script groups the digits as the customer types.
      assert.equal(await page.inputValue('#pan'), '4111 1111 1111 1111');
      await screenshot(page, `${engine}-form`);
      await page.click('#pay-button');
      await landsAtShop(page, orderId, 'ok');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 2);
      assert.equal(extended.actionCode, 0);
      const secure = secureAuthInfo(extended);
      assert.equal(secure.eci, '05');
      assert.equal(secure.aresTransStatus, 'Y');
      assert.equal(secure.threeDsType, 'FRICTIONLESS');
      assert.equal((extended.cardAuthInfo as Record<string, unknown>).maskedPan, '411111**1111');
      // Back on formUrl, the customer is told the order is paid instead of seeing the form again.
      await page.goto(formUrl);
      assert.equal(await noticeOf(page), 'paid');
      assert.equal(await page.locator('#card-form').count(), 0);
      await screenshot(page, `${engine}-frictionless`);
    });

    test('challenge passed: the ACS page takes the one-time code and the order is paid', async (t) => {
      const { page, orderId } = await openForm(t);
      await fillCard(page, { pan: '5555 5555 5555 5599' });
      await page.click('#pay-button');
      await atAcs(page);
      assert.equal((await status(orderId)).orderStatus, 5, 'the customer is at the ACS');
      assert.match((await page.textContent('main')) ?? '', /555555\*\*5599/);
      assert.match((await page.textContent('main')) ?? '', /1234\.56 EUR/);
      await screenshot(page, `${engine}-challenge-passed`);
      await answerAcs(page, 'submit', OTP);
      await landsAtShop(page, orderId, 'ok');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 2);
      const secure = secureAuthInfo(extended);
      assert.equal(secure.eci, '02');
      assert.equal(secure.aresTransStatus, 'C');
      assert.equal(secure.rreqTransStatus, 'Y');
      assert.equal(secure.threeDsType, 'CHALLENGE');
    });

    test('challenge failed: three wrong codes decline the order and send the customer to failUrl', async (t) => {
      const { page, orderId } = await openForm(t);
      await fillCard(page, { pan: '5555555555555599' });
      await page.click('#pay-button');
      await atAcs(page);
      await answerAcs(page, 'submit', '000000');
      await page.locator('#answer-error').waitFor();
      assert.equal(await page.textContent('#answer-error'), 'Incorrect. 2 attempt(s) left.');
      await answerAcs(page, 'submit', '111111');
      await page.locator('#answer-error', { hasText: '1 attempt(s) left' }).waitFor();
      await screenshot(page, `${engine}-challenge-failed`);
      assert.equal((await status(orderId)).orderStatus, 5, 'still at the ACS after two wrong codes');
      await answerAcs(page, 'submit', '654321');
      await landsAtShop(page, orderId, 'fail');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 6);
      assert.equal(extended.actionCode, -2025);
      assert.equal(secureAuthInfo(extended).rreqTransStatus, 'N');
    });

    test('challenge cancelled: the order is declined and the customer goes to failUrl', async (t) => {
      const { page, orderId, formUrl } = await openForm(t);
      await fillCard(page, { pan: '5555555555555599' });
      await page.click('#pay-button');
      await atAcs(page);
      await answerAcs(page, 'cancel');
      await landsAtShop(page, orderId, 'fail');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 6);
      assert.equal(extended.actionCode, -2025);
      assert.equal((extended.paymentAmountInfo as Record<string, unknown>).depositedAmount, 0);
      await page.goto(formUrl);
      assert.equal(await noticeOf(page), 'declined');
      await screenshot(page, `${engine}-challenge-cancelled`);
    });

    test('declined card: not enrolled, do not honour, failUrl and action code 100', async (t) => {
      const { page, orderId, formUrl } = await openForm(t);
      await fillCard(page, { pan: '4000000000000002' });
      await page.click('#pay-button');
      await landsAtShop(page, orderId, 'fail');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 6);
      assert.equal(extended.actionCode, 100);
      assert.equal(secureAuthInfo(extended).threeDsType, 'NOT_ENROLLED');
      await page.goto(formUrl);
      assert.equal(await noticeOf(page), 'declined');
      assert.equal(await page.locator('#card-form').count(), 0);
      assert.equal(await page.getAttribute('#notice a', 'href'), `${shop.url}/fail`);
      await screenshot(page, `${engine}-declined`);
    });

    test('expired order: formUrl shows the expired notice and no card form', async (t) => {
      const { orderId, formUrl } = await register({ sessionTimeoutSecs: 60 });
      gh.clock.advance(61_000);
      const page = await newPage(t);
      const response = await page.goto(formUrl);
      assert.equal(response?.status(), 200);
      assert.equal(await noticeOf(page), 'expired');
      assert.equal(await page.locator('#card-form').count(), 0);
      assert.equal(await page.locator('#pan').count(), 0);
      assert.equal(await page.textContent('#notice h1'), 'This payment has expired');
      await screenshot(page, `${engine}-expired`);
      assert.notEqual((await status(orderId)).orderStatus, 2);
    });

    test('pre-authorization: registerPreAuth.do with a frictionless card holds the amount (status 1)', async (t) => {
      const { page, orderId, formUrl } = await openForm(t, {}, '/payment/rest/registerPreAuth.do');
      await fillCard(page, { pan: '4111111111111111' });
      await page.click('#pay-button');
      await landsAtShop(page, orderId, 'ok');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 1);
      const amounts = extended.paymentAmountInfo as Record<string, unknown>;
      assert.equal(amounts.approvedAmount, AMOUNT);
      assert.equal(amounts.depositedAmount, 0);
      assert.equal(secureAuthInfo(extended).eci, '05');
      await page.goto(formUrl);
      assert.equal(await noticeOf(page), 'paid');
      await screenshot(page, `${engine}-pre-auth`);
    });

    test('direct flow: instantPayment.do over the API, the browser through acsRedirect.do to the ACS and back', async (t) => {
      const params = {
        ...auth,
        amount: 2500,
        currency: '978',
        pan: '5555555555555599',
        expiry: '203412',
        cvc: '123',
        returnUrl: `${shop.url}/ok`,
        failUrl: `${shop.url}/fail`,
        orderNumber: `direct-${randomBytes(5).toString('hex')}`,
      };
      const first = (await gh.post(INSTANT, params)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      const orderId = String(first.orderId);
      const second = (
        await gh.post(INSTANT, { ...params, threeDSServerTransId: String(first.threeDSServerTransId) })
      ).body;
      assert.equal(second.errorCode, '0', JSON.stringify(second));
      assert.equal(second.acsUrl, `${gh.baseUrl}/acs/challenge`);

      const page = await newPage(t);
      await page.goto(`${gh.baseUrl}/payment/acsRedirect.do?orderId=${encodeURIComponent(orderId)}`);
      await atAcs(page);
      assert.match((await page.textContent('main')) ?? '', /25\.00 EUR/);
      await screenshot(page, `${engine}-acs-redirect`);
      await answerAcs(page, 'submit', OTP);
      await landsAtShop(page, orderId, 'ok');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 2);
      assert.equal(secureAuthInfo(extended).rreqTransStatus, 'Y');
    });

    test('client-side checks: a Luhn-invalid number is refused in the page, without a request', async (t) => {
      const { page, orderId, formUrl } = await openForm(t);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      // The number last, so no blur check runs before the submit.
      await fillCard(page, { pan: '' });
      await page.fill('#pan', '4111111111111112');
      assert.equal(await page.getAttribute('#pan', 'aria-invalid'), 'false');
      assert.equal(await page.textContent('#pan-error'), '');
      await page.click('#pay-button');
      await page.locator('#pan[aria-invalid=true]').waitFor();
      assert.equal(
        await page.textContent('#pan-error'),
        'Enter a card number of 15 to 19 digits that is valid',
      );
      assert.equal(await page.textContent('#form-error'), 'Please correct the fields marked below');
      assert.equal(await page.locator('#pan:focus').count(), 1, 'focus moves to the bad field');
      // The other fields are fine and stay unmarked.
      for (const field of ['expiry', 'cvc', 'cardholderName']) {
        assert.equal(await page.getAttribute(`#${field}`, 'aria-invalid'), 'false', field);
        assert.equal(await page.textContent(`#${field}-error`), '', field);
      }
      await screenshot(page, `${engine}-client-errors`);
      // Give a navigation, had one started, the time to show.
      await page.waitForTimeout(300);
      assert.equal(page.url(), formUrl);
      assert.deepEqual(posts, []);
      assert.equal(await page.isEnabled('#pay-button'), true, 'the button is not left disabled');
      const extended = await status(orderId);
      assert.equal(extended.orderStatus, 0);
      assert.deepEqual(extended.cardAuthInfo, {});

      // A corrected number clears the error when the field is left.
      await page.fill('#pan', '4111111111111111');
      await page.locator('#pan').blur();
      assert.equal(await page.getAttribute('#pan', 'aria-invalid'), 'false');
      assert.equal(await page.textContent('#pan-error'), '');
    });

    test('a German page: payment_de.html speaks German and the shop gets lang=de', async (t) => {
      const { page, orderId, formUrl } = await openForm(t, { language: 'de' });
      assert.match(formUrl, /\/payment_de\.html\?mdOrder=/);
      assert.equal(await page.getAttribute('html', 'lang'), 'de');
      assert.equal(await page.title(), 'Zahlung');
      const label = await page.textContent('label[for=pan]');
      assert.equal(label, 'Kartennummer');
      assert.notEqual(label, 'Card number');
      assert.equal(await page.textContent('#amount'), '1.234,56\u00a0€');
      assert.equal(await page.textContent('#pay-button'), '1.234,56\u00a0€ bezahlen');
      // The same order in English, for comparison.
      const english = await newPage(t);
      await english.goto(formUrl.replace('payment_de.html', 'payment_en.html'));
      assert.equal(await english.textContent('label[for=pan]'), 'Card number');
      // The client-side messages are German too.
      await page.fill('#cvc', '12');
      await page.locator('#cvc').blur();
      const cvcError = (await page.textContent('#cvc-error')) ?? '';
      assert.ok(cvcError.length > 0);
      assert.notEqual(cvcError, 'Enter the 3-digit security code');
      await screenshot(page, `${engine}-german`);
      await fillCard(page, { pan: '4444555511113333' });
      await page.click('#pay-button');
      await landsAtShop(page, orderId, 'ok', 'de');
      assert.equal((await status(orderId)).orderStatus, 2);
    });
  });
}
