import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { windowBuckets, type OverviewWindow } from '../../src/services/console/console-overview.js';
import {
  DAY_MS,
  HOUR_MS,
  OrderRollupRepository,
  rolledQuery,
  ROLLUP_LAG_MS,
  type RollupScope,
} from '../../src/store-reports/order-rollup-repository.js';
import {
  callbackCellsQuery,
  orderCellsQuery,
  threeDsCellsQuery,
  type AuthenticationCell,
  type CallbackCell,
  type OrderCell,
} from '../../src/store-reports/overview-repository.js';
import { CALLBACK_ROLLUPS, ROLLUP_KINDS, THREEDS_ROLLUPS } from '../../src/store-reports/rollup-kinds.js';
import { paidOrder } from '../support/console-fixtures.js';
import { planOf } from '../support/query-plan.js';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';

/** Cells summed by (bucket of spanMs, currency, status, transfer, action code), as a sorted list. */
function normalized(cells: readonly OrderCell[], spanMs: number): string[] {
  const sums = new Map<string, [number, number, number]>();
  for (const cell of cells) {
    const key = [
      Math.floor(cell.startMs / spanMs),
      cell.currency,
      cell.status,
      cell.p2pType,
      cell.actionCode,
    ].join('|');
    const sum = sums.get(key) ?? [0, 0, 0];
    sums.set(key, [sum[0] + cell.orders, sum[1] + cell.amountMinor, sum[2] + cell.issuerDeclines]);
  }
  return [...sums.entries()].map(([key, sum]) => `${key}=${sum.join(',')}`).sort();
}

/** Authentication or callback cells summed by (bucket of spanMs, the rest but the count), sorted. */
function counted(cells: readonly (AuthenticationCell | CallbackCell)[], spanMs: number): string[] {
  const sums = new Map<string, number>();
  for (const cell of cells) {
    const { startMs, count, ...rest } = cell;
    const key = [Math.floor(startMs / spanMs), JSON.stringify(rest)].join('|');
    sums.set(key, (sums.get(key) ?? 0) + count);
  }
  return [...sums.entries()].map(([key, sum]) => `${key}=${sum}`).sort();
}

const WINDOWS: readonly OverviewWindow[] = ['24h', '30d', '12m'];

/** protocol, ARes, RReq: frictionless, challenged and passed, failed, a challenge never answered, 1.0. */
const THREE_DS_OUTCOMES = [
  ['2', 'Y', null],
  ['2', 'C', 'Y'],
  ['2', 'N', null],
  ['2', 'C', null],
  ['1', null, 'Y'],
] as const;
const CALLBACK_STATES = ['delivered', 'delivered', 'dead', 'pending'] as const;

