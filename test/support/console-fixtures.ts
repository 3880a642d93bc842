import type { Executor } from '../../src/store/prepared-query.js';

/**
 * States the console acts on that no quick flow reaches: every callback of an order dead after its
 * last attempt, and an order's first money step left for a person. Returns the row's id.
 */
export async function killCallback(db: Executor, orderId: string): Promise<string> {
  await db
    .updateTable('callbacks')
    .set({ state: 'dead', attempts: 10 })
    .where('order_id', '=', orderId)
    .execute();
  const callback = await db
    .selectFrom('callbacks')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return callback.id;
}

export async function strandStep(db: Executor, orderId: string): Promise<string> {
  const step = await db
    .selectFrom('order_operations')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('order_operations')
    .set({ state: 'needsAttention' })
    .where('id', '=', step.id)
    .execute();
  return step.id;
}
