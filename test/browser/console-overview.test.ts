import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, screenshot, skipUnlessChromium } from '../support/browser.js';
import { browserGet, onlyForm, submit } from '../support/browser-forms.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { cardDataIn } from '../support/card-data.js';
import { ENGINES } from '../support/engines.js';
import { paidOrder } from '../support/console-fixtures.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { OrderRollupRepository, ROLLUP_LAG_MS } from '../../src/store-reports/order-rollup-repository.js';
import { CARD, createP2pMerchant, orderNumber } from '../support/p2p.js';

const PASSWORD = 'correct horse battery';
const HOUR_MS = 3_600_000;
const CHARTS = 9;
// Run in the page (this project's TypeScript has no DOM types): every canvas has a size and some
// pixel that is not transparent, i.e. Chart.js drew into it.
const ALL_CHARTS_DRAWN = `(() => {
  const canvases = [...document.querySelectorAll('canvas')];
  return canvases.length === ${CHARTS} && canvases.every((canvas) => {
    if (canvas.width === 0 || canvas.height === 0) return false;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    return pixels.some((value, index) => index % 4 === 3 && value !== 0);
  });
})()`;

type Auth = { userName: string; password: string };

/** Approved, declined and unanswered cards of the sandbox issuer (shared/reference/test-cards.md). */
const CARDS = [
  '4111111111111111',
  '5555555555554444',
  '4000000000009995',
  '4111111111111111',
  '4000000000000002',
];

