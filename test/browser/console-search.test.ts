import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { consoleLogin, launchBrowser, skipUnlessChromium } from '../support/browser.js';
import { WINDOW_ROWS } from '../../src/domain/console-order-views.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PASSWORD = 'correct horse battery';
/** Copies of the searched order's card: more than a page of them. */
const COPIES = 60;
/** Orders of the bulk merchant: more than the count tells exactly. */
const BULK = 10_001;

for (const engine of ENGINES) {
  describe(
    `${engine}: the console's search box, chips, counts, paging and badges (issue 43)`,
    { skip: skipUnlessChromium() },
    () => {
      let gh: TestGatehouse;
      let browser: Browser;
      let page: Page;
      let shop: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
      let bulk: Awaited<ReturnType<TestGatehouse['createMerchant']>>;
      const found = { orderId: '', orderNumber: '', rrn: '', approval: '', bindingId: randomUUID() };
      const clientId = `client-${randomBytes(3).toString('hex')}`;
      const badgeOrders = new Map<string, string>();
      let shopId = '';

      /** The ids of the orders the page lists, in its order. */
      const ids = async (): Promise<string[]> => {
        const hrefs = await page.locator('main tbody a[href^="/console/orders/"]').all();
        return Promise.all(
          hrefs.map(async (link) => ((await link.getAttribute('href')) ?? '').split('/').pop() ?? ''),
        );
      };
      async function search(typed: string): Promise<string[]> {
        await page.getByLabel('Search orders').fill(typed);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByRole('heading', { name: 'Orders' }).waitFor();
        return ids();
      }

      before(async () => {
        [gh, browser] = await Promise.all([startTestGatehouse(engine, { reachable: true }), launchBrowser()]);
        shop = await gh.createMerchant();
        bulk = await gh.createMerchant();
        const paid = await gh.post('/payment/rest/instantPayment.do', {
          ...shop.auth,
          amount: 1500,
          pan: '4111111111111111',
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          orderNumber: `find-${randomBytes(3).toString('hex')}`,
          email: 'Payer.One@Example.com',
          phone: '+4915112345678',
          clientId,
        });
        assert.equal(paid.body.errorCode, '0', paid.text);
        found.orderId = String(paid.body.orderId);
        const db = gh.gatehouse.store.db;
        // A card of another BIN and a stored card, as another payment would have left them.
        await db
          .updateTable('orders')
          .set({ card_masked_pan: '444455**3333', binding_id: found.bindingId })
          .where('id', '=', found.orderId)
          .execute();
        const order = await db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', found.orderId)
          .executeTakeFirstOrThrow();
        found.orderNumber = order.order_number;
        shopId = order.merchant_id;
        const authorization = await db
          .selectFrom('order_operations')
          .selectAll()
          .where('order_id', '=', found.orderId)
          .where('rrn', 'is not', null)
          .executeTakeFirstOrThrow();
        found.rrn = authorization.rrn ?? '';
        found.approval = authorization.approval_code ?? '';
        // Older orders with the same last four digits, one a second apart, each status's badge among them.
        const template: Omit<typeof order, 'id'> & { id?: string } = { ...order };
        delete template.id;
        const states: [string, Partial<typeof order>][] = [
          ['Awaiting payment', { status: 0 }],
          ['Held', { status: 1, deposited_minor: 0 }],
          ['Partially refunded', { status: 4, refunded_minor: 500 }],
          ['Refunded', { status: 4, refunded_minor: 1500 }],
          ['Reversed', { status: 3 }],
          ['Declined', { status: 6, action_code: 2007 }],
          ['Expired', { status: 6, action_code: -2007 }],
        ];
        const copies = Array.from({ length: COPIES }, (_, n) => {
          const id = randomUUID();
          const [badge, state] = states[n] ?? ['Paid', {}];
          if (n < states.length) badgeOrders.set(id, badge);
          return {
            ...template,
            ...state,
            id,
            order_number: `copy-${n}-${randomBytes(3).toString('hex')}`,
            created_at_ms: order.created_at_ms - (n + 1) * 1000,
            card_masked_pan: '555555**3333',
            email: null,
            payer_data: null,
            client_id: null,
            binding_id: null,
          };
        });
        await db.insertInto('orders').values(copies).execute();
        const { id: bulkId } = await db
          .selectFrom('merchants')
          .select('id')
          .where('login', '=', bulk.merchantLogin)
          .executeTakeFirstOrThrow();
        const bulkRows = Array.from({ length: BULK }, (_, n) => ({
          ...template,
          id: randomUUID(),
          merchant_id: bulkId,
          registered_by_merchant_id: bulkId,
          order_number: `bulk-${n}`,
          card_masked_pan: '411111**1111',
          created_at_ms: order.created_at_ms - 86_400_000 - n,
          email: null,
          payer_data: null,
          client_id: null,
          binding_id: null,
        }));
        for (let start = 0; start < BULK; start += 200)
          await db
            .insertInto('orders')
            .values(bulkRows.slice(start, start + 200))
            .execute();
        const email = `admin-${randomBytes(3).toString('hex')}@ops.example`;
        await gh.gatehouse.operatorConsole.accounts.create({
          email,
          role: 'admin',
          merchants: [],
          password: PASSWORD,
        });
        page = await (await browser.newContext()).newPage();
        await consoleLogin(page, gh.baseUrl, email, PASSWORD);
      });
      after(async () => {
        await browser.close();
        await gh.close();
      });

      test('each kind of key finds the order it names, from the search box of any page', async () => {
        await page.goto(`${gh.baseUrl}/console/merchants`);
        const keys: [string, string][] = [
          ['order number', found.orderNumber],
          ['order id', found.orderId],
          ['first six and last four', '444455******3333'],
          ['first six … last four', '444455...3333'],
          ['first six and last four, run together', '4444553333'],
          ['e-mail, in another case', 'payer.one@example.com'],
          ['phone, spaced', '+49 151 12345678'],
          ['RRN', found.rrn],
          ['approval code', found.approval],
          ['binding id', found.bindingId],
          ['client id', clientId],
        ];
        for (const [kind, typed] of keys) {
          const listed = await search(typed);
          assert.deepEqual(listed, [found.orderId], `${kind} "${typed}" at ${page.url()}`);
          assert.equal(await page.locator('p.count').textContent(), '1 order', kind);
        }
        const lastFour = await search('3333');
        assert.equal(lastFour.length, 50, 'a full page');
        assert.equal(lastFour[0], found.orderId, 'newest first');
        assert.equal(await page.locator('p.count').textContent(), `${COPIES + 1} orders`);
      });

      test('filters show as chips that each drop their filter; pages go older and back newer', async () => {
        await page.goto(`${gh.baseUrl}/console/orders?q=3333&status=2&merchant=${shop.merchantLogin}`);
        const chips = page.getByRole('list', { name: 'Filters in use' }).getByRole('link');
        assert.deepEqual(await chips.allTextContents(), [
          'Search: 3333 ×',
          'Status: paid ×',
          `Merchant: ${shop.merchantLogin} ×`,
        ]);
        await Promise.all([
          page.waitForURL((url) => !url.searchParams.has('status')),
          page.getByRole('link', { name: 'Remove the filter Status: paid' }).click(),
        ]);
        assert.deepEqual(await chips.allTextContents(), [
          'Search: 3333 ×',
          `Merchant: ${shop.merchantLogin} ×`,
        ]);
        assert.equal(await page.getByLabel('Search orders').inputValue(), '3333');
        const first = await ids();
        assert.equal(first.length, 50);
        assert.equal(await page.getByRole('link', { name: 'Newer orders' }).count(), 0, 'the first page');
        await Promise.all([
          page.waitForURL(/after=/),
          page.getByRole('link', { name: 'Older orders' }).click(),
        ]);
        const second = await ids();
        assert.equal(second.length, COPIES + 1 - 50);
        assert.equal(new Set([...first, ...second]).size, COPIES + 1, 'no order twice, none missing');
        assert.equal(await page.getByRole('link', { name: 'Older orders' }).count(), 0, 'the last page');
        await Promise.all([
          page.waitForURL(/before=/),
          page.getByRole('link', { name: 'Newer orders' }).click(),
        ]);
        assert.deepEqual(await ids(), first, 'back to the first page');
        await Promise.all([
          page.waitForURL((url) => !url.searchParams.has('q')),
          page.getByRole('link', { name: 'Remove the filter Search: 3333' }).click(),
        ]);
        assert.deepEqual(await chips.allTextContents(), [`Merchant: ${shop.merchantLogin} ×`]);
      });

      test('counts: exact up to 10,000, then "more than"; a filter no index serves counts its window', async () => {
        await page.goto(`${gh.baseUrl}/console/orders?merchant=${bulk.merchantLogin}`);
        assert.equal(await page.locator('p.count').textContent(), 'More than 10,000 orders');
        await page.goto(`${gh.baseUrl}/console/orders?merchant=${shop.merchantLogin}`);
        assert.equal(await page.locator('p.count').textContent(), `${COPIES + 1} orders`);
        await page.goto(`${gh.baseUrl}/console/orders?way=NO_SUCH_WAY`);
        assert.equal(
          await page.locator('p.count').textContent(),
          `0 in the newest ${WINDOW_ROWS.toLocaleString('en-US')} orders searched`,
        );
        await page.getByRole('link', { name: 'Search older orders' }).waitFor();
      });

      test('badges: the words support uses, coloured by what happened to the money; the same on the order page', async () => {
        await page.goto(`${gh.baseUrl}/console/orders?q=3333`);
        const rows = page.locator('main tbody tr');
        for (const [id, word] of badgeOrders) {
          const badge = rows
            .filter({ has: page.locator(`a[href="/console/orders/${id}"]`) })
            .locator('.badge');
          assert.equal(await badge.textContent(), word, id);
        }
        const paid = rows
          .filter({ has: page.locator(`a[href="/console/orders/${found.orderId}"]`) })
          .locator('.badge');
        assert.equal(await paid.textContent(), 'Paid');
        assert.equal(await paid.getAttribute('class'), 'badge good');
        const colours = await page.evaluate<number>(
          `new Set([...document.querySelectorAll('main tbody .badge')].map((badge) => getComputedStyle(badge).backgroundColor)).size`,
        );
        assert.ok(colours >= 4, `${colours} colours`);
        await page.goto(`${gh.baseUrl}/console/orders/${found.orderId}`);
        assert.equal(await page.locator('main .order-head .badge').textContent(), 'Paid');
        await gh.gatehouse.store.db
          .insertInto('order_operations')
          .values({
            id: randomUUID(),
            order_id: found.orderId,
            merchant_id: shopId,
            kind: 'refund',
            state: 'needsAttention',
            amount_minor: 100,
            currency: '978',
            action_code: 0,
            rrn: null,
            approval_code: null,
            external_id: null,
            details: null,
            prior: null,
            dcc_amount_minor: null,
            created_at_ms: Date.now(),
            completed_at_ms: null,
          })
          .execute();
        await page.reload();
        assert.equal(await page.locator('main .order-head .badge').textContent(), 'Needs attention');
        await page.goto(`${gh.baseUrl}/console/orders?q=${found.orderId}`);
        assert.equal(await page.locator('main tbody .badge').textContent(), 'Needs attention');
      });
    },
  );
}
