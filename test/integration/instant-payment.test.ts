import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { gatewayKeys } from '../../src/config/gateway-keys.js';
import { sealSeToken } from '../../src/processing/se-token.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

const PAY = '/payment/rest/instantPayment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';

for (const engine of ENGINES) {
  describe(`${engine}: instantPayment.do without 3-D Secure`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_ACQUIRER_TIMEOUT_MS: '300' } });
      auth = (await gh.createMerchant({ permissions: ['preAuth'] })).auth;
    });
    after(() => gh.close());

    const pay = (params: Record<string, string | number | boolean>) =>
      gh.post(PAY, {
        ...auth,
        amount: 1500,
        pan: '4111111111111111',
        expiry: '203412',
        cvc: '123',
        cardholderName: 'CARD HOLDER',
        returnUrl: 'https://shop.example/ok',
        failUrl: 'https://shop.example/fail',
        orderNumber: `ip-${randomBytes(4).toString('hex')}`,
        ...params,
      });
    const status = async (orderId: string) => (await gh.post(STATUS, { ...auth, orderId })).body;

    test('an approved one-phase payment answers as the spec and reads back as deposited (2)', async () => {
      const response = await pay({ orderNumber: 'approved-1' });
      assert.equal(response.status, 200);
      const body = response.body;
      assert.equal(body.errorCode, '0');
      assert.equal(body.orderNumber, 'approved-1');
      assert.match(String(body.orderId), /^[0-9a-f-]{36}$/);
      assert.equal(body.redirect, `https://shop.example/ok?orderId=${String(body.orderId)}&lang=en`);
      assert.equal(typeof body.info, 'string');
      const block = body.orderStatus as Record<string, unknown>;
      assert.equal(block.ErrorCode, '0');
      assert.equal(block.OrderStatus, 2);
      assert.equal(block.OrderNumber, 'approved-1');
      assert.equal(block.Pan, '411111**1111');
      assert.equal(block.expiration, 203412);
      assert.equal(block.cardholderName, 'CARD HOLDER');
      assert.equal(block.Amount, 1500);
      assert.equal(block.depositAmount, 1500);
      assert.equal(block.approvedAmount, 1500);
      assert.equal(block.authCode, 2);
      assert.match(String(block.approvalCode), /^[A-Z0-9]{6}$/);
      assert.equal(typeof block.rrn, 'number');
      assert.ok(!response.text.includes('4111111111111111'), 'the PAN never appears in clear');

      const read = await status(String(body.orderId));
      assert.equal(read.orderStatus, 2);
      assert.equal(read.actionCode, 0);
      assert.deepEqual(read.paymentAmountInfo, {
        paymentState: 'DEPOSITED',
        approvedAmount: 1500,
        depositedAmount: 1500,
        refundedAmount: 0,
        totalAmount: 1500,
      });
      const card = read.cardAuthInfo as Record<string, unknown>;
      assert.equal(card.maskedPan, '411111**1111');
      assert.equal(card.paymentSystem, 'VISA');
      assert.equal(card.approvalCode, block.approvalCode);
      assert.equal(read.terminalId, 'GH000001');
      assert.equal(read.paymentWay, 'CARD');
      assert.equal(typeof read.authDateTime, 'number');
      assert.match(String(read.paymentNetRefNum), /^\d{15}$/);
    });

    test('preAuth=true holds the amount: status 1, approved but not deposited', async () => {
      const body = (await pay({ preAuth: true })).body;
      assert.equal((body.orderStatus as Record<string, unknown>).OrderStatus, 1);
      const read = await status(String(body.orderId));
      assert.equal(read.orderStatus, 1);
      assert.deepEqual(read.paymentAmountInfo, {
        paymentState: 'APPROVED',
        approvedAmount: 1500,
        depositedAmount: 0,
        refundedAmount: 0,
        totalAmount: 1500,
      });
    });

    test('preAuth needs the merchant permission', async () => {
      const other = (await gh.createMerchant()).auth;
      const response = await gh.post(PAY, {
        ...other,
        amount: 100,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        preAuth: true,
      });
      assert.equal(response.body.errorCode, '5');
      assert.match(String(response.body.error), /preAuth/);
    });

    const declines: [string, Record<string, string | number>, number][] = [
      ['do not honour', { pan: '4000000000000002' }, 100],
      ['insufficient funds', { pan: '4000000000009995' }, 116],
      ['lost card', { pan: '4000000000009987' }, 208],
      ['expired card', { pan: '4000000000000069' }, 101],
      ['incorrect CVC on the 0127 card', { pan: '4000000000000127', cvc: '124' }, 71015],
      ['CVC 000 on any card', { cvc: '000' }, 71015],
      ['expiry 2035-10 on any card', { expiry: '203510' }, 71015],
      ['the limit card above 1000.00', { pan: '4000000000000036', amount: 100_001 }, 121],
      ['an issuer that never answers (processing timeout)', { pan: '4000000000000119' }, 151019],
    ];
    for (const [name, params, actionCode] of declines) {
      test(`declined: ${name} gives status 6 and actionCode ${actionCode}`, async () => {
        const body = (await pay(params)).body;
        assert.equal(body.errorCode, '0');
        assert.equal((body.orderStatus as Record<string, unknown>).OrderStatus, 6);
        assert.match(String(body.redirect), /^https:\/\/shop\.example\/fail\?orderId=/);
        const read = await status(String(body.orderId));
        assert.equal(read.orderStatus, 6);
        assert.equal(read.actionCode, actionCode);
        assert.ok(String(read.actionCodeDescription).length > 0);
        assert.equal((read.paymentAmountInfo as Record<string, unknown>).approvedAmount, 0);
      });
    }

    test('the limit card approves exactly 1000.00', async () => {
      const body = (await pay({ pan: '4000000000000036', amount: 100_000 })).body;
      assert.equal((body.orderStatus as Record<string, unknown>).OrderStatus, 2);
    });

    test('network M and a network other than M and V are shown by BIN', async () => {
      const mastercard = await status(String((await pay({ pan: '5555555555554444' })).body.orderId));
      assert.equal((mastercard.cardAuthInfo as Record<string, unknown>).paymentSystem, 'MASTERCARD');
      const other = await status(String((await pay({ pan: '2200000000000053' })).body.orderId));
      assert.equal((other.cardAuthInfo as Record<string, unknown>).paymentSystem, 'OTHER');
      assert.equal(other.orderStatus, 2);
    });

    test('card data is checked before the issuer: Luhn, length, expiry, CVC, cardholder', async () => {
      const refusals: [Record<string, string>, string, RegExp][] = [
        [{ pan: '4111111111111112' }, '5', /pan/],
        [{ pan: '41111111111111' }, '5', /pan/],
        [{ pan: '41111111111111111111' }, '5', /pan/],
        [{ expiry: '202001' }, '5', /expiry/],
        [{ expiry: '203413' }, '5', /expiry/],
        [{ cvc: '12' }, '5', /cvc/],
        [{ cvc: '12a' }, '5', /cvc/],
        [{ cardholderName: 'Ж' }, '5', /cardholderName/],
        [{ cardholderName: 'A'.repeat(46) }, '5', /cardholderName/],
        [{ pan: '' }, '4', /pan/],
        [{ expiry: '' }, '4', /expiry/],
      ];
      for (const [params, errorCode, message] of refusals) {
        const response = await pay(params);
        assert.equal(response.body.errorCode, errorCode, JSON.stringify(params));
        assert.match(String(response.body.error), message, JSON.stringify(params));
        assert.equal(response.body.orderId, undefined);
      }
      const german = await pay({ pan: '4111111111111112', language: 'de' });
      assert.equal(german.body.errorCode, '5');
      assert.notEqual(german.body.error, (await pay({ pan: '4111111111111112' })).body.error);
    });

    test('seToken: card data sealed with the gateway key pays like clear card data', async () => {
      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const seToken = sealSeToken(
        { pan: '5555555555554444', expiry: '203012', cvc: '123' },
        publicKey,
        gh.clock.nowMs(),
      );
      const body = (await pay({ pan: '', expiry: '', cvc: '', seToken })).body;
      assert.equal(body.errorCode, '0', JSON.stringify(body));
      const block = body.orderStatus as Record<string, unknown>;
      assert.equal(block.OrderStatus, 2);
      assert.equal(block.Pan, '555555**4444');
      assert.equal(block.expiration, 203012);
      const declined = sealSeToken(
        { pan: '4000000000009995', expiry: '203012' },
        publicKey,
        gh.clock.nowMs(),
      );
      assert.equal(
        (
          (await pay({ pan: '', expiry: '', cvc: '', seToken: declined })).body.orderStatus as Record<
            string,
            unknown
          >
        ).OrderStatus,
        6,
      );
    });

    test('seToken refusals: with clear card data, garbage, another key, too old, bound to an order', async () => {
      const publicKey = await gatewayKeys(gh.database.dataDir).publicKeyPem();
      const card = { pan: '4111111111111111', expiry: '203412' };
      const fresh = sealSeToken(card, publicKey, gh.clock.nowMs());
      const conflict = await pay({ expiry: '', cvc: '', seToken: fresh });
      assert.equal(conflict.body.errorCode, '5');
      assert.match(String(conflict.body.error), /pan.*seToken|seToken.*pan/);
      const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
      for (const seToken of [
        'bm90IGEgdG9rZW4=',
        sealSeToken(card, otherKey, gh.clock.nowMs()),
        sealSeToken(card, publicKey, gh.clock.nowMs() - 2 * 3_600_000),
        sealSeToken({ ...card, mdOrder: 'some-order' }, publicKey, gh.clock.nowMs()),
      ]) {
        const response = await pay({ pan: '', expiry: '', cvc: '', seToken });
        assert.equal(response.body.errorCode, '5');
        assert.match(String(response.body.error), /seToken/);
        assert.equal(response.body.orderId, undefined);
      }
    });

    test('features=VERIFY with an amount is refused, never paid; FORCE_SSL pays', async () => {
      const verify = await pay({ features: 'VERIFY' });
      assert.equal(verify.body.errorCode, '5');
      assert.match(String(verify.body.error), /VERIFY/);
      assert.equal(verify.body.orderId, undefined);
      const forced = await pay({ features: 'FORCE_SSL' });
      assert.equal((forced.body.orderStatus as Record<string, unknown>).OrderStatus, 2);
    });

    test('backUrl is accepted as the spec names returnUrl in direct payment', async () => {
      const response = await gh.post(PAY, {
        ...auth,
        amount: 100,
        pan: '4111111111111111',
        expiry: '203412',
        backUrl: 'https://shop.example/back',
      });
      assert.equal(response.body.errorCode, '0');
      assert.match(String(response.body.redirect), /^https:\/\/shop\.example\/back\?orderId=/);
    });

    test('an omitted orderNumber is generated; a reused one is refused with errorCode 1', async () => {
      const generated = await gh.post(PAY, {
        ...auth,
        amount: 100,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
      });
      assert.match(String(generated.body.orderNumber), /^\d{20}$/);
      const first = await pay({ orderNumber: 'reused-1' });
      assert.equal(first.body.errorCode, '0');
      const second = await pay({ orderNumber: 'reused-1' });
      assert.equal(second.body.errorCode, '1');
    });

    test('parameters of permissions not held are refused instead of ignored', async () => {
      for (const params of <Record<string, string>[]>[
        { dccData: '{"dccUuid":"x","dccCurrencyCode":"840"}' },
        { tii: 'U' },
        { autocompletionDate: '2030-01-01T00:00:00' },
      ]) {
        const response = await pay(params);
        assert.equal(response.body.errorCode, '5', JSON.stringify(params));
        assert.match(String(response.body.error), /not|permission/, JSON.stringify(params));
        assert.equal(response.body.orderId, undefined);
      }
    });

    test('the register.do rules hold here too: currency, URLs, payer blocks', async () => {
      assert.equal((await pay({ currency: '999' })).body.errorCode, '3');
      assert.equal((await pay({ returnUrl: 'shop.example/ok' })).body.errorCode, '4');
      assert.equal((await pay({ phone: '12ab' })).body.errorCode, '5');
    });
  });
}