for (const engine of ENGINES) {
  describe(`${engine}: the overview's order roll-ups (issue 43, point 5)`, () => {
    let gh: TestGatehouse;
    let rollups: OrderRollupRepository;
    let merchantA: string;
    let merchantB: string;
    let authA: { userName: string; password: string };
    const seeded: { id: string; createdMs: number; status: number }[] = [];
    const callbacks: { id: string; createdMs: number; state: string }[] = [];

    /** The roll-ups' answer and the direct count of every window, for every merchant and for A only. */
    async function assertSameFigures(when: string): Promise<void> {
      const db = gh.gatehouse.store.db;
      for (const window of WINDOWS) {
        const { starts, endMs } = windowBuckets(window, gh.clock.nowMs());
        const spanMs = window === '24h' ? HOUR_MS : DAY_MS;
        for (const merchantIds of [undefined, [merchantA]]) {
          const scope: RollupScope = {
            fromMs: starts[0] ?? endMs,
            toMs: endMs,
            spanMs,
            ...(merchantIds === undefined ? {} : { merchantIds }),
          };
          const rolled = await rollups.orderCells(scope);
          const direct = await orderCellsQuery(db, { ...scope, bucketMs: spanMs }).execute();
          const expected = normalized(
            direct.map((row) => ({
              startMs: Number(row.start_ms),
              currency: row.currency,
              status: Number(row.status),
              p2pType: row.p2p_type,
              actionCode: Number(row.action_code),
              orders: Number(row.orders),
              amountMinor: Number(row.amount_minor),
              issuerDeclines: Number(row.issuer_declines),
            })),
            spanMs,
          );
          assert.ok(expected.length > 0, `${when}, ${window}: the seed has orders in the window`);
          const who = `${when}, ${window}, ${merchantIds === undefined ? 'every merchant' : 'merchant A'}`;
          assert.deepEqual(normalized(rolled, spanMs), expected, who);
          // 3-D Secure and callbacks (migration 0027): the roll-ups' answer against the direct count.
          const sourceScope = { ...scope, bucketMs: spanMs };
          const directThreeDs = (await threeDsCellsQuery(db, sourceScope).execute()).map((row) =>
            THREEDS_ROLLUPS.cellOf(row),
          );
          const directCallbacks = (await callbackCellsQuery(db, sourceScope).execute()).map((row) =>
            CALLBACK_ROLLUPS.cellOf(row),
          );
          assert.ok(
            directThreeDs.length > 0 && directCallbacks.length > 0,
            `${who}: 3DS and callbacks seeded`,
          );
          assert.deepEqual(
            counted(await rollups.threeDsCells(scope), spanMs),
            counted(directThreeDs, spanMs),
            `${who}: 3-D Secure`,
          );
          assert.deepEqual(
            counted(await rollups.callbackCells(scope), spanMs),
            counted(directCallbacks, spanMs),
            `${who}: callbacks`,
          );
        }
      }
    }

    /** Folds until the backfill is done; the number of runs. */
    async function foldAll(): Promise<number> {
      let runs = 1;
      while ((await rollups.fold(gh.clock.nowMs())).more) runs += 1;
      return runs;
    }

    async function changeStatus(id: string, status: number): Promise<void> {
      await gh.gatehouse.store.db
        .updateTable('orders')
        .set({ status, updated_at_ms: gh.clock.nowMs() })
        .where('id', '=', id)
        .execute();
    }

    before(async () => {
      gh = await startTestGatehouse(engine);
      rollups = new OrderRollupRepository(gh.gatehouse.store.db);
      const a = await gh.createMerchant();
      const b = await gh.createMerchant();
      authA = a.auth;
      const db = gh.gatehouse.store.db;
      const paid = await paidOrder(gh, a.auth, '4111111111111111', 1000);
      const template = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', String(paid.orderId))
        .executeTakeFirstOrThrow();
      merchantA = template.merchant_id;
      const rowB = await db
        .selectFrom('merchants')
        .select('id')
        .where('login', '=', b.merchantLogin)
        .executeTakeFirstOrThrow();
      merchantB = rowB.id;
      const now = gh.clock.nowMs();
      // Ages spread over the last hours, days and months, and one beyond the year.
      const ages = [
        5 * 60_000,
        2 * HOUR_MS + 7,
        20 * HOUR_MS,
        3 * DAY_MS,
        10 * DAY_MS + 5 * HOUR_MS,
        29 * DAY_MS,
        45 * DAY_MS,
        100 * DAY_MS,
        200 * DAY_MS,
        330 * DAY_MS,
        400 * DAY_MS,
      ];
      // status, action code, currency, transfer type, an authorization sent (issuer decline)
      const kinds = [
        [2, 0, '978', null, true],
        [2, 0, '840', null, true],
        [6, 116, '978', null, true],
        [6, -2006, '978', null, false],
        [4, 0, '978', null, true],
        [1, 0, '840', null, true],
        [3, 0, '978', null, true],
        [2, 0, '978', 'STANDARD', true],
        [6, 2007, '978', 'STANDARD', true],
      ] as const;
      let n = 0;
      for (const age of ages) {
        for (const [status, actionCode, currency, p2pType, authorized] of kinds) {
          n += 1;
          const id = randomUUID();
          const createdMs = now - age - (n % 7) * 60_000;
          await db
            .insertInto('orders')
            .values({
              ...template,
              id,
              merchant_id: n % 3 === 0 ? merchantB : merchantA,
              registered_by_merchant_id: n % 3 === 0 ? merchantB : merchantA,
              order_number: `rollup-${n}`,
              amount_minor: 100 * n,
              currency,
              status,
              action_code: actionCode,
              p2p_type: p2pType,
              created_at_ms: createdMs,
              updated_at_ms: createdMs + 60_000,
            })
            .execute();
          if (authorized)
            await db
              .insertInto('order_operations')
              .values({
                id: randomUUID(),
                order_id: id,
                merchant_id: n % 3 === 0 ? merchantB : merchantA,
                kind: 'authorization',
                state: status === 6 ? 'declined' : 'approved',
                amount_minor: 100 * n,
                currency,
                action_code: actionCode,
                created_at_ms: createdMs,
              })
              .execute();
          const merchantId = n % 3 === 0 ? merchantB : merchantA;
          // An authentication of each outcome the overview tells apart, and a callback in each state.
          const outcome = THREE_DS_OUTCOMES[n % THREE_DS_OUTCOMES.length]!;
          await db
            .insertInto('threeds_transactions')
            .values({
              id: randomUUID(),
              order_id: id,
              merchant_id: merchantId,
              protocol: outcome[0],
              message_version: outcome[0] === '1' ? '1.0.2' : '2.2.0',
              stage: 'closed',
              card_sealed: null,
              card_network: 'VISA',
              method_url: null,
              method_state: 'unavailable',
              method_started_at_ms: null,
              merchant_notification_url: null,
              finish_url: null,
              acs_trans_id: null,
              ds_trans_id: null,
              acs_url: null,
              pa_req: null,
              ares_status: outcome[1],
              ares_reason: null,
              rreq_status: outcome[2],
              rreq_reason: null,
              challenge_cancel: null,
              eci: null,
              authentication_value: null,
              payment: '{}',
              created_at_ms: createdMs,
              updated_at_ms: createdMs + 60_000,
              device_channel: '02',
              acs_signed_content: null,
              acs_reference_number: null,
            })
            .execute();
          const callbackId = randomUUID();
          await db
            .insertInto('callbacks')
            .values({
              id: callbackId,
              merchant_id: merchantId,
              order_id: id,
              operation: 'deposited',
              url: 'https://shop.example/callback',
              params: '{}',
              state: CALLBACK_STATES[n % CALLBACK_STATES.length]!,
              attempts: 1,
              next_attempt_at_ms: createdMs,
              created_at_ms: createdMs,
            })
            .execute();
          callbacks.push({ id: callbackId, createdMs, state: CALLBACK_STATES[n % CALLBACK_STATES.length]! });
          seeded.push({ id, createdMs, status });
        }
      }
    });
    after(() => gh.close());

    test('before the first fold, and while the backfill runs, the figures are the orders’ own', async () => {
      assert.equal((await rollups.state()).foldedToMs, null);
      await assertSameFigures('never folded');
      // The first run sets the watermark; the next ones backfill a day each, newest first.
      await rollups.fold(gh.clock.nowMs());
      await rollups.fold(gh.clock.nowMs());
      await rollups.fold(gh.clock.nowMs());
      const state = await rollups.state();
      assert.ok(state.backfilledFromMs > 0, 'days left to backfill');
      await assertSameFigures('part backfilled');
    });

    test('once backfilled, the roll-ups give the same figures as counting the orders', async () => {
      const runs = await foldAll();
      assert.ok(runs >= 2, `runs ${runs}`);
      assert.equal((await rollups.state()).backfilledFromMs, 0);
      const rows = await gh.gatehouse.store.db
        .selectFrom('order_rollups')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      assert.ok(Number(rows.n) > 0, 'rows were rolled up');
      // Past the lag, every order is behind the watermark: the answer is the roll-ups' alone.
      gh.clock.advance(ROLLUP_LAG_MS + 60_000);
      await rollups.fold(gh.clock.nowMs());
      await assertSameFigures('folded');
    });

    test('a refund, a capture and a decline after the fold move the figures, before and after the next fold', async () => {
      const db = gh.gatehouse.store.db;
      const paidTenDaysAgo = seeded.find(
        (order) => order.status === 2 && order.createdMs < gh.clock.nowMs() - 9 * DAY_MS,
      );
      const heldLongAgo = seeded.find(
        (order) => order.status === 1 && order.createdMs < gh.clock.nowMs() - 90 * DAY_MS,
      );
      const paidToday = seeded.find(
        (order) => order.status === 2 && order.createdMs > gh.clock.nowMs() - DAY_MS,
      );
      assert.ok(paidTenDaysAgo && heldLongAgo && paidToday);
      const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
      const refundedInRollup = async () =>
        Number(
          (
            await db
              .selectFrom('order_rollups')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('orders'), eb.lit(0)).as('n'))
              .where('span_ms', '=', HOUR_MS)
              .where('start_ms', '=', hourOf(paidTenDaysAgo.createdMs))
              .where('status', '=', 4)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await refundedInRollup();
      await changeStatus(paidTenDaysAgo.id, 4);
      await changeStatus(heldLongAgo.id, 2);
      await changeStatus(paidToday.id, 3);
      // Not folded yet: the changed hours are counted from the orders.
      await assertSameFigures('changed, not folded');
      assert.equal(await refundedInRollup(), before, 'the roll-up row is not rebuilt yet');
      gh.clock.advance(ROLLUP_LAG_MS + 60_000);
      const outcome = await rollups.fold(gh.clock.nowMs());
      assert.ok(outcome.changedHours >= 3, `changed hours ${outcome.changedHours}`);
      assert.equal(await refundedInRollup(), before + 1, 'the refund moved the hour’s roll-up');
      await assertSameFigures('changed and folded');
      // A new order after the fold is counted at once, and rolled up at the next fold.
      await paidOrder(gh, authA, '4111111111111111', 100);
      await changeStatus(seeded[0]?.id ?? '', 6);
      await assertSameFigures('a change in the current hour');
    });

    test('the overview’s reads are ranges of their indexes: the changes since the watermark, the roll-ups', async () => {
      const db = gh.gatehouse.store.db;
      const now = gh.clock.nowMs();
      const scan =
        engine === 'sqlite'
          ? /^SCAN (orders|threeds_transactions|callbacks|callback_attempts|\w+_rollups)\b/m
          : /Seq Scan/;
      // Each kind's changed rows from its change-time indexes (a view's, with pending callbacks).
      const changedIndexes = {
        orders: [/orders_rollup_changed/],
        '3-D Secure': [/threeds_transactions_changed/],
        callbacks: [/callbacks_created/, /callback_attempts_at/, /callbacks_due/],
      } as Record<string, RegExp[]>;
      for (const kind of ROLLUP_KINDS) {
        const changed = await planOf(
          db,
          engine,
          sql`select * from (${kind.changed(db, now - 60_000, true)}) as changed`.compile(db),
        );
        for (const index of changedIndexes[kind.name] ?? []) assert.match(changed, index, changed);
        assert.doesNotMatch(changed, scan, changed);
        for (const merchantIds of [undefined, [merchantA, merchantB]]) {
          const rolled = await planOf(
            db,
            engine,
            rolledQuery(kind, DAY_MS, now - 365 * DAY_MS, now, merchantIds).compile(db),
          );
          assert.match(rolled, new RegExp(`${kind.table}_bucket`), rolled);
          assert.doesNotMatch(rolled, scan, rolled);
        }
      }
    });

    test('an authentication’s result, a callback’s attempt and a replay after the fold move the figures, before and after the next fold', async () => {
      const db = gh.gatehouse.store.db;
      gh.clock.advance(ROLLUP_LAG_MS + 60_000);
      await rollups.fold(gh.clock.nowMs());
      await assertSameFigures('folded before the events');
      const old = (ms: number) => ms < gh.clock.nowMs() - 9 * DAY_MS;
      const now = gh.clock.nowMs();
      // A challenge never answered long ago gets its RReq now (every change sets updated_at_ms).
      const unanswered = await db
        .selectFrom('threeds_transactions')
        .select(['id', 'created_at_ms'])
        .where('ares_status', '=', 'C')
        .where('rreq_status', 'is', null)
        .where('created_at_ms', '<', now - 9 * DAY_MS)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('threeds_transactions')
        .set({ rreq_status: 'N', updated_at_ms: now })
        .where('id', '=', unanswered.id)
        .execute();
      // An old pending callback is delivered at an attempt; an old delivered one is replayed
      // (pending again, no attempt yet).
      const pending = callbacks.find((one) => one.state === 'pending' && old(one.createdMs));
      const delivered = callbacks.find((one) => one.state === 'delivered' && old(one.createdMs));
      assert.ok(pending && delivered);
      await db
        .updateTable('callbacks')
        .set({ state: 'delivered', delivered_at_ms: now })
        .where('id', '=', pending.id)
        .execute();
      await db
        .insertInto('callback_attempts')
        .values({
          id: randomUUID(),
          callback_id: pending.id,
          at_ms: now,
          outcome: 'delivered',
          detail: 'HTTP 200',
        })
        .execute();
      await db.updateTable('callbacks').set({ state: 'pending' }).where('id', '=', delivered.id).execute();
      await assertSameFigures('events, not folded');
      gh.clock.advance(ROLLUP_LAG_MS + 60_000);
      const outcome = await rollups.fold(gh.clock.nowMs());
      assert.ok(outcome.changedHours >= 2, `changed hours ${outcome.changedHours}`);
      const rolledDelivered = await db
        .selectFrom('callback_rollups')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('events'), eb.lit(0)).as('n'))
        .where('span_ms', '=', HOUR_MS)
        .where('start_ms', '=', Math.floor(pending.createdMs / HOUR_MS) * HOUR_MS)
        .where('state', '=', 'delivered')
        .executeTakeFirstOrThrow();
      assert.ok(Number(rolledDelivered.n) >= 1, 'the attempted callback’s hour was rebuilt');
      await assertSameFigures('events, folded');
    });

    test('folding again, on two nodes at once, writes the same roll-ups', async () => {
      const db = gh.gatehouse.store.db;
      const snapshot = async () =>
        (
          await db
            .selectFrom('order_rollups')
            .selectAll()
            .orderBy('span_ms')
            .orderBy('start_ms')
            .orderBy('merchant_id')
            .orderBy('currency')
            .orderBy('status')
            .orderBy('p2p_type')
            .orderBy('action_code')
            .execute()
        ).map((row) => JSON.stringify(Object.values(row).map(String)));
      gh.clock.advance(ROLLUP_LAG_MS + 60_000);
      await rollups.fold(gh.clock.nowMs());
      const once = await snapshot();
      // Every order changed since the start: every hour holding one is rebuilt, twice, at once.
      await db.updateTable('order_rollup_state').set({ folded_to_ms: 0 }).where('id', '=', 1).execute();
      const other = new OrderRollupRepository(db);
      const [first, second] = await Promise.all([
        rollups.fold(gh.clock.nowMs()),
        other.fold(gh.clock.nowMs()),
      ]);
      assert.ok(first.changedHours + second.changedHours > 0);
      assert.ok(
        first.changedHours === 0 || second.changedHours === 0,
        'the second fold waited for the first and read its watermark',
      );
      assert.deepEqual(await snapshot(), once);
      await assertSameFigures('refolded');
    });
  });
}
