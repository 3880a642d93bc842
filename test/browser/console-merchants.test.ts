import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { MERCHANT_SECTIONS } from '../../src/http/console/merchant-sections.js';
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

/** The element that has the focus (its text, or the name of a field) and whether it is in the open dialog. */
async function focused(page: Page): Promise<{ text: string; inDialog: boolean }> {
  return page.evaluate<{ text: string; inDialog: boolean }>(`(() => {
    const element = document.activeElement;
    const text = element.getAttribute('name') || (element.textContent || '').trim();
    return { text, inDialog: element.closest('dialog[open]') !== null };
  })()`);
}

/** How much wider than the window the document is: more than 0 means the page scrolls sideways. */
async function overflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

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
        assert.match((await page.locator('#children p.children').textContent()) ?? '', /\.kids/);
        if (engine === 'sqlite') await screenshot(page, 'console-merchant');

        await page.getByRole('button', { name: 'Issue token…' }).click();
        const confirm = page.getByRole('dialog', { name: /^Confirm: Issue token/ });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Confirm' }).click();
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

      test('a page in sections; a setting, a callback address and a limit changed in dialogs by keyboard, confirmed and audited; Escape closes; 390 px; a P2P fee without JavaScript', async () => {
        const shop = await gh.createMerchant({
          login: `sect${randomBytes(3).toString('hex')}`,
          callbackUrl: endpoint.url,
        });
        const before = await gh.gatehouse.admin.show(shop.merchantLogin);
        const email = `admin-${randomBytes(3).toString('hex')}@ops.example`;
        await gh.gatehouse.operatorConsole.accounts.create({
          email,
          role: 'admin',
          merchants: [],
          password: PASSWORD,
        });
        const context = await browser.newContext();
        const page = await context.newPage();
        await consoleLogin(page, gh.baseUrl, email, PASSWORD);
        const merchantUrl = `${gh.baseUrl}/console/merchants/${shop.merchantLogin}`;
        await page.goto(merchantUrl);

        const navigation = page.getByRole('navigation', { name: 'Sections of this merchant' });
        for (const section of MERCHANT_SECTIONS.filter((each) => each.id !== 'actions')) {
          await navigation.getByRole('link', { name: section.short, exact: true }).waitFor();
          assert.equal(await page.locator(`section#${section.id} > h2`).textContent(), section.title);
        }
        await navigation.getByRole('link', { name: 'Limits', exact: true }).click();
        await page.waitForURL(/#limits$/);
        assert.equal(
          await page.locator('dialog[open]').count(),
          0,
          'no dialog is open before one is asked for',
        );

        /** Opens the dialog of `button` with `key`, checks where the focus went, and returns it. */
        const openWith = async (button: string, key: 'Enter' | ' ', name: RegExp) => {
          await page.getByRole('button', { name: button }).focus();
          await page.keyboard.press(key);
          const dialog = page.getByRole('dialog', { name });
          await dialog.waitFor();
          assert.ok((await focused(page)).inDialog, `${button}: the focus moved into the dialog`);
          return dialog;
        };
        /** Reviews the dialog's form, checks the confirmation's before and after, and confirms. */
        const confirmChange = async (
          dialog: ReturnType<Page['getByRole']>,
          label: string,
          now: string,
          after: string,
        ) => {
          await dialog.getByRole('button', { name: 'Review the change…' }).press('Enter');
          const confirmation = page.getByRole('dialog', { name: /^Confirm: Change settings for / });
          await confirmation.waitFor();
          const row = confirmation.locator('tbody tr');
          assert.equal(await row.count(), 1, 'only the setting that changes is listed');
          assert.deepEqual(await row.locator('td').allTextContents(), [label, now, after]);
          assert.ok((await focused(page)).text === 'Confirm', 'the focus is on Confirm');
          await page.keyboard.press('Enter');
          await page.getByRole('status').filter({ hasText: 'Done.' }).waitFor();
        };

        // A setting, opened with Enter.
        const lifetime = String(before.sessionTimeoutSecs + 300);
        const settings = await openWith('Change settings…', 'Enter', /^Change settings for /);
        assert.equal((await focused(page)).text, 'currency', 'the focus is on the first field');
        await settings.getByLabel('Order lifetime (seconds)').fill(lifetime);
        await confirmChange(
          settings,
          'Order lifetime (seconds)',
          String(before.sessionTimeoutSecs),
          lifetime,
        );
        assert.match(
          (await page.locator('section#settings dl').textContent()) ?? '',
          new RegExp(`${lifetime}`),
        );

        // A callback address, opened with Space.
        const address = `${endpoint.url}?v=2`;
        const callbacks = await openWith('Change callback settings…', ' ', /^Change callback settings for /);
        await callbacks.getByLabel('Callback address').fill(address);
        await confirmChange(callbacks, 'Callback address', endpoint.url, address);

        // A limit.
        const limits = await openWith('Change limits…', 'Enter', /^Change limits for /);
        await limits.getByLabel('Requests per second per API user').fill('9');
        await confirmChange(
          limits,
          'Requests per second per API user',
          String(before.rateLimitPerSecond),
          '9',
        );

        const after = await gh.gatehouse.admin.show(shop.merchantLogin);
        assert.equal(after.sessionTimeoutSecs, Number(lifetime));
        assert.equal(after.callbackUrl, address);
        assert.equal(after.rateLimitPerSecond, 9);
        const merchant = await gh.gatehouse.store.db
          .selectFrom('merchants')
          .select('id')
          .where('login', '=', shop.merchantLogin)
          .executeTakeFirstOrThrow();
        const audit = await gh.gatehouse.store.db
          .selectFrom('console_audit')
          .select(['action', 'outcome', 'details', 'operator_email'])
          .where('merchant_id', '=', merchant.id)
          .orderBy('at_ms')
          .execute();
        assert.deepEqual(
          audit.map((entry) => [
            entry.action,
            entry.outcome,
            entry.operator_email,
            JSON.parse(entry.details ?? '{}') as unknown,
          ]),
          [
            ['merchant.settings', 'done', email, { sessionTimeoutSecs: Number(lifetime) }],
            ['merchant.settings', 'done', email, { callbackUrl: address }],
            ['merchant.settings', 'done', email, { rateLimitPerSecond: 9 }],
          ],
        );

        // Escape closes a dialog and gives the focus back to its button; nothing changed.
        await openWith('Change the P2P fee plan…', 'Enter', /^Change the P2P fee plan for /);
        await page.keyboard.press('Escape');
        await page.locator('dialog[open]').waitFor({ state: 'detached' });
        assert.equal(
          (await focused(page)).text,
          'Change the P2P fee plan…',
          'the focus is back on the button',
        );
        assert.equal((await gh.gatehouse.admin.show(shop.merchantLogin)).p2pFee, after.p2pFee);

        // On a phone: no sideways scroll, neither the page, nor with a dialog open; every section's link reachable.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(merchantUrl);
        assert.ok((await overflow(page)) <= 0, `the page is ${await overflow(page)} px too wide`);
        for (const link of await navigation.getByRole('link').all()) {
          const box = await link.boundingBox();
          assert.ok(
            box !== null && box.x >= 0 && box.x + box.width <= 390,
            `${await link.textContent()} within 390 px`,
          );
        }
        const certificate = await openWith('Add certificate…', 'Enter', /^Add certificate for /);
        const dialogBox = await certificate.boundingBox();
        assert.ok(
          dialogBox !== null && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390,
          'the dialog fits',
        );
        assert.ok((await overflow(page)) <= 0, 'no sideways scroll with the dialog open');
        if (engine === 'sqlite') await screenshot(page, 'console-merchant-phone-dialog');
        await certificate.getByRole('link', { name: 'Cancel' }).click();
        await page.locator('dialog[open]').waitFor({ state: 'detached' });
        await context.close();

        // Without JavaScript the same button opens the form as a page, then its confirmation.
        const plain = await browser.newContext({ javaScriptEnabled: false });
        const noScript = await plain.newPage();
        await consoleLogin(noScript, gh.baseUrl, email, PASSWORD);
        await noScript.goto(merchantUrl);
        await noScript.getByRole('button', { name: 'Change the P2P fee plan…' }).click();
        await noScript.getByRole('heading', { level: 1, name: /^Change the P2P fee plan for / }).waitFor();
        await noScript.getByLabel(/^P2P fee plan/).fill('percent=2,fixed=10');
        await noScript.getByRole('button', { name: 'Review the change…' }).click();
        await noScript.getByRole('heading', { level: 1, name: /^Confirm: Change settings for / }).waitFor();
        assert.deepEqual(await noScript.locator('main tbody tr td').allTextContents(), [
          'P2P fee plan (percent=1.5, fixed=30, min=50, max=5000 or none)',
          after.p2pFee ?? 'none',
          'percent=2,fixed=10',
        ]);
        await noScript.getByRole('button', { name: 'Confirm' }).click();
        await noScript.getByRole('status').filter({ hasText: 'Done.' }).waitFor();
        assert.equal((await gh.gatehouse.admin.show(shop.merchantLogin)).p2pFee, 'percent=2,fixed=10,min=0');
        const last = await gh.gatehouse.store.db
          .selectFrom('console_audit')
          .select(['action', 'details'])
          .where('merchant_id', '=', merchant.id)
          .orderBy('at_ms', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          [last.action, last.details],
          ['merchant.settings', JSON.stringify({ p2pFee: 'percent=2,fixed=10' })],
        );
        await plain.close();
      });
    },
  );
}
