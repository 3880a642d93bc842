import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '../../src/processing/sandbox/test-cards.js';
import { ConsoleClient, hiddenFields } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const PASSWORD = 'correct horse battery';
const cardIndex = (pan: string) => String(TEST_CARDS.findIndex((card) => card.pan === pan));

for (const engine of ENGINES) {
  describe(`${engine}: the console's sandbox tools (issue 27)`, () => {
    let gh: TestGatehouse;
    let shop: { userName: string; password: string };

    async function operator(role: string, merchants: string[] = []): Promise<ConsoleClient> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants, password: PASSWORD });
      const client = new ConsoleClient(gh.baseUrl);
      await client.login(email, PASSWORD);
      return client;
    }
    /** Submits one sandbox form as the page renders it. */
    async function use(client: ConsoleClient, tool: string, fields: Record<string, string>) {
      const page = await client.get('/console/sandbox');
      assert.equal(page.status, 200, page.html);
      const form = hiddenFields(page.html);
      return client.post('/console/sandbox', {
        csrf: form.csrf ?? '',
        key: crypto.randomUUID(),
        tool,
        ...fields,
      });
    }
    async function register(): Promise<string> {
      const answer = await gh.post(`${REST}/register.do`, {
        ...shop,
        amount: 1500,
        returnUrl: 'https://shop.example/ok',
        orderNumber: randomBytes(6).toString('hex'),
      });
      return String(answer.body.orderId);
    }
    const status = async (orderId: string) =>
      (await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shop, orderId })).body;

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = (await gh.createMerchant({ permissions: ['preAuth', 'autoCompletion'] })).auth;
    });
    after(() => gh.close());

    test('pay with a test card: the issuer answers as the card says; the page shows no full number', async () => {
      const support = await operator('support');
      const page = await support.get('/console/sandbox');
      assert.match(page.html, /411111\*\*1111/);
      assert.ok(!page.html.includes('4111111111111111'));
      const approved = await register();
      assert.match(
        (await use(support, 'pay', { orderId: approved, card: cardIndex('4111111111111111') })).html,
        /Done\./,
      );
      assert.equal(await status(approved).then((body) => body.orderStatus), 2);
      const declined = await register();
      await use(support, 'pay', { orderId: declined, card: cardIndex('4000000000000002') });
      assert.equal(await status(declined).then((body) => body.orderStatus), 6);
      // Paid already: refused by the payment's own rule, and said so.
      assert.match((await use(support, 'pay', { orderId: approved, card: '0' })).html, /Refused/);
    });

    test('expire an order now; run a hold’s automatic capture now', async () => {
      const support = await operator('support');
      const expiring = await register();
      await use(support, 'expire', { orderId: expiring });
      const expired = await status(expiring);
      assert.equal(expired.orderStatus, 6);
      assert.equal(expired.actionCode, -2007);
      const held = await gh.post(`${REST}/instantPayment.do`, {
        ...shop,
        amount: 900,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: randomBytes(6).toString('hex'),
        preAuth: true,
        autocompletionDate: new Date(gh.clock.nowMs() + 86_400_000).toISOString().slice(0, 19),
      });
      assert.equal(held.body.errorCode, '0', held.text);
      const heldId = String(held.body.orderId);
      assert.equal(await status(heldId).then((body) => body.orderStatus), 1);
      assert.match((await use(support, 'automatic', { orderId: heldId })).html, /Done\./);
      assert.equal(await status(heldId).then((body) => body.orderStatus), 2);
    });

    test('test clocks: an operator advances one of their merchants by 7d and sees the expiry it ran (issue 45)', async () => {
      const own = await gh.createMerchant();
      const other = await gh.createMerchant();
      const orderNumber = `clk-${randomBytes(4).toString('hex')}`;
      const registered = await gh.post(`${REST}/register.do`, {
        ...own.auth,
        amount: 500,
        returnUrl: 'https://shop.example/ok',
        orderNumber,
        sessionTimeoutSecs: 1200,
      });
      const orderId = String(registered.body.orderId);
      const support = await operator('support', [own.merchantLogin]);
      const page = await support.get('/console/sandbox');
      const options = [...page.html.matchAll(/<option value="([^"]+)">\s*([^<\s]+)\s*<\/option>/g)]
        .filter(([, , login]) => login?.startsWith('m') === true)
        .map(([, id, login]) => ({ id: id ?? '', login: login ?? '' }));
      assert.deepEqual(
        options.map((option) => option.login),
        [own.merchantLogin],
        "only the operator's merchants are offered",
      );
      assert.ok(!page.html.includes(other.merchantLogin));
      const advanced = await use(support, 'advanceClock', { merchantId: options[0]?.id ?? '', by: '7d' });
      assert.equal(advanced.status, 200, advanced.html);
      assert.match(advanced.html, /Done\./);
      assert.match(advanced.html, /The clock moved from/);
      assert.match(
        advanced.html,
        new RegExp(`href="/console/orders/${orderId}">${orderNumber}</a>\\s*expired`),
        'the expiry it ran is listed',
      );
      const expired = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...own.auth, orderId });
      assert.equal(expired.body.orderStatus, 6, expired.text);
      const moved = await gh.post(`${REST}/sandbox/getClock.do`, own.auth);
      assert.ok(Number(moved.body.clockOffset) > 6 * 86_400_000, moved.text);
      // The merchant's clock is listed among those moved.
      assert.match((await support.get('/console/sandbox')).html, new RegExp(`<td>${own.merchantLogin}</td>`));
      assert.match(
        (await use(support, 'advanceClock', { merchantId: options[0]?.id ?? '', by: 'soon' })).html,
        /Refused/,
      );
    });

    test('DCC rates: set and listed; refused when unreadable; a limited operator and a viewer may not', async () => {
      const admin = await operator('admin');
      assert.match(
        (await use(admin, 'rate', { from: '978', to: '840', rate: '1.0832', markup: '3.5' })).html,
        /Done\./,
      );
      assert.match((await admin.get('/console/sandbox')).html, /1\.0832/);
      assert.match((await use(admin, 'rate', { from: '978', to: '840', rate: 'lots' })).html, /Refused/);
      const merchant = await gh.createMerchant();
      const limited = await operator('support', [merchant.merchantLogin]);
      assert.equal((await use(limited, 'rate', { from: '978', to: '840', rate: '2' })).status, 403);
      const viewer = await operator('viewer');
      assert.equal((await viewer.get('/console/sandbox')).status, 403);
      assert.match((await admin.get('/console/sandbox')).html, /1\.0832/, 'the rate stayed');
    });
  });
}
