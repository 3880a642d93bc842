import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { calculate, DCC_CARDS, dccRatesFile } from '../support/dcc.js';
import { propertyRuns, propertySeed } from '../support/property-seed.js';

type Body = Record<string, unknown>;

const CARDS = [
  { pan: DCC_CARDS.usd, currency: '840' },
  { pan: DCC_CARDS.jpy, currency: '392' },
  { pan: DCC_CARDS.kwd, currency: '414' },
] as const;

/**
 * A fresh seed each run, printed; replay one with GATEHOUSE_DCC_SEED=<seed>. Each case is a real
 * payment and up to eight movements over HTTP, so the count stays small (GATEHOUSE_DCC_RUNS, up to
 * 200, searches longer on demand).
 */
const SEED = propertySeed('GATEHOUSE_DCC_SEED', 'dcc invariants');
const RUNS = propertyRuns('GATEHOUSE_DCC_RUNS', 25, 200);

/** One movement after the payment: its kind, the currency it is named in, and its share of what is left. */
const movement = fc.record({
  kind: fc.constantFrom('refund', 'refund', 'refund', 'fullRefund'),
  inDcc: fc.boolean(),
  share: fc.double({ min: 0.01, max: 0.9, noNaN: true }),
});

for (const engine of ENGINES) {
  describe(`${engine}: DCC ledgers under random partial captures and refunds (property)`, () => {
    let gh: TestGatehouse;
    let auth: { userName: string; password: string };

    before(async () => {
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_DCC_RATES_FILE: dccRatesFile() } });
      auth = (await gh.createMerchant({ permissions: ['dcc', 'preAuth', 'partialReversal'] })).auth;
    });
    after(() => gh.close());

    const amountsOf = async (orderId: string) => {
      const body = (await gh.post('/payment/rest/getOrderStatusExtended.do', { ...auth, orderId })).body;
      const info = body.paymentAmountInfo as Record<string, number>;
      const refunds = body.refunds as Body[];
      return {
        approved: [info.approvedAmount ?? 0, info.dccApprovedAmount ?? 0],
        deposited: [info.depositedAmount ?? 0, info.dccDepositedAmount ?? 0],
        refunded: [info.refundedAmount ?? 0, info.dccRefundedAmount ?? 0],
        listed: [
          refunds.reduce((sum, refund) => sum + Number(refund.amount), 0),
          refunds.reduce((sum, refund) => sum + Number(refund.dccAmount), 0),
        ],
      };
    };

    function checkInvariants(state: Awaited<ReturnType<typeof amountsOf>>): void {
      for (const side of [0, 1] as const) {
        const deposited = state.deposited[side] ?? 0;
        const refunded = state.refunded[side] ?? 0;
        assert.ok(deposited <= (state.approved[side] ?? 0), 'captured within the approval');
        assert.ok(refunded >= 0 && refunded <= deposited, 'refunded within the captured amount');
        assert.equal(state.listed[side], refunded, 'the refund rows add up to the order');
      }
      const full = (side: 0 | 1) => state.refunded[side] === state.deposited[side];
      assert.equal(full(0), full(1), 'a full refund is full in both currencies at once');
    }

    test('captured <= approved and refunded <= captured in both currencies, and full closes both', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CARDS),
          fc.integer({ min: 50, max: 500_000 }),
          fc.option(
            fc.record({ inDcc: fc.boolean(), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
            {
              nil: undefined,
            },
          ),
          fc.array(movement, { minLength: 1, maxLength: 6 }),
          async (card, amount, capture, movements) => {
            run += 1;
            const calc = (await calculate(gh, auth, { pan: card.pan, amount, currency: 978 })).body;
            const paid = (
              await gh.post('/payment/rest/instantPayment.do', {
                ...auth,
                amount,
                pan: card.pan,
                expiry: '203412',
                preAuth: true,
                orderNumber: `${engine}-p${run}-${String(calc.dccUuid).slice(0, 8)}`,
                returnUrl: 'https://shop.example/ok',
                dccData: { dccUuid: calc.dccUuid, dccCurrencyCode: card.currency },
              })
            ).body;
            assert.equal(paid.errorCode, '0', JSON.stringify(paid));
            const orderId = String(paid.orderId);
            let state = await amountsOf(orderId);
            const side = (inDcc: boolean) => (inDcc ? 1 : 0);
            const currencyOf = (inDcc: boolean) => (inDcc ? card.currency : '978');
            const captureAmount =
              capture === undefined
                ? 0
                : Math.max(1, Math.floor((state.approved[side(capture.inDcc)] ?? 0) * capture.share));
            const captured = (
              await gh.post('/payment/rest/deposit.do', {
                ...auth,
                orderId,
                amount: captureAmount,
                currency: currencyOf(capture?.inDcc ?? false),
              })
            ).body;
            // A part too small to leave something on both sides is refused; then capture it all.
            if (captured.errorCode !== '0') {
              assert.equal(captured.errorCode, '5', JSON.stringify(captured));
              assert.equal(
                (await gh.post('/payment/rest/deposit.do', { ...auth, orderId, amount: 0 })).body.errorCode,
                '0',
              );
            }
            state = await amountsOf(orderId);
            checkInvariants(state);
            for (const step of movements) {
              const left = (state.deposited[side(step.inDcc)] ?? 0) - (state.refunded[side(step.inDcc)] ?? 0);
              if (left === 0) break;
              const requested = step.kind === 'fullRefund' ? 0 : Math.max(1, Math.floor(left * step.share));
              const before = state;
              const answer = (
                await gh.post('/payment/rest/refund.do', {
                  ...auth,
                  orderId,
                  amount: requested,
                  currency: currencyOf(step.inDcc),
                })
              ).body;
              state = await amountsOf(orderId);
              checkInvariants(state);
              if (answer.errorCode === '0') {
                assert.equal(
                  (state.refunded[side(step.inDcc)] ?? 0) - (before.refunded[side(step.inDcc)] ?? 0),
                  requested === 0 ? left : requested,
                  'the named currency moves by exactly the amount asked',
                );
              } else {
                assert.equal(answer.errorCode, '5', JSON.stringify(answer));
                assert.deepEqual(state, before, 'a refused refund changes nothing');
              }
            }
            // Whatever is left refunds exactly, closing both currencies.
            if ((state.refunded[0] ?? 0) < (state.deposited[0] ?? 0)) {
              const last = (
                await gh.post('/payment/rest/refund.do', {
                  ...auth,
                  orderId,
                  amount: 0,
                  currency: card.currency,
                })
              ).body;
              assert.equal(last.errorCode, '0');
              state = await amountsOf(orderId);
              assert.deepEqual(state.refunded, state.deposited);
            }
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  });
}