for (const engine of ENGINES) {
  describe(`${engine}: motoPayment.do`, () => {
    let gh: TestGatehouse;
    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    const moto = (
      auth: { userName: string; password: string },
      extra: Record<string, string | number | boolean> = {},
    ) =>
      gh.post('/payment/rest/motoPayment.do', {
        ...auth,
        amount: 4200,
        pan: '4111111111111111',
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        ...extra,
      });

    test('needs the merchant permission moto', async () => {
      const { auth } = await gh.createMerchant();
      const response = await moto(auth);
      assert.equal(response.body.errorCode, '5');
      assert.match(String(response.body.error), /motoPayment\.do/);
      assert.equal(response.body.orderId, undefined);
    });

    test('pays without a CVC and without customer authentication; the order shows CARD_MOTO', async () => {
      const { auth } = await gh.createMerchant({ permissions: ['moto', 'preAuth'] });
      const paid = await moto(auth);
      assert.equal(paid.body.errorCode, '0');
      assert.equal((paid.body.orderStatus as Record<string, unknown>).OrderStatus, 2);
      const read = (await gh.post(STATUS, { ...auth, orderId: String(paid.body.orderId) })).body;
      assert.equal(read.paymentWay, 'CARD_MOTO');
      const held = await moto(auth, { preAuth: true, pan: '5555555555555599', cvc: '123' });
      assert.equal(
        (held.body.orderStatus as Record<string, unknown>).OrderStatus,
        1,
        'a challenge card needs no challenge by phone',
      );
      const declined = await moto(auth, { pan: '4000000000009995' });
      assert.equal((declined.body.orderStatus as Record<string, unknown>).OrderStatus, 6);
    });
  });
}
