import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ledgerOf } from '../support/acquirer-ledger.js';
import { ConsoleClient } from '../support/console-client.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const REST = '/payment/rest';
const PASSWORD = 'correct horse battery';

interface Amounts {
  approvedAmount: number;
  depositedAmount: number;
  refundedAmount: number;
}

// Issue 40, point 1: in the console an amount is always explicit.
for (const engine of ENGINES) {
  describe(`${engine}: console amounts are explicit (issue 40)`, () => {
    let gh: TestGatehouse;
    let shop: { auth: { userName: string; password: string } };
    let support: ConsoleClient;

    async function order(amount: number, preAuth = false): Promise<string> {
      const paid = await gh.post(`${REST}/instantPayment.do`, {
        ...shop.auth,
        amount,
        pan: '5555555555554444',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `amt-${randomBytes(4).toString('hex')}`,
        ...(preAuth ? { preAuth: 'true' } : {}),
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      return String(paid.body.orderId);
    }
    async function amounts(orderId: string): Promise<Amounts> {
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shop.auth, orderId });
      return status.body.paymentAmountInfo as Amounts;
    }
    async function auditAmounts(orderId: string): Promise<number[]> {
      const rows = await gh.gatehouse.store.db
        .selectFrom('console_audit')
        .select('amount_minor')
        .where('order_id', '=', orderId)
        .orderBy('at_ms')
        .execute();
      return rows.map((row) => Number(row.amount_minor));
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = await gh.createMerchant({ permissions: ['preAuth', 'partialReversal'] });
      const email = `support-${randomBytes(3).toString('hex')}@ops.example`;
      await gh.gatehouse.operatorConsole.accounts.create({
        email,
        role: 'support',
        merchants: [],
        password: PASSWORD,
      });
      support = new ConsoleClient(gh.baseUrl);
      assert.equal((await support.login(email, PASSWORD)).status, 303);
    });
    after(async () => {
      await gh.close();
    });

    test('a refund, capture or reversal of 0, of nothing, of a negative or unreadable amount, or of more than is left is refused on the form and moves nothing', async () => {
      const paid = await order(4000);
      const held = await order(3000, true);
      const cases: [string, string, string, RegExp][] = [
        [paid, 'refund', '0', /more than zero/],
        [paid, 'refund', '0.00', /more than zero/],
        [paid, 'refund', '', /Enter an amount in \w+, or choose the whole remaining amount/],
        [paid, 'refund', '-5', /-5&quot; is not an amount in \w+/],
        [paid, 'refund', 'all', /all&quot; is not an amount/],
        [paid, 'refund', '40.01', /more than the 40\.00 \w+ that is left/],
        [held, 'capture', '0', /more than zero/],
        [held, 'capture', '', /Enter an amount/],
        [held, 'reverse', '0', /more than zero/],
      ];
      for (const [orderId, action, amount, message] of cases) {
        const query = new URLSearchParams({ action, amount }).toString();
        const page = await support.get(`/console/orders/${orderId}/confirm?${query}`);
        assert.equal(page.status, 400, `${action} "${amount}"`);
        assert.match(page.html, /role="alert"/);
        assert.match(page.html, message, `${action} "${amount}"`);
        assert.ok(!page.html.includes('name="key"'), 'no confirmation to submit');
      }
      // A confirmation form whose amount was emptied or zeroed: refused too, never "the full amount".
      for (const amount of ['0', '', '-100', '1e3']) {
        const tampered = await support.confirmAndAct(paid, { action: 'refund', amount: '1.00' }, { amount });
        assert.equal(tampered.status, 400, `posted amount "${amount}"`);
        assert.match(tampered.html, /named no amount to move/);
      }
      const capture = await support.confirmAndAct(
        held,
        { action: 'capture', amount: '1.00' },
        { amount: '0' },
      );
      assert.equal(capture.status, 400);
      assert.equal((await amounts(paid)).refundedAmount, 0);
      assert.equal((await amounts(held)).depositedAmount, 0);
      assert.equal((await amounts(held)).approvedAmount, 3000);
      assert.deepEqual(await auditAmounts(paid), [], 'nothing was done, so nothing audited');
    });

    test('the whole remaining amount is a choice that shows it; the confirmation, the acquirer request and the audit name the amount that moves', async () => {
      const paid = await order(4000);
      const part = await support.confirmAndAct(paid, { action: 'refund', amount: '5.00' });
      assert.equal(part.status, 303);
      const story = await support.get(`/console/orders/${paid}`);
      assert.match(story.html, /Refund the whole remaining 35\.00 \w+…/);
      const whole = await support.get(`/console/orders/${paid}/confirm?action=refund&whole=yes`);
      assert.equal(whole.status, 200);
      assert.match(whole.html, /Send 35\.00 \w+ back to 555555\*\*4444/);
      const rest = await support.confirmAndAct(paid, { action: 'refund', whole: 'yes' });
      assert.equal(rest.status, 303);
      assert.equal(rest.form.amount, '3500', 'the form carries the amount it showed');
      assert.equal((await amounts(paid)).refundedAmount, 4000);
      const refunds = (await ledgerOf(gh, paid)).filter((call) => call.call === 'refund');
      assert.deepEqual(
        refunds.map((call) => call.amountMinor),
        [500, 3500],
        'the acquirer was asked for each exact amount',
      );
      assert.deepEqual(await auditAmounts(paid), [500, 3500]);
      const audit = await support.get(`/console/audit?order=${paid}`);
      assert.match(audit.html, /35\.00/);
      assert.match(audit.html, /5\.00/);
      assert.ok(
        !(await support.get(`/console/orders/${paid}`)).html.includes('whole remaining'),
        'nothing left, no such choice',
      );

      const held = await order(3000, true);
      const captured = await support.confirmAndAct(held, { action: 'capture', whole: 'yes' });
      assert.equal(captured.status, 303);
      assert.equal(captured.form.amount, '3000');
      assert.equal((await amounts(held)).depositedAmount, 3000);
      assert.deepEqual(await auditAmounts(held), [3000]);
    });
  });
}
