import { test } from 'node:test';
import assert from 'node:assert/strict';
import { migrateToLatest, openStore } from '../store-engine/index.js';
import { ORDER_STATUS } from '../domain/order-status.js';

/**
 * The automatic-hold job runs these every few seconds in every worker: they must search an index
 * of the holds given such a time, never visit every approved order (migration 0016).
 */
test('the due-hold queries search their own index, not every approved order, and need no sort', async () => {
  const store = openStore({ engine: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(store);
    for (const [column, index] of [
      ['auto_complete_at_ms', 'orders_auto_complete_due'],
      ['auto_reverse_at_ms', 'orders_auto_reverse_due'],
    ] as const) {
      // The statement as OrderDeadlineRepository builds it, with its values as parameters.
      const query = store.db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', ORDER_STATUS.approved)
        .where(column, '<=', Date.now())
        .orderBy(column)
        .limit(100)
        .compile();
      const rows = (
        await store.db.executeQuery<{ detail: string }>({
          ...query,
          sql: `explain query plan ${query.sql}`,
        })
      ).rows;
      const details = rows.map((row) => row.detail);
      assert.ok(
        details.some((detail) => detail.includes(`USING INDEX ${index}`)),
        `${column}: ${details.join('; ')}`,
      );
      assert.ok(
        !details.some((detail) => detail.includes('TEMP B-TREE')),
        `${column}: ${details.join('; ')}`,
      );
    }
  } finally {
    await store.close();
  }
});
