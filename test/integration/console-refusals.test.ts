import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ConsoleClient, hiddenFields } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const PASSWORD = 'correct horse battery';

// Issue 40, points 7, 8 and 10: refusals in words, no confirmation without the right, an audit
// that names merchant and order number and keeps refused attempts.
for (const engine of ENGINES) {
  describe(`${engine}: console refusals and the audit (issue 40)`, () => {
    let gh: TestGatehouse;
    let shop: { auth: { userName: string; password: string }; merchantLogin: string };

    async function operator(role: string): Promise<{ client: ConsoleClient; email: string }> {
      const email = `${role}-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({ email, role, merchants: [], password: PASSWORD });
      const client = new ConsoleClient(gh.baseUrl);
      assert.equal((await client.login(email, PASSWORD)).status, 303);
      return { client, email };
    }
    async function paid(): Promise<{ orderId: string; orderNumber: string }> {
      const orderNumber = `ref-${randomBytes(4).toString('hex')}`;
      const answer = await gh.post(`${REST}/instantPayment.do`, {
        ...shop.auth,
        amount: 2000,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber,
      });
      assert.equal(answer.body.errorCode, '0', answer.text);
      return { orderId: String(answer.body.orderId), orderNumber };
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = await gh.createMerchant();
    });
    after(async () => {
      await gh.close();
    });

    test('a refused action says why in words, on the order and in the audit', async () => {
      const { client } = await operator('support');
      const { orderId } = await paid();
      // A held reversal of a paid order needs the merchant's partialReversal permission it lacks.
      const reversal = await client.confirmAndAct(orderId, { action: 'reverse', amount: '1.00' });
      assert.equal(reversal.status, 303);
      const page = await client.get(reversal.location ?? '');
      const alert = /<p class="notice error" role="alert">\s*([^<]*)<\/p>/.exec(page.html)?.[1] ?? '';
      assert.match(alert, /^Refused: The merchant is not permitted to use amount/);
      assert.ok(!page.html.includes('PERMISSION_REQUIRED'), 'no refusal key shown anywhere');
      const audit = await client.get(`/console/audit?order=${orderId}`);
      assert.match(audit.html, /Refused: The merchant is not permitted to use amount/);
      assert.ok(!audit.html.includes('refused: PERMISSION_REQUIRED'));
    });

    test('an operator without the right cannot open an action’s confirmation, and each refused attempt is audited with merchant and order number', async () => {
      const { client: viewer, email } = await operator('viewer');
      const { orderId, orderNumber } = await paid();
      const confirm = await viewer.get(`/console/orders/${orderId}/confirm?action=refund&amount=1.00`);
      assert.equal(confirm.status, 403);
      assert.match(confirm.html, /Your role does not allow this/);
      assert.ok(!confirm.html.includes('>Confirm<'), 'no Confirm button');
      assert.ok(!confirm.html.includes('name="key"'));
      for (const action of ['capture', 'reverse', 'decline', 'resolve', 'replay'])
        assert.equal(
          (await viewer.get(`/console/orders/${orderId}/confirm?action=${action}&amount=1.00`)).status,
          403,
          action,
        );
      const csrf = hiddenFields((await viewer.get('/console/orders')).html).csrf ?? '';
      const posted = await viewer.post(`/console/orders/${orderId}/act`, {
        csrf,
        key: crypto.randomUUID(),
        action: 'refund',
        amount: '100',
        side: 'original',
      });
      assert.equal(posted.status, 403);

      const { client: admin } = await operator('admin');
      const audit = await admin.get(`/console/audit?operator=${encodeURIComponent(email)}`);
      const rows = [...audit.html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
        .map((row) =>
          [...(row[1] ?? '').matchAll(/<td[^>]*>\s*([\s\S]*?)\s*<\/td>/g)].map((cell) => cell[1] ?? ''),
        )
        .filter((cells) => cells.length > 0);
      assert.equal(rows.length, 7, 'six confirmations and one submit, each refused and audited');
      for (const cells of rows) {
        assert.equal(cells[1], email);
        assert.equal(cells[3], shop.merchantLogin, 'the merchant by its login');
        assert.match(cells[4] ?? '', new RegExp(`>${orderNumber}</a>`), 'the order by its number');
        assert.equal(cells[6], 'Refused: Your role does not allow this.');
      }
      assert.deepEqual(rows.map((cells) => cells[2]).sort(), [
        'capture',
        'decline',
        'refund',
        'refund',
        'replay',
        'resolve',
        'reverse',
      ]);
      assert.ok(
        rows.some((cells) => /^1\.00 [A-Z]{3}$/.test(cells[5] ?? '')),
        'the submit names the amount it asked for',
      );
    });

    test('the orders table’s caption is hidden by a class the console defines', async () => {
      const { client } = await operator('viewer');
      await paid();
      const list = await client.get('/console/orders');
      assert.match(list.html, /<caption class="visually-hidden">/);
      assert.match(list.html, /\.visually-hidden \{[^}]*position: absolute/);
    });
  });
}
