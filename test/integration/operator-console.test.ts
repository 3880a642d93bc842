import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { totpCode } from '../../src/services/console/totp.js';
import { listenForCallbacks } from '../support/callback-listener.js';
import { ConsoleClient, hiddenFields } from '../support/console-client.js';
import { killCallback, strandStep } from '../support/console-fixtures.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const PASSWORD = 'correct horse battery';

for (const engine of ENGINES) {
  describe(`${engine}: the operator console (issue 27)`, () => {
    let gh: TestGatehouse;
    let shopX: { auth: { userName: string; password: string }; merchantLogin: string };
    let shopY: { auth: { userName: string; password: string }; merchantLogin: string };
    let endpoint: Awaited<ReturnType<typeof listenForCallbacks>>;

    const email = (role: string) => `${role}-${randomBytes(3).toString('hex')}@ops.example`;
    async function operator(role: string, merchants: string[] = []): Promise<ConsoleClient> {
      const address = email(role);
      await gh.gatehouse.operatorConsole.accounts.create({
        email: address,
        role,
        merchants,
        password: PASSWORD,
      });
      const client = new ConsoleClient(gh.baseUrl);
      assert.equal((await client.login(address, PASSWORD)).status, 303);
      return client;
    }
    async function pay(
      auth: { userName: string; password: string },
      pan = '4111111111111111',
    ): Promise<string> {
      const paid = await gh.post(`${REST}/instantPayment.do`, {
        ...auth,
        amount: 2000,
        pan,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `con-${randomBytes(4).toString('hex')}`,
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      return String(paid.body.orderId);
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      endpoint = await listenForCallbacks();
      shopX = await gh.createMerchant({ callbackUrl: endpoint.url, callbackKey: 'console-key' });
      shopY = await gh.createMerchant();
    });
    after(async () => {
      await gh.close();
      await new Promise((resolve) => endpoint.server.close(resolve));
    });

    test('login: wrong passwords are refused alike, then throttled; a session reaches the pages', async () => {
      const address = email('admin');
      await gh.gatehouse.operatorConsole.accounts.create({
        email: address,
        role: 'admin',
        merchants: [],
        password: PASSWORD,
      });
      const client = new ConsoleClient(gh.baseUrl);
      assert.equal((await client.get('/console/orders')).location, '/console/login');
      const unknown = await client.login('nobody@ops.example', PASSWORD);
      const wrong = await client.login(address, 'not the password');
      assert.equal(unknown.status, 401);
      assert.equal(wrong.status, 401);
      assert.ok(wrong.html.includes('do not match an active operator'));
      for (let attempt = 0; attempt < 5; attempt += 1) await client.login(address, 'still wrong');
      const throttled = await client.login(address, PASSWORD);
      assert.equal(throttled.status, 429);
      assert.match(throttled.html, /Too many failed logins/);
      gh.clock.advance(16 * 60_000);
      assert.equal((await client.login(address, PASSWORD)).status, 303);
      assert.equal((await client.get('/console/orders')).status, 200);
      // Idle for longer than the limit: the session is over.
      gh.clock.advance(31 * 60_000);
      assert.equal((await client.get('/console/orders')).location, '/console/login');
    });

    test('TOTP: the code is asked for, checked, and good once', async () => {
      const address = email('finance');
      await gh.gatehouse.operatorConsole.accounts.create({
        email: address,
        role: 'finance',
        merchants: [],
        password: PASSWORD,
      });
      const { secret } = await gh.gatehouse.operatorConsole.accounts.enableTotp(address);
      const client = new ConsoleClient(gh.baseUrl);
      assert.match((await client.login(address, PASSWORD)).html, /six-digit code/);
      const code = totpCode(secret, gh.clock.nowMs());
      assert.equal((await client.login(address, PASSWORD, code)).status, 303);
      assert.equal(
        (await new ConsoleClient(gh.baseUrl).login(address, PASSWORD, code)).status,
        401,
        'a code is good once',
      );
    });

    test('find by last four, refund part, see it in the story, the audit and the API; a double submit refunds once', async () => {
      const support = await operator('support');
      const orderId = await pay(shopX.auth, '5555555555554444');
      const list = await support.get('/console/orders?last4=4444');
      assert.ok(list.html.includes(`/console/orders/${orderId}`), 'the order is listed');
      assert.ok(!/5555555555554444/.test(list.html), 'no full card number');
      const story = await support.get(`/console/orders/${orderId}`);
      assert.match(story.html, /555555\*\*4444/);
      const refund = await support.confirmAndAct(orderId, { action: 'refund', amount: '5.00' });
      assert.equal(refund.status, 303);
      const again = await support.post(`/console/orders/${orderId}/act`, refund.form);
      assert.equal(again.status, 200);
      assert.match(again.html, /already submitted/);
      const after = await support.get(refund.location ?? '');
      assert.match(after.html, /Done\./);
      assert.match(after.html, /Refunded 5\.00/);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shopX.auth, orderId });
      assert.equal((status.body.paymentAmountInfo as { refundedAmount: number }).refundedAmount, 500);
      const audit = await support.get(`/console/audit?order=${orderId}`);
      assert.match(audit.html, /refund/);
      assert.match(audit.html, /5\.00 EUR|5\.00 RUB|5\.00/);
      assert.equal(audit.html.match(/<td>refund<\/td>/g)?.length, 1, 'one refund, one entry');
      // More than is left: refused on the form; and a confirmation changed to ask for more is
      // refused by the API's rule, and audited as refused.
      assert.equal(
        (await support.get(`/console/orders/${orderId}/confirm?action=refund&amount=100.00`)).status,
        400,
      );
      const tooMuch = await support.confirmAndAct(
        orderId,
        { action: 'refund', amount: '1.00' },
        { amount: '10000' },
      );
      assert.match((await support.get(tooMuch.location ?? '')).html, /Refused: /);
    });

    test('a form without the session’s token is refused; a viewer cannot act; the audit cannot be changed', async () => {
      const orderId = await pay(shopX.auth);
      const support = await operator('support');
      const forged = await support.confirmAndAct(
        orderId,
        { action: 'refund', amount: '1.00' },
        { csrf: 'forged' },
      );
      assert.equal(forged.status, 403);
      const viewer = await operator('viewer');
      const story = await viewer.get(`/console/orders/${orderId}`);
      assert.equal(story.status, 200);
      assert.ok(!story.html.includes('Refund…'), 'no action forms for a viewer');
      const confirm = await viewer.get(`/console/orders/${orderId}/confirm?action=refund&amount=1.00`);
      assert.equal(confirm.status, 403);
      const csrf = hiddenFields((await viewer.get('/console/orders')).html).csrf ?? '';
      const tried = await viewer.post(`/console/orders/${orderId}/act`, {
        csrf,
        key: crypto.randomUUID(),
        action: 'refund',
        amount: '100',
      });
      assert.equal(tried.status, 403);
      const db = gh.gatehouse.store.db;
      await assert.rejects(db.updateTable('console_audit').set({ outcome: 'done' }).execute(), /append-only/);
      await assert.rejects(db.deleteFrom('console_audit').execute(), /append-only/);
    });

    test('a support operator limited to merchant X sees and acts on nothing of merchant Y, even by address', async () => {
      const limited = await operator('support', [shopX.merchantLogin]);
      const mine = await pay(shopX.auth);
      const theirs = await pay(shopY.auth);
      const list = await limited.get('/console/orders');
      assert.ok(list.html.includes(mine));
      assert.ok(!list.html.includes(theirs));
      assert.equal((await limited.get(`/console/orders/${theirs}`)).status, 404);
      assert.equal(
        (await limited.get(`/console/orders/${theirs}/confirm?action=refund&amount=1.00`)).status,
        404,
      );
      const form = hiddenFields(
        (await limited.get(`/console/orders/${mine}/confirm?action=refund&amount=1.00`)).html,
      );
      assert.equal((await limited.post(`/console/orders/${theirs}/act`, form)).status, 404);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shopY.auth, orderId: theirs });
      assert.equal((status.body.paymentAmountInfo as { refundedAmount: number }).refundedAmount, 0);
    });

    test('the list: keyset pages newest first without gaps or repeats; filters within a limit of two merchants', async () => {
      const [shopP, shopQ, shopR] = [
        await gh.createMerchant({ permissions: ['preAuth'] }),
        await gh.createMerchant({ permissions: ['preAuth'] }),
        await gh.createMerchant({ permissions: ['preAuth'] }),
      ];
      const viewer = await operator('viewer', [shopP.merchantLogin, shopQ.merchantLogin]);
      const made: { id: string; atMs: number; shop: string; held: boolean; pan: string; number: string }[] =
        [];
      const theirs: string[] = [];
      for (let n = 0; n < 64; n += 1) {
        // Every third order shares its millisecond with the one before: the id breaks the tie.
        if (n % 3 !== 0) gh.clock.advance(1000);
        const shop = n % 2 === 0 ? shopP : shopQ;
        const pan = n % 4 === 0 ? '5555555555554444' : '4111111111111111';
        const held = n % 5 === 0;
        const number = `list-${n}-${randomBytes(3).toString('hex')}`;
        const paid = await gh.post(`${REST}/instantPayment.do`, {
          ...shop.auth,
          amount: 2000,
          pan,
          expiry: '203412',
          returnUrl: 'https://shop.example/ok',
          orderNumber: number,
          ...(held ? { preAuth: 'true' } : {}),
        });
        assert.equal(paid.body.errorCode, '0', paid.text);
        made.push({
          id: String(paid.body.orderId),
          atMs: gh.clock.nowMs(),
          shop: shop.merchantLogin,
          held,
          pan,
          number,
        });
        if (n % 16 === 0) theirs.push(await pay(shopR.auth, pan));
      }
      const newestFirst = (rows: typeof made) =>
        [...rows]
          .sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
          .map((row) => row.id);
      const walk = async (path: string): Promise<{ ids: string[]; pages: number }> => {
        const ids: string[] = [];
        let pages = 0;
        for (let next: string | undefined = path; next !== undefined; pages += 1) {
          const page = await viewer.get(next);
          assert.equal(page.status, 200);
          assert.ok(!page.html.includes('Ignored:'), page.html);
          for (const match of page.html.matchAll(/<td><a href="\/console\/orders\/([0-9a-f-]{36})">/g))
            ids.push(match[1] ?? '');
          next = /<a rel="next" href="([^"]+)"/.exec(page.html)?.[1]?.replaceAll('&amp;', '&');
        }
        return { ids, pages };
      };
      const all = await walk('/console/orders');
      assert.equal(all.pages, 2, '64 orders: a page of 50 and one of 14');
      assert.deepEqual(all.ids, newestFirst(made), 'every order of both merchants once, newest first');
      assert.ok(
        theirs.every((id) => !all.ids.includes(id)),
        'nothing of the third merchant',
      );
      const held = await walk('/console/orders?status=1');
      assert.deepEqual(held.ids, newestFirst(made.filter((row) => row.held)));
      const heldOfP = await walk(`/console/orders?merchant=${shopP.merchantLogin}&status=1`);
      assert.deepEqual(
        heldOfP.ids,
        newestFirst(made.filter((row) => row.held && row.shop === shopP.merchantLogin)),
      );
      const card = await walk('/console/orders?last4=4444');
      assert.deepEqual(card.ids, newestFirst(made.filter((row) => row.pan.endsWith('4444'))));
      assert.deepEqual((await walk('/console/orders?last4=5555')).ids, [], 'the last four, not any four');

      const wanted = made[9]!;
      assert.deepEqual((await walk(`/console/orders?orderNumber=${wanted.number}`)).ids, [wanted.id]);
      const admin = await operator('admin');
      const found = await admin.get(`/console/orders?orderNumber=${wanted.number}`);
      assert.equal(
        found.html.match(/<td><a href="\/console\/orders\//g)?.length,
        1,
        'one order of every merchant',
      );
      assert.ok(found.html.includes(wanted.id));

      const db = gh.gatehouse.store.db;
      const waiting = [made[7]?.id ?? '', made[20]?.id ?? '', theirs[0] ?? ''];
      await db
        .updateTable('order_operations')
        .set({ state: 'needsAttention' })
        .where('order_id', 'in', waiting)
        .execute();
      assert.deepEqual(
        (await walk('/console/orders?attention=yes')).ids,
        newestFirst(made.filter((row) => waiting.includes(row.id))),
        'once each, the third merchant’s left out',
      );
      await db
        .updateTable('order_operations')
        .set({ state: 'approved' })
        .where('order_id', 'in', waiting)
        .execute();
    });

    test('a dead callback is sent again and delivered; a step that needs attention is resolved with a note', async () => {
      const support = await operator('support');
      const orderId = await pay(shopX.auth);
      const db = gh.gatehouse.store.db;
      const callbackId = await killCallback(db, orderId);
      const replay = await support.confirmAndAct(orderId, { action: 'replay', callback: callbackId });
      assert.equal(replay.status, 303);
      await gh.gatehouse.jobs.runAll();
      assert.ok(
        endpoint.received.some((params) => params.mdOrder === orderId && params.operation === 'deposited'),
      );
      const row = await db
        .selectFrom('callbacks')
        .select('state')
        .where('id', '=', callbackId)
        .executeTakeFirstOrThrow();
      assert.equal(row.state, 'delivered');
      // The story shows the delivery attempt and its answer.
      assert.match(
        (await support.get(`/console/orders/${orderId}`)).html,
        /A callback was delivered to the merchant.*HTTP 200/s,
      );

      const stepId = await strandStep(db, orderId);
      assert.ok((await support.get('/console/orders?attention=yes')).html.includes(orderId));
      const resolved = await support.confirmAndAct(
        orderId,
        { action: 'resolve', step: stepId },
        { note: 'checked with the acquirer' },
      );
      assert.equal(resolved.status, 303);
      const story = await support.get(`/console/orders/${orderId}`);
      assert.match(story.html, /checked with the acquirer/);
    });

    test('logout, a disabled operator and a new password end sessions; a busy session stays open', async () => {
      const accounts = gh.gatehouse.operatorConsole.accounts;
      const address = email('viewer');
      await accounts.create({ email: address, role: 'viewer', merchants: [], password: PASSWORD });
      const client = new ConsoleClient(gh.baseUrl);
      await client.login(address, PASSWORD);
      for (let minute = 0; minute < 40; minute += 2) {
        gh.clock.advance(2 * 60_000);
        assert.equal((await client.get('/console/orders')).status, 200, `minute ${minute}`);
      }
      const csrf = hiddenFields((await client.get('/console/orders')).html).csrf ?? '';
      assert.equal((await client.post('/console/logout', { csrf })).location, '/console/login');
      assert.equal((await client.get('/console/orders')).location, '/console/login');

      await client.login(address, PASSWORD);
      await accounts.disable(address);
      assert.equal((await client.get('/console/orders')).location, '/console/login');
      assert.equal((await client.login(address, PASSWORD)).status, 401);
      await accounts.enable(address);
      await client.login(address, PASSWORD);
      const generated = await accounts.resetPassword(address);
      assert.ok(generated !== undefined && generated.length >= 12);
      assert.equal((await client.get('/console/orders')).location, '/console/login');
      assert.equal((await client.login(address, PASSWORD)).status, 401);
      assert.equal((await client.login(address, generated)).status, 303);
      await accounts.enableTotp(address);
      await accounts.disableTotp(address);
      assert.equal((await client.login(address, generated)).status, 303, 'password only again');
      assert.deepEqual(
        (await accounts.list()).find((one) => one.email === address),
        { ...(await accounts.view(address)) },
      );
    });

    test('the story shows each opening of the payment page', async () => {
      const viewer = await operator('viewer');
      const registered = await gh.post(`${REST}/register.do`, {
        ...shopX.auth,
        amount: 700,
        returnUrl: 'https://shop.example/ok',
        orderNumber: `visit-${randomBytes(4).toString('hex')}`,
      });
      const formUrl = new URL(String(registered.body.formUrl));
      await fetch(`${gh.baseUrl}${formUrl.pathname}${formUrl.search}`);
      await fetch(`${gh.baseUrl}${formUrl.pathname}${formUrl.search}`);
      const story = await viewer.get(`/console/orders/${String(registered.body.orderId)}`);
      assert.equal(story.html.match(/The customer opened the payment page/g)?.length, 2);
    });
  });
}