for (const engine of ENGINES) {
  // A browser that stops answering fails the suite instead of holding the whole run.
  describe(
    `${engine}: the console overview in Chromium (issue 27)`,
    { skip: skipUnlessChromium(), timeout: 300_000 },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
      let email: string;

      const pay = (
        auth: Auth,
        pan: string,
        amount: number,
        currency = '978',
        extra: Record<string, string> = {},
      ) => paidOrder(gh, auth, pan, amount, currency, extra);

      before(async () => {
        [gh, browser, endpoint] = await Promise.all([
          startTestGatehouse(engine, { reachable: true }),
          launchBrowser(),
          listenForCallbacks(),
        ]);
        const shop = await gh.createMerchant({ callbackUrl: endpoint.url, callbackKey: 'overview-key' });
        const secure = await gh.createMerchant({ authenticates: true });
        const transfers = await createP2pMerchant(gh);
        // A day of traffic, an hour apart, so the charts have something to show.
        gh.clock.advance(-20 * HOUR_MS);
        for (let hour = 0; hour < 20; hour += 2) {
          for (let index = 0; index <= hour % 5; index += 1) {
            const pan = CARDS[(hour + index) % CARDS.length] ?? '4111111111111111';
            await pay(shop.auth, pan, 1000 + 250 * index + 100 * hour, index % 3 === 2 ? '840' : '978');
          }
          // 3-D Secure: frictionless, or a challenge passed every eight hours and left unfinished between.
          const enrolled = hour % 4 === 0 ? '5555555555555599' : '4111111111111111';
          const first = await pay(secure.auth, enrolled, 3000);
          const second = await pay(secure.auth, enrolled, 3000, '978', {
            threeDSServerTransId: String(first.threeDSServerTransId),
            threeDSVer2MdOrder: String(first.orderId),
          });
          if (hour % 8 === 0) {
            const redirect = await browserGet(
              `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(second.orderId)}`,
            );
            const challenge = await submit(onlyForm(redirect.text, gh.baseUrl));
            const answered = await submit(onlyForm(challenge.text, gh.baseUrl), {
              code: '123456',
              action: 'submit',
            });
            await submit(onlyForm(answered.text, gh.baseUrl));
          }
          gh.clock.advance(2 * HOUR_MS);
        }
        // Transfers now: the merchant's signing certificate is valid from now on, not in the past.
        for (const amount of [2500, 7000, 4000]) {
          const registered = await transfers.call('registerP2P.do', {
            orderNumber: orderNumber(),
            amount,
            currency: '978',
            returnUrl: 'https://shop.example/done',
          });
          const done = await transfers.call('performP2P.do', {
            orderId: String(registered.body.orderId),
            fromCard: CARD('4111111111111111'),
            toCard: { pan: '5555555555554444' },
          });
          assert.equal(done.body.errorCode, '0', done.text);
        }
        await gh.gatehouse.jobs.runAll();
        await gh.gatehouse.store.db
          .updateTable('callbacks')
          .set({ state: 'dead', attempts: 10 })
          .where('created_at_ms', '<', gh.clock.nowMs() - 15 * HOUR_MS)
          .execute();
        const late = await pay(shop.auth, '4111111111111111', 4200);
        // A step set aside for a person, as the money engine leaves one it cannot finish.
        await gh.gatehouse.store.db
          .updateTable('order_operations')
          .set({ state: 'needsAttention' })
          .where('order_id', '=', String(late.orderId))
          .execute();
        email = `viewer-${randomBytes(3).toString('hex')}@ops.example`;
        await gh.gatehouse.operatorConsole.accounts.create({
          email,
          role: 'viewer',
          merchants: [],
          password: PASSWORD,
        });
      });
      after(async () => {
        await browser.close();
        await gh.close();
        await new Promise((resolve) => endpoint.server.close(resolve));
      });

      /** A context whose every request outside Gatehouse is refused and noted. */
      async function offline(
        javaScriptEnabled: boolean,
      ): Promise<{ context: BrowserContext; foreign: string[] }> {
        const context = await browser.newContext({
          javaScriptEnabled,
          viewport: { width: 1280, height: 900 },
        });
        const foreign: string[] = [];
        await context.route('**/*', async (route) => {
          if (route.request().url().startsWith(gh.baseUrl)) await route.continue();
          else {
            foreign.push(route.request().url());
            await route.abort();
          }
        });
        return { context, foreign };
      }

      async function logIn(context: BrowserContext) {
        const page = await context.newPage();
        await page.goto(`${gh.baseUrl}/console`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { name: 'Orders' }).waitFor();
        return page;
      }

      test('the overview draws every chart with Gatehouse’s own Chart.js, offline, and folds the tables away', async () => {
        const { context, foreign } = await offline(true);
        const page = await logIn(context);
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await page.getByRole('link', { name: 'Overview' }).click();
        await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
        await page.waitForFunction(ALL_CHARTS_DRAWN);
        assert.equal(await page.locator('.chart[hidden]').count(), 0, 'every chart shown');
        assert.equal(await page.locator('details[open]').count(), 0, 'the tables folded behind their charts');
        if (engine === 'sqlite') await screenshot(page, 'console-overview');
        await page.getByText('Numbers').first().click();
        assert.ok(await page.locator('#table-orders').isVisible(), 'a table opens on demand');
        assert.match((await page.locator('#table-orders tfoot').textContent()) ?? '', /Total/);
        await page.getByRole('link', { name: 'Last 30 days, by day' }).click();
        await page.waitForURL(/window=30d/);
        await page.waitForFunction(ALL_CHARTS_DRAWN);
        assert.match(
          (await page.locator('#table-orders tbody th').first().textContent()) ?? '',
          /^\d{4}-\d{2}-\d{2}$/,
        );
        assert.deepEqual(problems, [], 'no script error, nothing the policy refused');
        assert.deepEqual(foreign, [], 'the overview works offline');
        assert.deepEqual(cardDataIn(await page.content()), [], 'no full card number');
        await context.close();
      });

      test('the 12-month view counts by month, the same before and after the roll-ups are folded', async () => {
        const { context, foreign } = await offline(true);
        const page = await logIn(context);
        await page.goto(`${gh.baseUrl}/console/overview?window=30d`);
        const days = (await page.locator('#table-orders tfoot').textContent()) ?? '';
        assert.match(days, /Total\s+[1-9]/);
        await page.getByRole('link', { name: 'Last 12 months, by month' }).click();
        await page.waitForURL(/window=12m/);
        await page.waitForFunction(ALL_CHARTS_DRAWN);
        const months = page.locator('#table-orders tbody th');
        assert.equal(await months.count(), 12);
        const labels = await months.allTextContents();
        assert.ok(
          labels.every((label) => /^\d{4}-\d{2}$/.test(label.trim())),
          labels.join(', '),
        );
        assert.equal(labels.at(-1)?.trim(), new Date(gh.clock.nowMs()).toISOString().slice(0, 7));
        assert.equal(
          await page.locator('#table-orders tfoot').textContent(),
          days,
          'unfolded: from the orders',
        );
        // Past the lag, the job folds and backfills: the same numbers now come from the roll-ups.
        gh.clock.advance(ROLLUP_LAG_MS + 60_000);
        const rollups = new OrderRollupRepository(gh.gatehouse.store.db);
        while ((await rollups.state()).backfilledFromMs !== 0) await gh.gatehouse.jobs.run('order-rollup');
        await page.reload();
        await page.waitForFunction(ALL_CHARTS_DRAWN);
        assert.equal(
          await page.locator('#table-orders tfoot').textContent(),
          days,
          'folded: from the roll-ups',
        );
        assert.equal(
          await page.locator('#table-volume tfoot').textContent(),
          await (async () => {
            const other = await context.newPage();
            await other.goto(`${gh.baseUrl}/console/overview?window=30d`);
            return other.locator('#table-volume tfoot').textContent();
          })(),
          'the approved volume of the year is the month’s: all the traffic is recent',
        );
        assert.deepEqual(foreign, []);
        await context.close();
      });

      test('without JavaScript the tables are open and the empty chart frames hidden', async () => {
        const { context, foreign } = await offline(false);
        const page = await logIn(context);
        await page.goto(`${gh.baseUrl}/console/overview`);
        assert.equal(await page.locator('details[open]').count(), CHARTS);
        assert.equal(await page.locator('.chart[hidden]').count(), CHARTS);
        assert.ok(await page.locator('#table-approval').isVisible());
        assert.deepEqual(foreign, []);
        await context.close();
      });
    },
  );
}
