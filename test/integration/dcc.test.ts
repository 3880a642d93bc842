import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Refusal } from '../../src/domain/refusals.js';
import type { AcquirerPort } from '../../src/processing/acquirer/acquirer-port.js';
import type { MerchantContext } from '../../src/services/merchant-context.js';
import { ENGINES } from '../support/engines.js';
import { moneyWorld } from '../support/money-world.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { calculate, DCC_CARDS, dccRatesFile } from '../support/dcc.js';
import { assertRefusal } from '../support/refusals.js';

const PAY = '/payment/rest/instantPayment.do';
const STATUS = '/payment/rest/getOrderStatusExtended.do';
const DEPOSIT = '/payment/rest/deposit.do';
const REFUND = '/payment/rest/refund.do';
const REVERSE = '/payment/rest/reverse.do';
const REGISTER = '/payment/rest/register.do';

type Auth = { userName: string; password: string };
type Body = Record<string, unknown>;

for (const engine of ENGINES) {
  describe(`${engine}: dynamic currency conversion (issue 11)`, () => {
    let gh: TestGatehouse;
    let auth: Auth;

    before(async () => {
      gh = await startTestGatehouse(engine, {
        reachable: true,
        env: { GATEHOUSE_DCC_RATES_FILE: dccRatesFile() },
      });
      auth = (await gh.createMerchant({ permissions: ['dcc', 'preAuth', 'partialReversal'] })).auth;
    });
    after(() => gh.close());

    const status = async (orderId: string, as: Auth = auth) =>
      (await gh.post(STATUS, { ...as, orderId, language: 'en' })).body;
    const amounts = (body: Body) =>
      body.paymentAmountInfo as Record<string, number> & {
        refundedAmount: number;
        dccRefundedAmount: number;
        dccDepositedAmount: number;
      };

    /** Calculates for `pan` and pays it with dccData (SSL-only merchant: decided in one call). */
    async function payConverted(
      pan: string,
      amount: number,
      extra: Record<string, unknown> = {},
      as: Auth = auth,
    ) {
      const calc = (await calculate(gh, as, { pan, amount, currency: 978 })).body;
      assert.equal(calc.errorCode, '0', JSON.stringify(calc));
      const element = (calc.dccData as Body[])[0] as Body;
      const paid = await gh.post(PAY, {
        ...as,
        amount,
        currency: '978',
        pan,
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `dcc-${randomBytes(5).toString('hex')}`,
        dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: String(element.dccCurrencyCode) },
        ...extra,
      });
      assert.equal(paid.body.errorCode, '0', JSON.stringify(paid.body));
      return { orderId: String(paid.body.orderId), calc, element };
    }

    test('GATEHOUSE_DCC_RATES_FILE: a bad line stops the start, naming the variable and the line', async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-dcc-bad-')), 'rates.csv');
      writeFileSync(path, '# ok\n978,840,1.1\n978,826,abc\n');
      await assert.rejects(
        startTestGatehouse(engine, { env: { GATEHOUSE_DCC_RATES_FILE: path } }),
        /GATEHOUSE_DCC_RATES_FILE: line 3: --rate/,
      );
    });

    test('calculate.do answers the spec reply: exact rate, rounded amount, formatted in the language', async () => {
      const reply = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 10000, currency: 978 })).body;
      assert.equal(reply.errorCode, '0');
      assert.equal(reply.errorMessage, 'Success');
      assert.equal(reply.originalAmount, '10000');
      assert.match(String(reply.dccUuid), /^[0-9a-f-]{36}$/);
      assert.deepEqual((reply.dccData as Body[]).length, 1);
      const element = (reply.dccData as Body[])[0] as Body;
      // 100.00 EUR x 1.0832 x 1.035 = 112.11112 USD, rounded half-up to cents.
      assert.equal(element.dccCurrencyCode, 840);
      assert.equal(element.dccAmount, '11211');
      assert.equal(element.dccAmountFormatted, '$112.11');
      assert.equal(element.dccCurrencyCodeAlpha, 'USD');
      assert.equal(element.dccConversionRate, '1.121112');
      assert.equal(element.dccDirectConversionRate, '1.0832');
      assert.equal(element.dccFeePercentage, '3.5');
      assert.equal((element.additionalParams as Body).originalCurrencyCodeAlpha, 'EUR');
      const german = (
        await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 10000, currency: 978, language: 'de' })
      ).body;
      assert.match(String(((german.dccData as Body[])[0] as Body).dccAmountFormatted), /^112,11\s\$$/u);
      const yen = (await calculate(gh, auth, { pan: DCC_CARDS.jpy, amount: 1999, currency: '978' })).body;
      assert.equal(((yen.dccData as Body[])[0] as Body).dccAmount, '3312'); // 19.99 x 161.234 x 1.0275 = 3311.7
      const dinar = (await calculate(gh, auth, { pan: DCC_CARDS.kwd, amount: 1999, currency: '978' })).body;
      assert.equal(((dinar.dccData as Body[])[0] as Body).dccAmount, '6819'); // 6.81931 KWD, three decimals
    });

    test('calculate.do refusals: euro and same-currency cards, missing rate, missing parameters, permission', async () => {
      const euro = (await calculate(gh, auth, { pan: DCC_CARDS.eur, amount: 100, currency: 978 })).body;
      assert.equal(euro.errorCode, '5');
      assert.match(String(euro.errorMessage), /not available for this card.*EUR/);
      const plain = (await calculate(gh, auth, { pan: '4111111111111111', amount: 100, currency: 978 })).body;
      assert.equal(plain.errorCode, '5', 'cards not in the BIN file are euro cards');
      const same = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 100, currency: 840 })).body;
      assert.equal(same.errorCode, '5');
      assert.match(String(same.errorMessage), /USD/);
      const noRate = await calculate(gh, auth, { pan: DCC_CARDS.gbpChallenge, amount: 100, currency: 840 });
      assertRefusal(noRate, {
        errorCode: '7',
        key: 'DCC_RATE_UNAVAILABLE',
        vars: { from: 'USD', to: 'GBP' },
      });
      assert.equal((await calculate(gh, auth, { pan: DCC_CARDS.usd, currency: 978 })).body.errorCode, '4');
      assert.equal((await calculate(gh, auth, { amount: 1, currency: 978 })).body.errorCode, '4');
      const luhn = (await calculate(gh, auth, { pan: '4000008400000002', amount: 1, currency: 978 })).body;
      assert.equal(luhn.errorCode, '5');
      const other = (await gh.createMerchant()).auth;
      const denied = (await calculate(gh, other, { pan: DCC_CARDS.usd, amount: 100, currency: 978 })).body;
      assert.equal(denied.errorCode, '5');
      assert.match(String(denied.errorMessage), /permitted/);
      const french = (
        await calculate(gh, auth, { pan: DCC_CARDS.eur, amount: 1, currency: 978, language: 'fr' })
      ).body;
      assert.doesNotMatch(String(french.errorMessage), /not available/);
    });

    test('calculate.do with mdorder takes the order amount; the calculation stores a keyed hash, never the PAN', async () => {
      const registered = (
        await gh.post(REGISTER, {
          ...auth,
          amount: 5000,
          currency: '978',
          orderNumber: `r-${randomBytes(4).toString('hex')}`,
          returnUrl: 'https://shop.example/ok',
        })
      ).body;
      const reply = (await calculate(gh, auth, { mdorder: registered.orderId, pan: DCC_CARDS.usd })).body;
      assert.equal(reply.originalAmount, '5000');
      const conflict = (
        await calculate(gh, auth, { mdorder: registered.orderId, pan: DCC_CARDS.usd, amount: 1 })
      ).body;
      assert.equal(conflict.errorCode, '5');
      const rows = JSON.stringify(
        await gh.gatehouse.store.db.selectFrom('dcc_calculations').selectAll().execute(),
      );
      assert.ok(rows.length > 0);
      for (const pan of Object.values(DCC_CARDS))
        assert.ok(!rows.includes(pan), 'no PAN in dcc_calculations');
    });

    test('scenario 2: instantPayment.do with dccData pays in the card currency; the status shows both amounts', async () => {
      const shop = (
        await gh.createMerchant({ permissions: ['dcc'], callbackUrl: 'https://shop.example/callback' })
      ).auth;
      const { orderId, calc } = await payConverted(DCC_CARDS.usd, 10000, {}, shop);
      const body = await status(orderId, shop);
      assert.equal(body.orderStatus, 2);
      assert.equal(body.amount, 10000);
      assert.equal(body.currency, '978');
      const dcc = body.dccData as Body;
      assert.equal(dcc.dccUuid, calc.dccUuid);
      assert.equal(dcc.dccCurrencyCode, 840);
      assert.equal(dcc.dccAmount, '11211');
      assert.equal(dcc.dccConversionRate, '1.121112');
      assert.deepEqual(
        [
          amounts(body).approvedAmount,
          amounts(body).depositedAmount,
          amounts(body).dccApprovedAmount,
          amounts(body).dccDepositedAmount,
        ],
        [10000, 10000, 11211, 11211],
      );
      const callback = await gh.gatehouse.store.db
        .selectFrom('callbacks')
        .select('params')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      const params = JSON.parse(callback.params) as Body;
      assert.equal(params.amount, '10000');
      assert.equal(params.dccAmount, '11211');
      assert.equal(params.dccCurrency, '840');
    });

    test('a calculation pays once, for its card, amount and merchant, while it lives', async () => {
      const calc = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 700, currency: 978 })).body;
      const base = {
        ...auth,
        amount: 700,
        currency: '978',
        pan: DCC_CARDS.usd,
        expiry: '203412',
        returnUrl: 'https://shop.example/ok',
        dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: '840' },
      };
      const wrongAmount = (await gh.post(PAY, { ...base, amount: 701 })).body;
      assert.equal(wrongAmount.errorCode, '5');
      assert.match(String(wrongAmount.error), /\[amount\]/);
      const wrongCard = (await gh.post(PAY, { ...base, pan: DCC_CARDS.usdFrictionless })).body;
      assert.match(String(wrongCard.error), /\[pan\]/);
      const wrongCurrency = (
        await gh.post(PAY, { ...base, dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: '826' } })
      ).body;
      assert.match(String(wrongCurrency.error), /dccCurrencyCode/);
      const stranger = await gh.createMerchant({ permissions: ['dcc'] });
      const foreign = (await gh.post(PAY, { ...base, ...stranger.auth })).body;
      assert.equal(foreign.errorCode, '5');
      assert.match(String(foreign.error), /not found/);
      assert.equal((await gh.post(PAY, base)).body.errorCode, '0');
      const again = (await gh.post(PAY, base)).body;
      assert.equal(again.errorCode, '5');
      assert.match(String(again.error), /already been used/);
      const late = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 700, currency: 978 })).body;
      gh.clock.advance(15 * 60_000 + 1);
      const expired = (
        await gh.post(PAY, { ...base, dccData: { dccUuid: late.dccUuid, dccCurrencyCode: '840' } })
      ).body;
      assert.match(String(expired.error), /expired/);
    });

    test('scenario 3: captures, reversals and refunds in either currency keep both ledgers exact', async () => {
      const { orderId } = await payConverted(DCC_CARDS.usd, 10000, { preAuth: true });
      let body = await status(orderId);
      assert.equal(body.orderStatus, 1);
      assert.equal(amounts(body).dccApprovedAmount, 11211);
      // A partial reversal of the hold, named in USD: 11.21 USD leaves 100.90 USD = 90.00 EUR.
      assert.equal(
        (await gh.post(REVERSE, { ...auth, orderId, amount: 1121, currency: '840' })).body.errorCode,
        '0',
      );
      body = await status(orderId);
      assert.deepEqual([amounts(body).approvedAmount, amounts(body).dccApprovedAmount], [9000, 10090]);
      // Capture 80.00 EUR: 89.69 USD (what is left, 10.00 EUR, is 11.21 USD, so 100.90 - 11.21).
      assert.equal((await gh.post(DEPOSIT, { ...auth, orderId, amount: 8000 })).body.errorCode, '0');
      body = await status(orderId);
      assert.deepEqual([amounts(body).depositedAmount, amounts(body).dccDepositedAmount], [8000, 8969]);
      const refunds = [
        { amount: 1000, currency: '978' },
        { amount: 333, currency: '840' },
        { amount: 1, currency: '978' },
        { amount: 0, currency: '840' },
      ];
      for (const refund of refunds) {
        const answer = (await gh.post(REFUND, { ...auth, orderId, ...refund })).body;
        assert.equal(answer.errorCode, '0', JSON.stringify(answer));
      }
      body = await status(orderId);
      assert.equal(body.orderStatus, 4);
      assert.equal(amounts(body).refundedAmount, 8000);
      assert.equal(amounts(body).dccRefundedAmount, 8969);
      const listed = body.refunds as Body[];
      assert.equal(
        listed.reduce((sum, refund) => sum + Number(refund.amount), 0),
        8000,
      );
      assert.equal(
        listed.reduce((sum, refund) => sum + Number(refund.dccAmount), 0),
        8969,
      );
      const beyond = (await gh.post(REFUND, { ...auth, orderId, amount: 1, currency: '840' })).body;
      assert.equal(beyond.errorCode, '5');
      const wrong = (await gh.post(REFUND, { ...auth, orderId, amount: 1, currency: '826' })).body;
      assert.equal(wrong.errorCode, '5');
      assert.match(String(wrong.errorMessage), /978, 840/);
    });

    test('a partial reversal of a DCC hold still needs the permission partialReversal', async () => {
      const plain = await gh.createMerchant({ permissions: ['dcc', 'preAuth'] });
      const calc = (await calculate(gh, plain.auth, { pan: DCC_CARDS.usd, amount: 2000, currency: 978 }))
        .body;
      const paid = (
        await gh.post(PAY, {
          ...plain.auth,
          amount: 2000,
          pan: DCC_CARDS.usd,
          expiry: '203412',
          preAuth: true,
          returnUrl: 'https://shop.example/ok',
          dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: '840' },
        })
      ).body;
      const partial = (
        await gh.post(REVERSE, { ...plain.auth, orderId: String(paid.orderId), amount: 100, currency: '840' })
      ).body;
      assert.equal(partial.errorCode, '5');
      assert.match(String(partial.errorMessage), /permitted/);
      const full = (await gh.post(REVERSE, { ...plain.auth, orderId: String(paid.orderId), currency: '840' }))
        .body;
      assert.equal(full.errorCode, '0');
      const body = await status(String(paid.orderId), plain.auth);
      assert.deepEqual(
        [body.orderStatus, amounts(body).approvedAmount, amounts(body).dccApprovedAmount],
        [3, 0, 0],
      );
    });

    test('a movement the acquirer refuses is undone in both currencies', async () => {
      const refusing = {
        capture: () => Promise.resolve({ approved: false, reason: 'doNotHonour' }),
        reverse: () => Promise.resolve({ outcome: 'refused', final: true, reason: 'doNotHonour' }),
        refund: () => Promise.resolve({ approved: false, reason: 'doNotHonour' }),
      } as unknown as AcquirerPort;
      const db = gh.gatehouse.store.db;
      const lifecycle = moneyWorld(gh, refusing).lifecycle;
      const row = (orderId: string) =>
        db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const ledger = (order: Awaited<ReturnType<typeof row>>) => [
        order.status,
        order.approved_minor,
        order.dcc_approved_minor,
        order.deposited_minor,
        order.dcc_deposited_minor,
        order.refunded_minor,
        order.dcc_refunded_minor,
      ];
      const declined = (error: unknown) => error instanceof Refusal && error.key === 'OPERATION_DECLINED';
      const held = (await payConverted(DCC_CARDS.kwd, 1999, { preAuth: true })).orderId;
      const heldBefore = ledger(await row(held));
      await assert.rejects(lifecycle.deposit(await row(held), 1000, { side: 'dcc' }), declined);
      assert.deepEqual(ledger(await row(held)), heldBefore, 'refused capture');
      const merchant = { permissions: new Set(['partialReversal']) } as unknown as MerchantContext;
      await assert.rejects(lifecycle.reverse(merchant, await row(held), 3000, { side: 'dcc' }), declined);
      assert.deepEqual(ledger(await row(held)), heldBefore, 'refused partial reversal');
      await assert.rejects(
        lifecycle.reverse(merchant, await row(held), undefined, { side: 'dcc' }),
        declined,
      );
      assert.deepEqual(ledger(await row(held)), heldBefore, 'refused full reversal');
      const paid = (await payConverted(DCC_CARDS.kwd, 1999)).orderId;
      assert.equal((await gh.post(REFUND, { ...auth, orderId: paid, amount: 500 })).body.errorCode, '0');
      const paidBefore = ledger(await row(paid));
      await assert.rejects(lifecycle.refund(await row(paid), 777, { side: 'dcc' }), declined);
      assert.deepEqual(ledger(await row(paid)), paidBefore, 'refused refund');
    });

    test('concurrent partial refunds of one DCC order: every approved one counted once, in both currencies', async () => {
      const { orderId } = await payConverted(DCC_CARDS.jpy, 10000);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          gh.post(REFUND, {
            ...auth,
            orderId,
            amount: index % 2 === 0 ? 700 : 1100,
            currency: index % 2 === 0 ? '978' : '392',
          }),
        ),
      );
      for (const answer of answers) assert.equal(answer.body.errorCode, '0', JSON.stringify(answer.body));
      const body = await status(orderId);
      const listed = body.refunds as Body[];
      assert.equal(listed.length, 12);
      assert.equal(
        amounts(body).refundedAmount,
        listed.reduce((sum, refund) => sum + Number(refund.amount), 0),
      );
      assert.equal(
        amounts(body).dccRefundedAmount,
        listed.reduce((sum, refund) => sum + Number(refund.dccAmount), 0),
      );
      assert.ok(
        amounts(body).refundedAmount <= 10000 &&
          amounts(body).dccRefundedAmount <= amounts(body).dccDepositedAmount,
      );
    });

    test('scenario 2 with 3-D Secure: the AReq carries the converted amount and currency', async () => {
      // 25.00 EUR x 0.8412 x 1.03 = 21.6609 GBP: the challenge card's ACS records what the AReq asked.
      const secured = await gh.createMerchant({ authenticates: true, permissions: ['dcc'] });
      const calc = (
        await calculate(gh, secured.auth, { pan: DCC_CARDS.gbpChallenge, amount: 2500, currency: 978 })
      ).body;
      const params = {
        ...secured.auth,
        amount: 2500,
        currency: '978',
        pan: DCC_CARDS.gbpChallenge,
        expiry: '203412',
        cvc: '123',
        returnUrl: 'https://shop.example/ok',
        orderNumber: `dcc3ds-${randomBytes(4).toString('hex')}`,
        dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: '826' },
      };
      const first = (await gh.post(PAY, params)).body;
      assert.equal(first.errorCode, '0', JSON.stringify(first));
      assert.equal(first.is3DSVer2, true);
      const second = (
        await gh.post(PAY, { ...params, threeDSServerTransId: String(first.threeDSServerTransId) })
      ).body;
      assert.equal(second.acsUrl, `${gh.baseUrl}/acs/challenge`);
      const acs = await gh.gatehouse.store.db
        .selectFrom('acs_transactions')
        .select(['purchase_amount', 'purchase_currency'])
        .where('three_ds_server_trans_id', '=', String(first.threeDSServerTransId))
        .executeTakeFirstOrThrow();
      assert.deepEqual(acs, { purchase_amount: '2166', purchase_currency: '826' });
    });

    test('paymentOrderBinding.do with dccData converts the registered order before paying it', async () => {
      const owner = await gh.createMerchant({ permissions: ['dcc', 'storedCredentials'] });
      const clientId = `c-${randomBytes(4).toString('hex')}`;
      const binding = (
        await gh.post('/payment/rest/createBindingNoPayment.do', {
          ...owner.auth,
          clientId,
          pan: DCC_CARDS.kwd,
          expiryDate: '203412',
          cardholderName: 'JANE DOE',
        })
      ).body;
      assert.equal(binding.errorCode, '0', JSON.stringify(binding));
      const order = (
        await gh.post(REGISTER, {
          ...owner.auth,
          amount: 1999,
          clientId,
          returnUrl: 'https://shop.example/ok',
          orderNumber: `b-${randomBytes(4).toString('hex')}`,
        })
      ).body;
      const calc = (await calculate(gh, owner.auth, { mdorder: order.orderId, bindingId: binding.bindingId }))
        .body;
      assert.equal(calc.errorCode, '0', JSON.stringify(calc));
      assert.equal(((calc.dccData as Body[])[0] as Body).dccAmount, '6819');
      const paid = (
        await gh.post('/payment/rest/paymentOrderBinding.do', {
          ...owner.auth,
          mdOrder: String(order.orderId),
          bindingId: String(binding.bindingId),
          dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: '414' },
        })
      ).body;
      assert.equal(paid.errorCode, '0', JSON.stringify(paid));
      const body = await status(String(order.orderId), owner.auth);
      assert.equal(body.orderStatus, 2);
      assert.equal((body.dccData as Body).dccCurrencyCodeAlpha, 'KWD');
      assert.equal(amounts(body).dccDepositedAmount, 6819);
    });
  });
}
