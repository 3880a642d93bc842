import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import type { Executor, GroupCommit } from '../store-engine/index.js';

async function insertVisit(
  db: Executor,
  row: { id: string; order_id: string; page: string; at_ms: number },
): Promise<void> {
  await db.insertInto('order_page_visits').values(row).execute();
}

/** Remembers each opening of an order's page by the customer's browser, for the order's story. */
export class OrderPageVisits {
  constructor(
    private readonly writes: GroupCommit,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  async record(orderId: string, page: 'payment' | 'transfer'): Promise<void> {
    const row = { id: this.random.uuid(), order_id: orderId, page, at_ms: this.clock.nowMs() };
    await this.writes.run((db) => insertVisit(db, row));
  }
}
