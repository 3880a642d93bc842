import type { Kysely } from 'kysely';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { Database } from './schema.js';

/** The depths the operator alerts on. */
export interface QueueDepths {
  readonly callbacksPending: number;
  readonly callbacksOldestPendingAgeS: number;
  readonly callbacksDead: number;
  readonly stepsPending: number;
  readonly stepsNeedingAttention: number;
  readonly holdsDue: number;
}

/**
 * What waits in the gateway's queues, for the metrics: each count reads an index of open rows only
 * (callbacks_due, order_operations_open, the automatic-hold indexes), never the history.
 */
export async function readQueueDepths(db: Kysely<Database>, nowMs: number): Promise<QueueDepths> {
  const callbacks = await db
    .selectFrom('callbacks')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number | null>('created_at_ms').as('oldest'),
    ])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  const dead = await db
    .selectFrom('callbacks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', '=', 'dead')
    .executeTakeFirstOrThrow();
  const steps = await db
    .selectFrom('order_operations')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ['pending', 'needsAttention'])
    .groupBy('state')
    .execute();
  const holds = await Promise.all(
    (['auto_complete_at_ms', 'auto_reverse_at_ms'] as const).map((column) =>
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', ORDER_STATUS.approved)
        .where(column, '<=', nowMs)
        .executeTakeFirstOrThrow(),
    ),
  );
  const stepsIn = (state: string) => Number(steps.find((row) => row.state === state)?.count ?? 0);
  const oldest = callbacks.oldest === null ? undefined : Number(callbacks.oldest);
  return {
    callbacksPending: Number(callbacks.count),
    callbacksOldestPendingAgeS: oldest === undefined ? 0 : Math.max(0, (nowMs - oldest) / 1000),
    callbacksDead: Number(dead.count),
    stepsPending: stepsIn('pending'),
    stepsNeedingAttention: stepsIn('needsAttention'),
    holdsDue: holds.reduce((sum, row) => sum + Number(row.count), 0),
  };
}
