import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ROLE_RIGHTS, OPERATOR_ROLES, type ConsoleRight } from '../../src/domain/operator-roles.js';
import { overviewQueries } from '../../src/store-reports/overview-repository.js';
import { browserGet, onlyForm, submit } from '../support/browser-forms.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { paidOrder } from '../support/console-fixtures.js';
import { planOf } from '../support/query-plan.js';
import { startTestGatehouse, type FormParams, type TestGatehouse } from '../support/gatehouse-harness.js';
import { tableRecords, tableRow } from '../support/html-tables.js';
import { CARD, createP2pMerchant, orderNumber } from '../support/p2p.js';

const PASSWORD = 'correct horse battery';
const DAY_MS = 86_400_000;

type Body = Record<string, unknown>;
type Auth = { userName: string; password: string };

for (const engine of ENGINES) {
  describe(`${engine}: the console overview (issue 27)`, () => {
    let gh: TestGatehouse;
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;
    let shopX: { auth: Auth; merchantLogin: string };
    let shopY: { auth: Auth; merchantLogin: string };

    async function operator(role: string, merchants: string[] = []): Promise<ConsoleClient> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants, password: PASSWORD });
      const client = new ConsoleClient(gh.baseUrl);
      assert.equal((await client.login(email, PASSWORD)).status, 303);
      return client;
    }
    const pay = (auth: Auth, pan: string, amount: number, currency = '978', extra: FormParams = {}) =>
      paidOrder(gh, auth, pan, amount, currency, extra);
    /** A 3-D Secure payment's two calls (no 3DS Method run: the AReq goes out at the second). */
    async function authenticate(pan: string, amount: number): Promise<Body> {
      const first = await pay(shopX.auth, pan, amount);
      return pay(shopX.auth, pan, amount, '978', {
        threeDSServerTransId: String(first.threeDSServerTransId),
        threeDSVer2MdOrder: String(first.orderId),
      });
    }

    before(async () => {
      gh = await startTestGatehouse(engine, {
        reachable: true,
        env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: '300' },
      });
      endpoint = await listenForCallbacks();
      shopX = await gh.createMerchant({
        authenticates: true,
        callbackUrl: endpoint.url,
        callbackKey: 'overview-key',
      });
      shopY = await gh.createMerchant();
      const db = gh.gatehouse.store.db;

      // Merchant X, 3-D Secure: frictionless Y, a challenge passed, a frictionless N, a challenge
      // the customer never finishes.
      const frictionless = await authenticate('4111111111111111', 2000);
      assert.equal((frictionless.orderStatus as Body).OrderStatus, 2);
      const challenged = await authenticate('5555555555555599', 3000);
      const redirect = await browserGet(
        `${gh.baseUrl}/payment/acsRedirect.do?orderId=${String(challenged.orderId)}`,
      );
      const challenge = await submit(onlyForm(redirect.text, gh.baseUrl));
      const answered = await submit(onlyForm(challenge.text, gh.baseUrl), {
        code: '123456',
        action: 'submit',
      });
      assert.equal((await submit(onlyForm(answered.text, gh.baseUrl))).status, 303);
      const failed = await authenticate('4000000000003063', 1000);
      assert.equal((failed.orderStatus as Body).OrderStatus, 6);
      await authenticate('5000001111111115', 1500);
      // X's callbacks go out; then one is made dead, as ten failed attempts would leave it.
      await gh.gatehouse.jobs.runAll();
      await db
        .updateTable('callbacks')
        .set({ state: 'dead', attempts: 10 })
        .where('order_id', '=', String(frictionless.orderId))
        .execute();
      await db
        .updateTable('order_operations')
        .set({ state: 'needsAttention' })
        .where('order_id', '=', String(frictionless.orderId))
        .execute();

      // Merchant Y, no 3-D Secure: two approved (EUR, USD), three declined by the issuer.
      await pay(shopY.auth, '4111111111111111', 2500);
      await pay(shopY.auth, '4111111111111111', 4000, '840');
      await pay(shopY.auth, '4000000000009995', 700);
      await pay(shopY.auth, '4000000000000002', 800);
      // No answer: declined with the timeout code, its authorization left pending for recovery.
      await pay(shopY.auth, '4000000000000119', 900);

      // A card-to-card transfer.
      const transfers = await createP2pMerchant(gh);
      const registered = (
        await transfers.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount: 5000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
        })
      ).body;
      const done = await transfers.call('performP2P.do', {
        orderId: String(registered.orderId),
        fromCard: CARD('4111111111111111'),
        toCard: { pan: '5555555555554444' },
      });
      assert.equal(done.body.errorCode, '0', done.text);
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    test('an operator who sees every merchant gets every figure of the traffic', async () => {
      const admin = await operator('admin');
      const page = await admin.get('/console/overview');
      assert.equal(page.status, 200, page.html);
      assert.match(page.html, /<a href="\/console\/overview">Overview<\/a>/);
      assert.deepEqual(tableRow(page.html, 'table-orders', 'Total'), {
        'Period (UTC)': 'Total',
        EUR: '9',
        USD: '1',
      });
      assert.deepEqual(tableRow(page.html, 'table-volume', 'Total'), {
        'Period (UTC)': 'Total',
        EUR: '125.00 EUR',
        USD: '40.00 USD',
      });
      assert.equal(tableRecords(page.html, 'table-orders').length, 24 + 1, 'an hour a row, and the total');
      // Reached the issuer: 5 approved (X 2, Y 2, the transfer), 3 declined by it (Y); X's 3-D
      // Secure decline never did.
      assert.deepEqual(tableRow(page.html, 'table-approval', 'Total'), {
        'Period (UTC)': 'Total',
        Approved: '5',
        'Declined by the issuer': '3',
        'Approval rate': '62.5 %',
      });
      assert.deepEqual(
        tableRecords(page.html, 'table-declines').map((row) => [row['Action code'], row.Orders]),
        [
          ['-2006', '1'],
          ['100', '1'],
          ['116', '1'],
          ['151019', '1'],
          ['Total', '4'],
        ],
      );
      assert.match(page.html, /Declined: insufficient funds/);
      assert.deepEqual(tableRow(page.html, 'table-threeds', 'Total'), {
        'Period (UTC)': 'Total',
        Authentications: '4',
        Challenged: '2',
        'Challenge rate': '50 %',
        'Challenges passed': '1',
        'Challenge success rate': '50 %',
        Authenticated: '2',
      });
      assert.deepEqual(tableRow(page.html, 'table-p2p', 'Total'), {
        'Period (UTC)': 'Total',
        'EUR transfers': '1',
        'EUR amount': '50.00 EUR',
      });
      const callbacks = tableRow(page.html, 'table-callbacks', 'Total');
      assert.equal(callbacks.Dead, '1');
      assert.equal(callbacks.Pending, '0');
      assert.ok(Number(callbacks.Delivered) >= 1, JSON.stringify(callbacks));
      assert.deepEqual(
        tableRecords(page.html, 'table-steps').map((row) => row.Steps),
        ['1', '0', '1'],
        'the unanswered authorization pending, the step set aside needing attention',
      );
      const latency = tableRecords(page.html, 'table-latency');
      const payments = latency.find((row) => row.Kind === 'payment');
      assert.equal(payments?.Calls, '7', JSON.stringify(latency));
      assert.match(payments?.['Half within'] ?? '', /^≤ \d+(\.\d+)? ms$/);
      assert.match(page.html, /Gatehouse does not store how long the acquirer took/);
      // The charts' numbers travel with the page; the chart script is Gatehouse's own.
      const headers = (
        await fetch(`${gh.baseUrl}/console/overview`, { headers: { cookie: admin.cookie ?? '' } })
      ).headers;
      assert.match(headers.get('content-security-policy') ?? '', /script-src 'nonce-[^']+' 'self';/);
      const script = /<script src="(\/console\/assets\/chart-[\d.]+\.js)"><\/script>/.exec(page.html)?.[1];
      assert.ok(script !== undefined, 'Chart.js from Gatehouse');
      const file = await fetch(`${gh.baseUrl}${script}`);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.match(file.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
      assert.match(await file.text(), /Chart\.js v4/);
      const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(
        page.html,
      )?.[1];
      const charts = (JSON.parse(data ?? '{}') as { charts: { id: string }[] }).charts;
      assert.deepEqual(
        charts.map((chart) => chart.id),
        [
          'chart-orders',
          'chart-volume',
          'chart-approval',
          'chart-declines',
          'chart-threeds',
          'chart-p2p',
          'chart-callbacks',
          'chart-steps',
          'chart-latency',
        ],
      );
      for (const chart of charts) assert.match(page.html, new RegExp(`<canvas\\s+id="${chart.id}"`));
    });

    test('an operator limited to merchant X sees X’s numbers only', async () => {
      const limited = await operator('viewer', [shopX.merchantLogin]);
      const page = await limited.get('/console/overview');
      assert.equal(page.status, 200);
      assert.match(page.html, /only the merchants you are allowed to see/);
      assert.deepEqual(tableRow(page.html, 'table-orders', 'Total'), { 'Period (UTC)': 'Total', EUR: '4' });
      assert.deepEqual(tableRow(page.html, 'table-volume', 'Total'), {
        'Period (UTC)': 'Total',
        EUR: '50.00 EUR',
      });
      assert.deepEqual(tableRow(page.html, 'table-approval', 'Total'), {
        'Period (UTC)': 'Total',
        Approved: '2',
        'Declined by the issuer': '0',
        'Approval rate': '100 %',
      });
      assert.deepEqual(
        tableRecords(page.html, 'table-declines').map((row) => [row['Action code'], row.Orders]),
        [
          ['-2006', '1'],
          ['Total', '1'],
        ],
      );
      assert.equal(tableRow(page.html, 'table-threeds', 'Total').Authentications, '4');
      assert.deepEqual(tableRow(page.html, 'table-p2p', 'Total'), {
        'Period (UTC)': 'Total',
        Transfers: '0',
      });
      assert.equal(tableRow(page.html, 'table-callbacks', 'Total').Dead, '1');
      assert.deepEqual(
        tableRecords(page.html, 'table-steps').map((row) => row.Steps),
        ['0', '0', '1'],
        'Y’s pending authorization is not X’s',
      );
      const latency = tableRecords(page.html, 'table-latency');
      assert.ok(latency.length > 0);
      assert.ok(
        latency.every((row) => row.Calls === undefined),
        'no call counts: they tell other merchants’ traffic',
      );
      const nobody = await operator('viewer', [(await gh.createMerchant()).merchantLogin]);
      assert.deepEqual(tableRow((await nobody.get('/console/overview')).html, 'table-approval', 'Total'), {
        'Period (UTC)': 'Total',
        Approved: '0',
        'Declined by the issuer': '0',
        'Approval rate': '–',
      });
    });

    test('every role has overview.view today; a role without it gets 403', async () => {
      for (const role of OPERATOR_ROLES) assert.ok(ROLE_RIGHTS[role].has('overview.view'), role);
      const viewer = await operator('viewer');
      const rights = ROLE_RIGHTS.viewer as Set<ConsoleRight>;
      rights.delete('overview.view');
      try {
        const refused = await viewer.get('/console/overview');
        assert.equal(refused.status, 403);
        assert.match(refused.html, /Your role does not allow this/);
        assert.doesNotMatch(refused.html, /table-orders/);
      } finally {
        rights.add('overview.view');
      }
      assert.equal((await viewer.get('/console/overview')).status, 200);
      assert.equal((await new ConsoleClient(gh.baseUrl).get('/console/overview')).location, '/console/login');
    });

    test('every query is a range of an index: no table is read whole', async () => {
      const now = gh.clock.nowMs();
      const scopes = [
        { fromMs: now - DAY_MS, toMs: now, bucketMs: 3_600_000 },
        { fromMs: now - 30 * DAY_MS, toMs: now, bucketMs: DAY_MS, merchantIds: ['a', 'b'] },
      ];
      for (const scope of scopes) {
        for (const [name, query] of Object.entries(overviewQueries(gh.gatehouse.store.db, scope))) {
          const plan = await planOf(gh.gatehouse.store.db, engine, query.compile());
          const scanned =
            engine === 'sqlite'
              ? /^SCAN (orders|threeds_transactions|callbacks|order_operations)\b/m
              : /Seq Scan/;
          assert.doesNotMatch(plan, scanned, `${name}:\n${plan}`);
          assert.match(plan, /INDEX|Index/, `${name}:\n${plan}`);
        }
      }
    });

    test('the 30-day window counts by day; the last 24 hours move on with the clock', async () => {
      gh.clock.advance(2 * DAY_MS);
      try {
        const admin = await operator('admin');
        const recent = await admin.get('/console/overview?window=24h');
        assert.deepEqual(tableRow(recent.html, 'table-orders', 'Total'), {
          'Period (UTC)': 'Total',
          Orders: '0',
        });
        const month = await admin.get('/console/overview?window=30d');
        assert.match(month.html, /aria-current="page"\s*>Last 30 days, by day/);
        const days = tableRecords(month.html, 'table-orders');
        assert.equal(days.length, 30 + 1);
        assert.match(days[0]?.['Period (UTC)'] ?? '', /^\d{4}-\d{2}-\d{2}$/);
        assert.deepEqual(days.at(-1), { 'Period (UTC)': 'Total', EUR: '9', USD: '1' });
        assert.equal(days.at(-2)?.EUR, '0', 'today is two days after the traffic');
      } finally {
        gh.clock.advance(-2 * DAY_MS);
      }
    });
  });
}
