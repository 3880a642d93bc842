import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { assertRefusal } from '../support/refusals.js';

const REST = '/payment/rest';
const SANDBOX = `${REST}/sandbox`;
const DAY_MS = 86_400_000;
/** A moment as the API reads expirationDate: yyyy-MM-ddTHH:mm:ss, UTC. */
const apiDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Within what a loaded machine takes between reading a clock and moving it. */
function assertNear(actual: number, expected: number, why?: string): void {
  assert.ok(Math.abs(actual - expected) < 30_000, `${actual} is not ${expected}: ${why ?? ''}`);
}

interface Event {
  readonly what: string;
  readonly date: number;
  readonly orderId?: string;
  readonly orderNumber?: string;
  readonly outcome?: string;
}

for (const engine of ENGINES) {
  describe(`${engine}: the sandbox test clock endpoints (issue 45)`, () => {
    let gh: TestGatehouse;

    async function merchant() {
      return (await gh.createMerchant()).auth;
    }
    const register = (auth: object, extra: Record<string, string | number> = {}) =>
      gh.post(`${REST}/register.do`, {
        ...auth,
        orderNumber: `clk-${randomBytes(4).toString('hex')}`,
        amount: 1200,
        returnUrl: 'https://shop.example/ok',
        ...extra,
      });

    before(async () => {
      gh = await startTestGatehouse(engine);
    });
    after(() => gh.close());

    test('advance by 7d answers the new clock and what happened: a 20-minute session expired', async () => {
      const shop = await merchant();
      const registeredFrom = gh.clock.nowMs();
      const orderNumber = `clk-${randomBytes(4).toString('hex')}`;
      const registered = await register(shop, { sessionTimeoutSecs: 1200, orderNumber });
      assert.equal(typeof registered.body.orderId, 'string', registered.text);
      const orderId = String(registered.body.orderId);
      const before = gh.clock.nowMs();
      const moved = await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: '7d' });
      assert.equal(moved.body.errorCode, '0', moved.text);
      assert.equal(moved.body.errorMessage, 'Success');
      const clockBefore = Number(moved.body.clockBefore);
      const clockAfter = Number(moved.body.clockAfter);
      assert.ok(clockBefore >= before && clockBefore <= gh.clock.nowMs(), moved.text);
      // The clock ticks on while the advance runs: 7 days on, plus the milliseconds it took.
      assertNear(clockAfter - clockBefore, 7 * DAY_MS);
      assert.equal(moved.body.moreDue, undefined, 'moreDue only when true');
      const events = moved.body.events as Event[];
      const expired = events.find((event) => event.orderId === orderId);
      assert.equal(expired?.what, 'expired', moved.text);
      assert.equal(expired.orderNumber, orderNumber);
      // Run at the moment the session ended (20 minutes after registration), on the merchant's clock.
      assert.ok(expired.date >= registeredFrom + 1_200_000 - 1000, moved.text);
      assert.ok(expired.date <= clockBefore + 1_200_000 + 1000, moved.text);
      const status = await gh.post(`${REST}/getOrderStatusExtended.do`, { ...shop, orderId });
      assert.equal(status.body.orderStatus, 6, status.text);
    });

    test('getClock reads what advance set; to moves to a moment; a moment in the past is refused', async () => {
      const shop = await merchant();
      const fresh = await gh.post(`${SANDBOX}/getClock.do`, shop);
      assert.equal(fresh.body.errorCode, '0', fresh.text);
      assert.equal(fresh.body.clockOffset, 0);
      const moved = await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: '1d12h' });
      const read = await gh.post(`${SANDBOX}/getClock.do`, shop);
      assertNear(Number(read.body.clockOffset), 36 * 3_600_000, read.text);
      const clock = Number(read.body.clock);
      assert.ok(clock >= Number(moved.body.clockAfter) && clock < Number(moved.body.clockAfter) + 60_000);
      // `to`, in the API's own date format, a whole day further on the merchant's clock.
      const target = Math.ceil((clock + DAY_MS) / 1000) * 1000;
      const to = await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, to: apiDate(target) });
      assert.equal(to.body.errorCode, '0', to.text);
      assertNear(Number(to.body.clockAfter), target);
      // Real time now is in the past of this merchant's clock: never back.
      const back = await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, to: apiDate(gh.clock.nowMs()) });
      assertRefusal(back, {
        errorCode: '5',
        key: 'PARAM_INVALID',
        vars: { param: 'to', reason: 'reason.future' },
      });
      // Another merchant's clock did not move.
      const other = await gh.post(`${SANDBOX}/getClock.do`, await merchant());
      assert.equal(other.body.clockOffset, 0);
    });

    test('by and to together conflict; neither is missing `by`; a bad duration is refused in the asked language', async () => {
      const shop = await merchant();
      const both = await gh.post(`${SANDBOX}/advanceClock.do`, {
        ...shop,
        by: '7d',
        to: apiDate(gh.clock.nowMs() + DAY_MS),
      });
      assertRefusal(both, { errorCode: '5', key: 'PARAM_CONFLICT', vars: { param: 'by', other: 'to' } });
      assertRefusal(await gh.post(`${SANDBOX}/advanceClock.do`, shop), {
        errorCode: '4',
        key: 'PARAM_MISSING',
        vars: { param: 'by' },
      });
      const german = await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: 'a week', language: 'de' });
      assertRefusal(german, {
        errorCode: '5',
        key: 'PARAM_INVALID',
        vars: { param: 'by', reason: 'reason.clockDuration' },
        language: 'de',
      });
      assert.match(String(german.body.errorMessage), /^Ungültiger Wert des Parameters \[by\]/);
      assertRefusal(await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: '0d' }), {
        errorCode: '5',
        key: 'PARAM_INVALID',
        vars: { param: 'by', reason: 'reason.clockDuration' },
      });
      const unmoved = await gh.post(`${SANDBOX}/getClock.do`, shop);
      assert.equal(unmoved.body.clockOffset, 0, 'a refused move moves nothing');
    });

    test('resetClock is accepted before the first order and refused after it', async () => {
      const shop = await merchant();
      await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: '2w' });
      const reset = await gh.post(`${SANDBOX}/resetClock.do`, shop);
      assert.equal(reset.body.errorCode, '0', reset.text);
      assert.equal(reset.body.clockOffset, 0);
      assert.equal((await gh.post(`${SANDBOX}/getClock.do`, shop)).body.clockOffset, 0);
      await gh.post(`${SANDBOX}/advanceClock.do`, { ...shop, by: '3h' });
      const order = await register(shop);
      assert.equal(typeof order.body.orderId, 'string', order.text);
      assertRefusal(await gh.post(`${SANDBOX}/resetClock.do`, shop), {
        errorCode: '5',
        key: 'PARAM_INVALID',
        vars: { param: 'merchant', reason: 'reason.clockWithoutOrders' },
      });
      assertNear(Number((await gh.post(`${SANDBOX}/getClock.do`, shop)).body.clockOffset), 3 * 3_600_000);
    });

    test('the endpoints authenticate like every operation', async () => {
      const refused = await gh.post(`${SANDBOX}/getClock.do`, { userName: 'nobody-api', password: 'wrong' });
      assertRefusal(refused, { errorCode: '5', key: 'AUTH_DENIED' });
    });

    test('GATEHOUSE_ENV=production: the three addresses answer as any unknown address', async () => {
      const production = await startTestGatehouse(engine, { env: { GATEHOUSE_ENV: 'production' } });
      try {
        assert.equal(production.gatehouse.sandboxClocks, undefined);
        const shop = (await production.createMerchant()).auth;
        for (const name of ['advanceClock', 'getClock', 'resetClock']) {
          const path = `${SANDBOX}/${name}.do`;
          const answer = await production.post(path, { ...shop, by: '7d' });
          assertRefusal(answer, { errorCode: '5', key: 'UNKNOWN_ADDRESS', vars: { path }, status: 404 });
        }
      } finally {
        await production.close();
      }
    });
  });
}
