import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { browserGet, formsOf, submit } from '../support/browser-forms.js';
import { createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;

/** The transfer page over plain HTTP: what a browser without script gets, and what the server refuses. */
for (const engine of ENGINES) {
  describe(`${engine}: the transfer page without a browser's script (issue 12, part e)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;
    let payments: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { reachable: true });
      shop = await createP2pMerchant(gh, { permissions: ['storedCredentials'], p2pFee: 'fixed=250' });
      payments = (await gh.createMerchant()).auth;
    });
    after(() => gh.close());

    const register = async (extra: Body = {}) => {
      const answer = (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber(engine),
          amount: 5000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          failUrl: 'https://shop.example/failed',
          ...extra,
        })
      ).body;
      assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      return { orderId: String(answer.orderId), formUrl: String(answer.formUrl) };
    };
    const status = async (orderId: string) => (await shop.call('getP2PStatus.do', { orderId })).body;
    const transferForm = (page: string) => {
      const form = formsOf(page, gh.baseUrl).find((candidate) => candidate.fields.step === 'transfer');
      assert.ok(form, 'the page has the transfer form');
      return form;
    };

    test('each page serves its own orders: a transfer is no purchase, a purchase no transfer', async () => {
      const transfer = await register();
      assert.ok(transfer.formUrl.startsWith(`${gh.baseUrl}/payment/merchants/`));
      const asPayment = await browserGet(transfer.formUrl.replace('/p2p_en.html', '/payment_en.html'));
      assert.equal(asPayment.status, 404);
      assert.match(asPayment.text, /data-notice="unknown"/);
      const purchase = (
        await gh.post('/payment/rest/register.do', {
          ...payments,
          orderNumber: orderNumber('buy'),
          amount: 100,
          returnUrl: 'https://shop.example/done',
        })
      ).body;
      const asTransfer = await browserGet(
        String(purchase.formUrl).replace('/payment_en.html', '/p2p_en.html'),
      );
      assert.equal(asTransfer.status, 404);
      const page = await browserGet(transfer.formUrl);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.match(page.text, /id="fee">€2\.50</);
      assert.match(page.text, /id="total">€52\.50</);
    });

    test('a wrong post is marked field by field and never echoes a card number; a right one transfers', async () => {
      const order = await register();
      const form = transferForm((await browserGet(order.formUrl)).text);
      const wrong = await submit(form, {
        fromPan: '4111111111111111',
        fromExpiry: '01/20',
        fromCardholderName: 'Jane Doe',
        fromCvc: '12',
        toPan: '5555555555554444',
      });
      assert.equal(wrong.status, 422);
      assert.match(wrong.text, /id="fromExpiry"[^>]*aria-invalid="true"/);
      assert.match(wrong.text, /id="fromCvc"[^>]*aria-invalid="true"/);
      assert.match(wrong.text, /id="fromPan"[^>]*aria-invalid="false"/);
      assert.doesNotMatch(wrong.text, /4111111111111111|5555555555554444/);
      assert.equal((await status(order.orderId)).orderStatus, 0);
      const right = await submit(form, {
        fromPan: '4111 1111 1111 1111',
        fromExpiry: '12/34',
        fromCardholderName: 'Jane Doe',
        fromCvc: '123',
        toPan: '5555555555554444',
      });
      assert.equal(right.status, 303);
      assert.match(right.location ?? '', /^https:\/\/shop\.example\/done\?orderId=/);
      const body = await status(order.orderId);
      assert.equal(body.orderStatus, 2);
      assert.equal(body.amount, 5000);
      // A second submit of the same form moves no money again.
      const again = await submit(form, {
        fromPan: '4111111111111111',
        fromExpiry: '12/34',
        fromCardholderName: 'Jane Doe',
        fromCvc: '123',
        toPan: '5555555555554444',
      });
      assert.match(again.text, /data-notice="paid"/);
      assert.equal(((await status(order.orderId)).operationList as Body[]).length, 2);
    });

    test('with creditBindingId the recipient is shown masked and no number is asked for it', async () => {
      const recipient = (
        await gh.post('/payment/rest/createBindingNoPayment.do', {
          userName: shop.auth.username,
          password: shop.auth.password,
          clientId: `recipient-${engine}`,
          pan: '5555555555554444',
          expiryDate: '203412',
          cardholderName: 'JOHN ROE',
        })
      ).body;
      assert.equal(recipient.errorCode, '0', JSON.stringify(recipient));
      const order = await register({ creditBindingId: recipient.bindingId });
      const page = (await browserGet(order.formUrl)).text;
      assert.match(page, /id="known-recipient">\s*Card 555555\*\*4444\s*</);
      assert.doesNotMatch(page, /name="toPan"/);
      const made = await submit(transferForm(page), {
        fromPan: '4111111111111111',
        fromExpiry: '12/34',
        fromCardholderName: 'Jane Doe',
        fromCvc: '123',
      });
      assert.equal(made.status, 303);
      assert.equal((await status(order.orderId)).panMaskedTo, '555555**4444');
    });
  });
}
