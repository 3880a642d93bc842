import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { windowBuckets, type OverviewWindow } from '../../src/services/console/console-overview.js';
import {
  changedHoursQuery,
  DAY_MS,
  HOUR_MS,
  OrderRollupRepository,
  rolledQuery,
  ROLLUP_LAG_MS,
  type RollupScope,
} from '../../src/store/order-rollup-repository.js';
import { orderCellsQuery, type OrderCell } from '../../src/store/overview-repository.js';
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

const WINDOWS: readonly OverviewWindow[] = ['24h', '30d', '12m'];

for (const engine of ENGINES) {
  describe(`${engine}: the overview's order roll-ups (issue 43, point 5)`, () => {
    let gh: TestGatehouse;
    let rollups: OrderRollupRepository;
    let merchantA: string;
    let merchantB: string;
    let authA: { userName: string; password: string };
    const seeded: { id: string; createdMs: number; status: number }[] = [];

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
          assert.deepEqual(
            normalized(rolled, spanMs),
            expected,
            `${when}, ${window}, ${merchantIds === undefined ? 'every merchant' : 'merchant A'}`,
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
      const changed = await planOf(db, engine, changedHoursQuery(db, now - 60_000).compile());
      assert.match(changed, /orders_rollup_changed/, changed);
      for (const merchantIds of [undefined, [merchantA, merchantB]]) {
        const rolled = await planOf(
          db,
          engine,
          rolledQuery(db, DAY_MS, now - 365 * DAY_MS, now, merchantIds).compile(),
        );
        assert.match(rolled, /order_rollups_bucket/, rolled);
        assert.doesNotMatch(rolled, engine === 'sqlite' ? /^SCAN order_rollups\b/m : /Seq Scan/, rolled);
      }
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
