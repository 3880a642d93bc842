import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ORDER_STATUS } from '../../src/domain/order-status.js';
import { axeViolations } from '../support/axe.js';
import { consoleLogin, launchBrowser, skipUnlessChromium } from '../support/browser.js';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';
const HOUR_MS = 3_600_000;
const PAYER = 'payer@example.com';
/** Card, amount in minor units, currency: the sandbox issuer approves all but 4000000000000002. */
const PAYMENTS: readonly (readonly [string, number, string])[] = [
  ['5555555555554444', 1999, '978'],
  ['4111111111111111', 12_550, '840'],
  ['4000000000000002', 8800, '978'],
  ['5555555555554444', 730, '978'],
  ['4111111111111111', 2450, '978'],
  ['4000000000000002', 15_000, '840'],
  ['5555555555554444', 3_990, '840'],
  ['5555555555554444', 4200, '978'],
];
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** GATEHOUSE_SCREENSHOTS=1 writes the README's console screenshots into docs/ (a normal run leaves them). */
const SCREENSHOTS = process.env.GATEHOUSE_SCREENSHOTS === '1';
const DOCS_DIR = new URL('../../../docs/', import.meta.url).pathname;
/** More Tab presses than any console page has stops: a page that never gives focus back fails. */
const TAB_STOPS_MAX = 300;
const TAB_BATCH = 10;

/**
 * Run in the page: the focused element, named as a person reading it would name it, and whether
 * its focus ring shows (an outline of 2 px or more, or a box shadow).
 */
const FOCUSED_FUNCTION = `() => {
  const element = document.activeElement;
  if (element === null || element === document.body) return { name: '', tag: 'BODY', ring: false, inMain: false };
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const shadow = style.boxShadow !== 'none';
  const label = element.labels && element.labels[0] ? element.labels[0].textContent : '';
  const name = (element.getAttribute('aria-label') || label || element.textContent || element.getAttribute('placeholder') || '')
    .replace(/\\s+/g, ' ').trim();
  return { name, tag: element.tagName, ring: outline || shadow, inMain: element.closest('main') !== null };
}`;
const FOCUSED = `(${FOCUSED_FUNCTION})()`;
/** Run in the page: from now on, each Tab's landing place is kept in window.tabStops. */
const RECORD_TAB_STOPS = `(() => {
  window.tabStops = [];
  document.addEventListener('keyup', (event) => {
    if (event.key === 'Tab') window.tabStops.push((${FOCUSED_FUNCTION})());
  }, true);
})()`;

interface Focused {
  readonly name: string;
  readonly tag: string;
  readonly ring: boolean;
  readonly inMain: boolean;
}

/** Presses Tab until the focused element's tag and name match, and returns it; fails after TAB_STOPS_MAX. */
async function tabTo(page: Page, tag: string, name: RegExp): Promise<Focused> {
  for (let presses = 0; presses < TAB_STOPS_MAX; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<Focused>(FOCUSED);
    if (focused.tag === tag && name.test(focused.name)) return focused;
  }
  throw new Error(`no ${tag} named ${String(name)} in the tab order of ${page.url()}`);
}

/**
 * Each element Tab reaches on the freshly loaded page, once round, with its focus ring shown or
 * not. The page keeps the stops itself, read after every TAB_BATCH presses: a round trip per press
 * would cost seconds on a long page.
 */
async function tabStops(page: Page): Promise<Focused[]> {
  await page.evaluate(RECORD_TAB_STOPS);
  for (let presses = 0; presses < TAB_STOPS_MAX; presses += TAB_BATCH) {
    for (let press = 0; press < TAB_BATCH; press += 1) await page.keyboard.press('Tab');
    const stops = await page.evaluate<Focused[]>('window.tabStops');
    const first = stops[0];
    const end = stops.findIndex(
      (stop, index) =>
        stop.tag === 'BODY' || (index > 0 && stop.tag === first?.tag && stop.name === first.name),
    );
    if (end >= 0) return stops.slice(0, end);
  }
  throw new Error(`Tab never came round on ${page.url()}`);
}

/**
 * The page as a laptop and a phone show it, into docs/ when asked for; the phone's at `phonePath`
 * when given (a page whose open filters would fill a phone's screen).
 */
async function docScreenshots(page: Page, name: string, phonePath?: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(DOCS_DIR, { recursive: true });
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.screenshot({ path: `${DOCS_DIR}${name}.png` });
  await page.setViewportSize(PHONE);
  if (phonePath !== undefined) await page.goto(`${new URL(page.url()).origin}${phonePath}`);
  // Charts redraw for the new width on the next frames.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  await page.screenshot({ path: `${DOCS_DIR}${name}-phone.png` });
  await page.setViewportSize(LAPTOP);
}

