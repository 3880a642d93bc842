import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { callbackRetryDelayMs } from '../../src/jobs/callback-delivery-job.js';
import type { ClockAdvanced, ClockEvent } from '../../src/jobs/sandbox-clock-advance.js';
import type { ClockMove } from '../../src/services/sandbox-clock/sandbox-clocks.js';
import { OrderDeadlineRepository } from '../../src/store/order-deadline-repository.js';
import { sql } from 'kysely';
import { ledgerOf } from '../support/acquirer-ledger.js';
import { adminOperator } from '../support/console-fixtures.js';
import { calculate, DCC_CARDS, dccRatesFile } from '../support/dcc.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { planOf } from '../support/query-plan.js';

/*
 * Issue 45, points 3 and 4 in process: every time-dependent rule of a sandbox merchant reads the
 * merchant's test clock (holds' automatic reversal, order expiry, binding expiry, DCC offers,
 * callback retries, registration dates), another merchant's clock is untouched, and two nodes
 * running the jobs on one database with a clock ahead take each item once.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The time a step of the test takes on a loaded machine: real time moves meanwhile. */
const SLACK_MS = 10_000;
const VISA = '4111111111111111';
/** Paid orders a merchant's history holds in the plan test (PostgreSQL). */
const HISTORY_ORDERS = 200;