for (const engine of ENGINES) {
  describe(
    `${engine}: the console passes axe and works by keyboard alone (issue 43)`,
    { skip: skipUnlessChromium() },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let shop: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
      const admin = `admin-${randomBytes(3).toString('hex')}@ops.example`;
      const viewer = `viewer-${randomBytes(3).toString('hex')}@ops.example`;
      const secondFactor = `totp-${randomBytes(3).toString('hex')}@ops.example`;
      /** The refunded order the order page and its screenshots show; the keyboard test's own. */
      let shown = { id: '', number: '' };
      let typed = { id: '', number: '' };

      async function signedIn(email: string): Promise<Page> {
        const page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
        await consoleLogin(page, gh.baseUrl, email, PASSWORD);
        return page;
      }

      before(async () => {
        [gh, browser] = await Promise.all([startTestGatehouse(engine, { reachable: true }), launchBrowser()]);
        shop = await gh.createMerchant();
        // A morning of payments an hour apart, so the list, the badges and the overview's charts
        // have something to show: approved in two currencies, and declined.
        gh.clock.advance(-PAYMENTS.length * HOUR_MS);
        for (const [pan, amount, currency] of PAYMENTS) {
          const answer = await gh.post('/payment/rest/instantPayment.do', {
            ...shop.auth,
            amount,
            currency,
            pan,
            expiry: '203412',
            cvc: '123',
            email: PAYER,
            returnUrl: 'https://shop.example/ok',
            orderNumber: `A-${randomBytes(3).toString('hex').toUpperCase()}`,
          });
          assert.equal(answer.body.errorCode, '0', answer.text);
          gh.clock.advance(HOUR_MS);
        }
        const accounts = gh.gatehouse.operatorConsole.accounts;
        for (const [email, role] of [
          [admin, 'admin'],
          [viewer, 'viewer'],
          [secondFactor, 'support'],
        ] as const)
          await accounts.create({ email, role, merchants: [], password: PASSWORD });
        await accounts.enableTotp(secondFactor);
        const paid = await gh.gatehouse.store.db
          .selectFrom('orders')
          .select(['id', 'order_number as number'])
          .where('status', '=', ORDER_STATUS.deposited)
          .orderBy('created_at_ms')
          .execute();
        assert.ok(paid.length >= 2 && paid.length < PAYMENTS.length, 'approved and declined payments');
        [typed, shown] = [paid[0] ?? typed, paid.at(-1) ?? shown];
        // A refund through the console, so the order page, the list's badges and the audit have one.
        const client = new ConsoleClient(gh.baseUrl);
        assert.equal((await client.login(admin, PASSWORD)).status, 303);
        const refund = await client.confirmAndAct(shown.id, { action: 'refund', amount: '15.00' });
        assert.equal(refund.status, 303, refund.html);
      });
      after(async () => {
        await browser.close();
        await gh.close();
      });

      test('every console page: no serious or critical axe violation (WCAG 2 A and AA), a visible focus ring on every stop', async () => {
        const page = await signedIn(admin);
        const fresh = async () => (await browser.newContext({ viewport: LAPTOP })).newPage();
        const found: string[] = [];
        const checked: string[] = [];
        async function check(name: string, on: Page, status: number, path?: string): Promise<void> {
          if (path !== undefined) {
            const response = await on.goto(`${gh.baseUrl}${path}`);
            assert.equal(response?.status(), status, `${name}: ${path}`);
          }
          const violations = (await axeViolations(on)).map((line) => `${name}: ${line}`);
          found.push(...violations);
          const stops = await tabStops(on);
          assert.ok(stops.length > 0, `${name}: something takes focus`);
          found.push(
            ...stops
              .filter((stop) => !stop.ring)
              .map((stop) => `${name}: no focus ring on ${stop.tag} "${stop.name}"`),
          );
          checked.push(name);
        }

        const login = await fresh();
        await check('login', login, 200, '/console/login');
        await login.getByLabel('Email').fill(admin);
        await login.getByLabel('Password').fill('wrong password!');
        await login.getByRole('button', { name: 'Log in' }).click();
        await login.getByRole('alert').waitFor();
        await check('login refused', login, 401);
        const totp = await fresh();
        await totp.goto(`${gh.baseUrl}/console/login`);
        await totp.getByLabel('Email').fill(secondFactor);
        await totp.getByLabel('Password').fill(PASSWORD);
        await totp.getByRole('button', { name: 'Log in' }).click();
        await totp.getByRole('alert').filter({ hasText: 'six-digit code' }).waitFor();
        await check('login asking the TOTP code', totp, 401);

        await check(
          'orders list with filters and chips',
          page,
          200,
          `/console/orders?status=2&currency=EUR&merchant=${shop.merchantLogin}`,
        );
        assert.equal(await page.getByRole('list', { name: 'Filters in use' }).getByRole('link').count(), 3);
        await check('search results', page, 200, `/console/orders?q=${PAYER}&merchant=${shop.merchantLogin}`);
        assert.equal(await page.locator('p.count').textContent(), `${PAYMENTS.length} orders`);
        await docScreenshots(page, 'console-search', `/console/orders?q=${PAYER}`);
        await check('a search no index serves', page, 200, '/console/orders?way=NO_SUCH_WAY');
        await check('order page', page, 200, `/console/orders/${shown.id}`);
        await docScreenshots(page, 'console-order');
        await check('confirmation', page, 200, `/console/orders/${typed.id}/confirm?action=refund&whole=yes`);
        await page.goto(`${gh.baseUrl}/console/overview`);
        const windows = await page
          .locator('nav[aria-label="Window"] a')
          .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
        assert.ok(windows.length >= 2, 'the overview offers its windows');
        for (const window of windows)
          await check(
            `overview ${new URL(window).search}`,
            page,
            200,
            new URL(window).pathname + new URL(window).search,
          );
        await page.goto(`${gh.baseUrl}/console/overview`);
        await docScreenshots(page, 'console-overview');
        await check('audit', page, 200, '/console/audit');
        assert.ok((await page.locator('main tbody tr').count()) > 0, 'the audit lists the refund');
        await check('merchants list', page, 200, '/console/merchants');
        await check('merchant page', page, 200, `/console/merchants/${shop.merchantLogin}`);
        await check('sandbox', page, 200, '/console/sandbox');
        await check('not found', page, 404, `/console/orders/${randomBytes(16).toString('hex')}`);
        await check('export refused', page, 400, '/console/exports/orders.csv?from=yesterday');
        const watcher = await signedIn(viewer);
        await check(
          'forbidden',
          watcher,
          403,
          `/console/orders/${shown.id}/confirm?action=refund&amount=1.00`,
        );

        assert.deepEqual(found, [], `violations on ${checked.join(', ')}`);
      });

      test('by keyboard alone: log in, search, open the order and refund part of it', async () => {
        const page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
        await page.goto(`${gh.baseUrl}/console/login`);
        await tabTo(page, 'INPUT', /^Email/);
        await page.keyboard.type(admin);
        await tabTo(page, 'INPUT', /^Password/);
        await page.keyboard.type(PASSWORD);
        await tabTo(page, 'BUTTON', /^Log in$/);
        await Promise.all([page.waitForURL(/\/console\/orders$/), page.keyboard.press('Enter')]);

        const skip = await tabTo(page, 'A', /./);
        assert.equal(skip.name, 'Skip to content', 'the first stop skips the bar');
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        assert.ok(
          (await page.evaluate<Focused>(FOCUSED)).inMain,
          'after the skip, Tab is in the page itself',
        );

        await tabTo(page, 'INPUT', /^Search orders/);
        await page.keyboard.type(typed.number);
        await Promise.all([page.waitForURL(/[?&]q=/), page.keyboard.press('Enter')]);
        await tabTo(page, 'A', new RegExp(`^${typed.number}$`));
        await Promise.all([
          page.waitForURL(new RegExp(`/console/orders/${typed.id}$`)),
          page.keyboard.press('Enter'),
        ]);
        await tabTo(page, 'INPUT', /refund/i);
        await page.keyboard.type('7.50');
        await Promise.all([page.waitForURL(/\/confirm\?/), page.keyboard.press('Enter')]);
        await tabTo(page, 'BUTTON', /^Confirm$/);
        await Promise.all([page.waitForURL(/[?&]result=/), page.keyboard.press('Enter')]);

        assert.match((await page.getByRole('status').textContent()) ?? '', /Done/);
        assert.match((await page.locator('main').textContent()) ?? '', /Partially refunded/);
        const order = await gh.gatehouse.store.db
          .selectFrom('orders')
          .select('refunded_minor')
          .where('id', '=', typed.id)
          .executeTakeFirstOrThrow();
        assert.equal(order.refunded_minor, 750);
      });
    },
  );
}