type Body = Record<string, unknown>;
type Auth = { userName: string; password: string };

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** The API's yyyy-MM-ddTHH:mm:ss, UTC; seconds kept, milliseconds dropped. */
function apiDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function yyyymm(ms: number, monthsAhead: number): string {
  const date = new Date(ms);
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsAhead, 1));
  return `${shifted.getUTCFullYear()}${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A merchant's callback endpoint answering `status` to every request, recording what came. */
class Receiver {
  readonly received: Record<string, string>[] = [];
  status = 200;
  port = 0;
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      this.received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(this.status, { 'content-type': 'text/plain' }).end('x');
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    assert.ok(typeof address === 'object' && address !== null);
    this.port = address.port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

for (const engine of ENGINES) {
  describe(`${engine}: a sandbox merchant's rules read its test clock (issue 45)`, () => {
    let gh: TestGatehouse;
    let receiver: Receiver;

    before(async () => {
      receiver = await new Receiver().start();
      gh = await startTestGatehouse(engine, { env: { GATEHOUSE_DCC_RATES_FILE: dccRatesFile() } });
    });
    after(async () => {
      await gh.close();
      await receiver.close();
    });

    const sandbox = () => {
      const module = gh.gatehouse.sandboxClocks;
      assert.ok(module !== undefined, 'a sandbox gateway has test clocks');
      return module;
    };

    /** A merchant of its own per test (a clock is the merchant's), with its id. */
    async function merchant(
      permissions: string[] = [],
      callbackUrl?: string,
    ): Promise<{ auth: Auth; id: string }> {
      const created = await gh.createMerchant({
        permissions,
        rateLimitPerSecond: 10_000,
        ...(callbackUrl === undefined ? {} : { callbackUrl }),
      });
      const row = await gh.gatehouse.store.db
        .selectFrom('merchants')
        .select('id')
        .where('login', '=', created.merchantLogin)
        .executeTakeFirstOrThrow();
      return { auth: created.auth, id: row.id };
    }

    const call = (auth: Auth, op: string, params: Body) =>
      gh.post(`/payment/rest/${op}`, { ...auth, ...params });
    const statusOf = async (auth: Auth, orderId: string): Promise<Body> => {
      const read = await call(auth, 'getOrderStatusExtended.do', { orderId });
      assert.equal(read.body.errorCode, '0', read.text);
      return read.body;
    };
    const advance = (merchantId: string, move: ClockMove): Promise<ClockAdvanced> =>
      sandbox().advance.advance(merchantId, move);
    const nowOf = (merchantId: string): number => sandbox().clocks.read(merchantId).nowMs;
    const orderEvents = (events: readonly ClockEvent[]) =>
      events.flatMap((event) => (event.what === 'callback' ? [] : [[event.what, event.orderId]]));

    async function hold(auth: Auth, autoReverseAtMs: number): Promise<string> {
      const paid = await call(auth, 'instantPayment.do', {
        amount: 2600,
        pan: VISA,
        expiry: '203412',
        cvc: '123',
        preAuth: true,
        autoReverseDate: apiDate(autoReverseAtMs),
        orderNumber: unique('hold'),
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      return String(paid.body.orderId);
    }

    async function register(auth: Auth, params: Body = {}): Promise<string> {
      const registered = await call(auth, 'register.do', {
        amount: 900,
        orderNumber: unique('ro'),
        returnUrl: 'https://shop.example/ok',
        ...params,
      });
      assert.equal(registered.body.errorCode ?? '0', '0', registered.text);
      return String(registered.body.orderId);
    }

    test('a hold with autoReverseDate in 7 days is held after 6 days, reversed (at the acquirer too) after 7, dated on the clock', async () => {
      const { auth, id } = await merchant(['preAuth', 'autoCompletion']);
      const reverseAtMs = Math.floor((nowOf(id) + 7 * DAY_MS) / 1000) * 1000;
      const orderId = await hold(auth, reverseAtMs);
      const reversals = async () => (await ledgerOf(gh, orderId)).filter((entry) => entry.call === 'reverse');

      const sixDays = await advance(id, { byMs: 6 * DAY_MS });
      assert.deepEqual(orderEvents(sixDays.events), []);
      assert.equal((await statusOf(auth, orderId)).orderStatus, 1);
      assert.deepEqual(await reversals(), [], 'the acquirer was asked nothing');

      const seventh = await advance(id, { byMs: DAY_MS });
      assert.deepEqual(orderEvents(seventh.events), [['reversed', orderId]]);
      assert.equal(seventh.events[0]?.atMs, reverseAtMs, 'run at the moment it was due');
      const read = await statusOf(auth, orderId);
      assert.equal(read.orderStatus, 3, JSON.stringify(read));
      const [reversal] = await reversals();
      assert.ok(
        reversal?.answer.approved === true || reversal?.answer.outcome === 'reversed',
        JSON.stringify(reversal),
      );
      assert.equal((await reversals()).length, 1);
      const reversedDate = Number(read.reversedDate);
      assert.ok(reversedDate >= reverseAtMs, `reversedDate ${reversedDate} on the merchant's clock`);
      assert.ok(reversedDate < reverseAtMs + SLACK_MS, `reversedDate ${reversedDate} when it was due`);
      assert.ok(reversedDate > gh.clock.nowMs() + 6 * DAY_MS, 'not real time');
    });

    test('an order with a 20-minute session lives after 19 minutes and expires after 21; an expiry runs before a later reversal', async () => {
      const { auth, id } = await merchant(['preAuth', 'autoCompletion']);
      const orderId = await register(auth, { sessionTimeoutSecs: 1200 });
      assert.deepEqual(orderEvents((await advance(id, { byMs: 19 * MINUTE_MS })).events), []);
      assert.equal((await statusOf(auth, orderId)).orderStatus, 0);
      const expired = await advance(id, { byMs: 2 * MINUTE_MS });
      assert.deepEqual(orderEvents(expired.events), [['expired', orderId]]);
      const read = await statusOf(auth, orderId);
      assert.equal(read.orderStatus, 6, JSON.stringify(read));
      assert.equal(read.actionCode, -2007);

      // The hold is made first and its reversal falls due after the order's expiry: one advance
      // over both runs them in the order they fell due.
      const holdId = await hold(auth, nowOf(id) + 30 * MINUTE_MS);
      const later = await register(auth, { sessionTimeoutSecs: 1200 });
      const both = await advance(id, { byMs: 60 * MINUTE_MS });
      assert.deepEqual(orderEvents(both.events), [
        ['expired', later],
        ['reversed', holdId],
      ]);
      const times = both.events.map((event) => event.atMs);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
      assert.equal((await statusOf(auth, later)).orderStatus, 6);
      assert.equal((await statusOf(auth, holdId)).orderStatus, 3);
    });

    test('a binding whose card expires next month pays now and is refused two months on; an order past its lifetime on the clock is not paid', async () => {
      const { auth, id } = await merchant(['storedCredentials']);
      const clientId = unique('client');
      const stored = await call(auth, 'instantPayment.do', {
        amount: 1500,
        pan: VISA,
        expiry: yyyymm(nowOf(id), 1),
        cvc: '123',
        clientId,
        orderNumber: unique('bi'),
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(stored.body.errorCode, '0', stored.text);
      const found = await call(auth, 'getBindings.do', { clientId, bindingType: 'C' });
      const bindingId = String((found.body.bindings as Body[] | undefined)?.[0]?.bindingId);
      const payable = await register(auth, { clientId });
      const paid = await call(auth, 'paymentOrderBinding.do', { mdOrder: payable, bindingId });
      assert.equal(paid.body.errorCode, '0', paid.text);

      // Past its lifetime on the merchant's clock, before any job or advance ran: the payment's
      // claim refuses it, and a read expires it.
      const stale = await register(auth, { clientId, sessionTimeoutSecs: 1200 });
      await sandbox().clocks.moveTo(id, nowOf(id) + 21 * MINUTE_MS);
      const late = await call(auth, 'paymentOrderBinding.do', { mdOrder: stale, bindingId, language: 'en' });
      assert.notEqual(late.body.errorCode, '0', late.text);
      assert.equal((await statusOf(auth, stale)).orderStatus, 6);
      assert.deepEqual(
        (await ledgerOf(gh, stale)).map((entry) => entry.call),
        [],
        'the acquirer was asked nothing',
      );

      const now = new Date(nowOf(id));
      await advance(id, { toMs: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 1) });
      const order = await register(auth, { clientId });
      const refused = await call(auth, 'paymentOrderBinding.do', {
        mdOrder: order,
        bindingId,
        language: 'en',
      });
      assert.equal(refused.body.errorCode, '2', refused.text);
      assert.match(refused.text, /expired/i);
      assert.equal((await statusOf(auth, order)).orderStatus, 0);
    });

    test("a callback failing at the merchant is retried at its backoff times on the merchant's clock", async () => {
      receiver.status = 500;
      const { auth, id } = await merchant([], receiver.url);
      await advance(id, { byMs: DAY_MS });
      const paid = await call(auth, 'instantPayment.do', {
        amount: 1500,
        pan: VISA,
        expiry: '203412',
        cvc: '123',
        orderNumber: unique('cb'),
        returnUrl: 'https://shop.example/ok',
      });
      assert.equal(paid.body.errorCode, '0', paid.text);
      const orderId = String(paid.body.orderId);
      const paidAtMs = nowOf(id);
      const attempts = () =>
        gh.gatehouse.store.db
          .selectFrom('callback_attempts')
          .innerJoin('callbacks', 'callbacks.id', 'callback_attempts.callback_id')
          .select(['callback_attempts.at_ms', 'callback_attempts.outcome'])
          .where('callbacks.order_id', '=', orderId)
          .orderBy('callback_attempts.at_ms')
          .execute();
      const callbackEvents = (advanced: ClockAdvanced) =>
        advanced.events.filter((event) => event.what === 'callback');

      const realBefore = gh.clock.nowMs();
      assert.equal(callbackEvents(await advance(id, { byMs: 1000 })).length, 1, 'attempt 1');
      for (const [attempt, delayMs] of [
        [2, callbackRetryDelayMs(1)],
        [3, callbackRetryDelayMs(2)],
        [4, callbackRetryDelayMs(3)],
      ] as const) {
        const early = await advance(id, { byMs: delayMs - 5_000 });
        assert.deepEqual(callbackEvents(early), [], `attempt ${attempt} waits for its time`);
        const due = await advance(id, { byMs: 5_000 });
        assert.equal(callbackEvents(due).length, 1, `attempt ${attempt} at its time`);
      }
      const made = await attempts();
      assert.deepEqual(
        made.map((row) => row.outcome),
        ['retry', 'retry', 'retry', 'retry'],
      );
      const forms = receiver.received.filter((form) => form.mdOrder === orderId);
      assert.equal(forms.length, 4);
      // Dated when the payment was made, on the merchant's clock (the text has whole seconds).
      const createdMs = Date.parse(forms[0]?.callbackCreationDate ?? '');
      assert.ok(
        Math.abs(createdMs - paidAtMs) < SLACK_MS,
        `callbackCreationDate ${forms[0]?.callbackCreationDate}`,
      );
      const times = made.map((row) => Number(row.at_ms));
      assert.ok(Number(times[0]) > realBefore + DAY_MS - SLACK_MS, 'on the merchant clock, a day ahead');
      for (let index = 1; index < times.length; index += 1) {
        const gap = Number(times[index]) - Number(times[index - 1]);
        const delay = callbackRetryDelayMs(index);
        assert.ok(gap >= delay && gap < delay + SLACK_MS, `gap ${gap} after attempt ${index}, want ${delay}`);
      }
      receiver.status = 200;
    });

    test("two merchants' clocks do not touch each other: registration dates and expiry", async () => {
      const a = await merchant();
      const b = await merchant();
      await advance(a.id, { byMs: 7 * DAY_MS });
      const realMs = gh.clock.nowMs();
      assert.equal(sandbox().clocks.read(b.id).offsetMs, 0);

      const onA = await register(a.auth, { sessionTimeoutSecs: 1200 });
      const onB = await register(b.auth, { sessionTimeoutSecs: 1200 });
      const dateA = Number((await statusOf(a.auth, onA)).date);
      const dateB = Number((await statusOf(b.auth, onB)).date);
      assert.ok(dateA >= realMs + 7 * DAY_MS && dateA < realMs + 7 * DAY_MS + SLACK_MS, `A's date ${dateA}`);
      assert.ok(dateB >= realMs && dateB < realMs + SLACK_MS, `B's date ${dateB}`);
      const expiresOf = async (orderId: string) =>
        Number(
          (
            await gh.gatehouse.store.db
              .selectFrom('orders')
              .select('expires_at_ms')
              .where('id', '=', orderId)
              .executeTakeFirstOrThrow()
          ).expires_at_ms,
        );
      assert.equal(await expiresOf(onB), dateB + 1_200_000);
      assert.equal(await expiresOf(onA), dateA + 1_200_000);

      // The jobs' passes: A's by its clock, everyone's by real time; B's order lives on.
      await gh.gatehouse.jobs.run('order-expiry');
      assert.equal((await statusOf(b.auth, onB)).orderStatus, 0);
      assert.equal((await statusOf(a.auth, onA)).orderStatus, 0);
      await advance(a.id, { byMs: 21 * MINUTE_MS });
      assert.equal((await statusOf(a.auth, onA)).orderStatus, 6);
      assert.equal((await statusOf(b.auth, onB)).orderStatus, 0, "A's advance leaves B's order");

      // A day ahead in real time is seven days past on A's clock.
      const tomorrow = apiDate(realMs + DAY_MS);
      const refused = await call(a.auth, 'register.do', {
        amount: 900,
        orderNumber: unique('ro'),
        returnUrl: 'https://shop.example/ok',
        expirationDate: tomorrow,
        language: 'en',
      });
      assert.notEqual(refused.body.errorCode ?? '0', '0', refused.text);
      assert.match(refused.text, /expirationDate/);
      await register(b.auth, { expirationDate: tomorrow });
    });

    test('a DCC offer lapses on the merchant clock', async () => {
      const { auth, id } = await merchant(['dcc']);
      const offer = async () => {
        const calc = (await calculate(gh, auth, { pan: DCC_CARDS.usd, amount: 700, currency: 978 })).body;
        assert.equal(calc.errorCode, '0', JSON.stringify(calc));
        return String(calc.dccUuid);
      };
      const pay = (dccUuid: string) =>
        gh.post('/payment/rest/instantPayment.do', {
          ...auth,
          amount: 700,
          currency: '978',
          pan: DCC_CARDS.usd,
          expiry: '203412',
          cvc: '123',
          orderNumber: unique('dcc'),
          returnUrl: 'https://shop.example/ok',
          dccData: { dccUuid, dccCurrencyCode: '840' },
        });
      const lapsing = await offer();
      await advance(id, { byMs: 16 * MINUTE_MS });
      const late = await pay(lapsing);
      assert.equal(late.body.errorCode, '5', late.text);
      assert.match(late.text, /expired/);
      // An offer made on the advanced clock is good on it.
      const fresh = await pay(await offer());
      assert.equal(fresh.body.errorCode, '0', fresh.text);
    });

    test("an operator's reversal and sandbox expiry date the order's change on its merchant's clock, the audit on real time", async () => {
      const console = gh.gatehouse.operatorConsole;
      const operator = await adminOperator(gh.gatehouse);
      receiver.status = 200;
      const { auth, id } = await merchant(['preAuth', 'autoCompletion'], receiver.url);
      await advance(id, { byMs: 7 * DAY_MS });
      const aheadMs = nowOf(id);
      const held = await hold(auth, aheadMs + DAY_MS);
      const unpaid = await register(auth);

      const reversed = await console.actions.reverse({ operator, key: randomUUID() }, held, 2600, 'original');
      assert.equal(reversed.outcome, 'done', reversed.message);
      const expired = await console.sandbox.expireNow({ operator, key: randomUUID() }, unpaid);
      assert.equal(expired.outcome, 'done', expired.message);

      const reversedDate = Number((await statusOf(auth, held)).reversedDate);
      assert.ok(reversedDate >= aheadMs && reversedDate < aheadMs + SLACK_MS, `reversedDate ${reversedDate}`);
      assert.equal((await statusOf(auth, unpaid)).orderStatus, 6);
      const written = await gh.gatehouse.store.db
        .selectFrom('callbacks')
        .select(['order_id', 'operation', 'created_at_ms'])
        .where('merchant_id', '=', id)
        .where('operation', 'in', ['reversed', 'declinedByTimeout'])
        .execute();
      assert.equal(written.length, 2);
      for (const row of written)
        assert.ok(Number(row.created_at_ms) >= aheadMs, `${row.operation} written on the merchant's clock`);
      const audit = await gh.gatehouse.store.db
        .selectFrom('console_audit')
        .select('at_ms')
        .where('id', 'in', [reversed.auditId, expired.auditId])
        .execute();
      assert.equal(audit.length, 2);
      for (const entry of audit) assert.ok(Number(entry.at_ms) < aheadMs - DAY_MS, "the operator's own time");
    });

    test("an idempotency key is kept by real time, as its cleanup reads it, not by the merchant's clock", async () => {
      const { auth, id } = await merchant();
      await advance(id, { byMs: 30 * DAY_MS });
      const key = unique('idem');
      const registered = await gh.post(
        '/payment/rest/register.do',
        { ...auth, amount: 900, orderNumber: unique('ro'), returnUrl: 'https://shop.example/ok' },
        { headers: { 'idempotency-key': key } },
      );
      assert.equal(registered.body.errorCode ?? '0', '0', registered.text);
      const row = await gh.gatehouse.store.db
        .selectFrom('idempotency_keys')
        .select('created_at_ms')
        .where('merchant_id', '=', id)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      const realMs = gh.clock.nowMs();
      assert.ok(Math.abs(Number(row.created_at_ms) - realMs) < SLACK_MS, `kept from ${row.created_at_ms}`);
    });

    test('two nodes on one database, a clock ahead, both running the jobs: each item is taken once', async () => {
      const second = await startTestGatehouse(engine, { sameDatabaseAs: gh });
      try {
        receiver.status = 200;
        const { auth, id } = await merchant(['preAuth', 'autoCompletion'], receiver.url);
        const held = await hold(auth, nowOf(id) + DAY_MS);
        const lapsing = await register(auth, { sessionTimeoutSecs: 1200 });
        // The clock moved without running what fell due: the jobs of both nodes find it.
        await sandbox().clocks.moveTo(id, nowOf(id) + 2 * DAY_MS);
        await second.gatehouse.sandboxClocks?.clocks.refresh();
        assert.equal(
          second.gatehouse.sandboxClocks?.clocks.read(id).offsetMs,
          sandbox().clocks.read(id).offsetMs,
        );
        for (const job of ['order-expiry', 'automatic-hold-actions', 'callback-delivery']) {
          await Promise.all([gh.gatehouse.jobs.run(job), second.gatehouse.jobs.run(job)]);
        }
        assert.equal((await statusOf(auth, held)).orderStatus, 3);
        assert.equal((await statusOf(auth, lapsing)).orderStatus, 6);
        const ledger = await ledgerOf(gh, held);
        assert.equal(ledger.filter((entry) => entry.call === 'reverse').length, 1, 'one reversal');
        const rows = await gh.gatehouse.store.db
          .selectFrom('callbacks')
          .select(['order_id', 'operation', 'state'])
          .where('merchant_id', '=', id)
          .execute();
        const byEvent = rows.map(
          (row) => `${row.order_id === held ? 'hold' : 'order'} ${row.operation} ${row.state}`,
        );
        assert.deepEqual(byEvent.sort(), [
          'hold approved delivered',
          'hold reversed delivered',
          'order declinedByTimeout delivered',
        ]);
        const sent = receiver.received
          .filter((form) => form.mdOrder === held || form.mdOrder === lapsing)
          .map((form) => `${form.mdOrder === held ? 'hold' : 'order'} ${form.operation}`);
        assert.deepEqual(sent.sort(), ['hold approved', 'hold reversed', 'order declinedByTimeout']);
      } finally {
        await second.close();
      }
    });

    test("a merchant's due queries read the live-work indexes, not the merchant's history", async () => {
      const db = gh.gatehouse.store.db;
      const deadlines = new OrderDeadlineRepository(db);
      const { auth, id } = await merchant(['preAuth', 'autoCompletion']);
      const live = await register(auth);
      await hold(auth, nowOf(id) + DAY_MS);
      if (engine === 'postgres') {
        // A history of paid orders, and the statistics the planner prices the indexes by: without
        // them it may read the merchant's orders by orders_report_created, which is every order the
        // merchant ever had once a sandbox has run for a while.
        await sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
            'id', o.id || '-' || g, 'order_number', o.order_number || '-' || g, 'status', 2,
            'expires_at_ms', o.expires_at_ms - 3600000))).*
          from orders o, generate_series(1, ${HISTORY_ORDERS}) g where o.id = ${live}`.execute(db);
        await sql`analyze orders`.execute(db);
      }
      // A clock a week ahead: everything live is due by it.
      const atMs = nowOf(id) + 7 * DAY_MS;
      const plans = {
        expiry: await planOf(db, engine, deadlines.dueForExpiryQuery(atMs, 100, id).compile()),
        complete: await planOf(
          db,
          engine,
          deadlines.dueForAutomaticActionQuery('complete', atMs, 50, id).compile(),
        ),
        reverse: await planOf(
          db,
          engine,
          deadlines.dueForAutomaticActionQuery('reverse', atMs, 50, id).compile(),
        ),
      };
      if (process.env.GATEHOUSE_TEST_SHOW_PLANS === '1') console.log(engine, JSON.stringify(plans, null, 1));
      const scan = engine === 'sqlite' ? /^SCAN orders\b/m : /Seq Scan/;
      assert.match(plans.expiry, /orders_status_expiry/, plans.expiry);
      assert.match(plans.complete, /orders_auto_complete_due/, plans.complete);
      assert.match(plans.reverse, /orders_auto_reverse_due/, plans.reverse);
      for (const plan of Object.values(plans)) assert.doesNotMatch(plan, scan, plan);
      assert.equal(
        (await deadlines.dueForExpiry(atMs, 100, id)).length,
        1,
        'the live order, not the history',
      );
    });
  });
}
