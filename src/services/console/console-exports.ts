import type { ConsoleOrderSummary, Keyset, MovementRow } from '../../domain/console-order-views.js';
import type { Clock } from '../../domain/clock.js';
import type { RandomSource } from '../../domain/random-source.js';
import { AuditRepository } from '../../store/audit-repository.js';
import type { ConsoleOrderReads } from '../../store-reports/console-order-list.js';
import type { ConsoleOrderRepository } from '../../store-reports/console-order-repository.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { ConsoleOrderQuery } from './console-orders.js';
import { merchantLimit, requireRight, type Operator } from './operator.js';

/** The most orders one export holds. */
export const EXPORT_MAX_ORDERS = 1_000_000;
/** Orders read per statement: a keyset page, so the export never holds more than one. */
const EXPORT_BATCH = 500;

export type ExportKind = 'orders' | 'movements';

/** One keyset page of an export: its orders, those waiting for a person, and (movements) theirs. */
export interface ExportBatch {
  readonly orders: readonly ConsoleOrderSummary[];
  readonly waiting: ReadonlySet<string>;
  /** Each order's money movements, oldest first (the movements export). */
  readonly movements: ReadonlyMap<string, readonly MovementRow[]>;
}

/**
 * The order list's downloads: the list's own reads (the same scope, filters and bounds), page by
 * page from the keyset, so a million orders pass through in batches of EXPORT_BATCH. Each export
 * is audited when it starts, with the filter it was asked for.
 */
export class ConsoleExports {
  constructor(
    private readonly list: ConsoleOrderReads,
    private readonly orders: ConsoleOrderRepository,
    private readonly writes: GroupCommit,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  async start(
    operator: Operator,
    kind: ExportKind,
    query: ConsoleOrderQuery,
    asked: Readonly<Record<string, string>>,
  ): Promise<AsyncIterable<ExportBatch>> {
    requireRight(operator, 'orders.view');
    const entry = {
      id: this.random.uuid(),
      operator_id: operator.id,
      operator_email: operator.email,
      at_ms: this.clock.nowMs(),
      action: `export.${kind}`,
      merchant_id: query.merchantId ?? null,
      order_id: null,
      amount_minor: null,
      currency: null,
      outcome: 'done',
      details: JSON.stringify({ filter: asked }),
    };
    await this.writes.run((db) => AuditRepository.append(db, entry));
    return this.batches(operator, kind, query);
  }

  private async *batches(
    operator: Operator,
    kind: ExportKind,
    query: ConsoleOrderQuery,
  ): AsyncGenerator<ExportBatch> {
    const merchants = merchantLimit(operator);
    const filter = { ...query, after: undefined, before: undefined };
    let after: Keyset | undefined;
    let left = EXPORT_MAX_ORDERS;
    while (left > 0) {
      const limit = Math.min(EXPORT_BATCH, left);
      const page = await this.list.page({
        ...filter,
        ...(merchants === undefined ? {} : { merchantIds: merchants }),
        ...(after === undefined ? {} : { after }),
        limit,
      });
      const ids = page.rows.map((row) => row.id);
      const [waiting, movements] = await Promise.all([
        this.orders.waitingAmong(ids),
        kind === 'movements' ? this.orders.movements(ids) : Promise.resolve([]),
      ]);
      const byOrder = new Map<string, MovementRow[]>();
      for (const movement of movements) {
        const list = byOrder.get(movement.order_id) ?? [];
        list.push(movement);
        byOrder.set(movement.order_id, list);
      }
      if (page.rows.length > 0) yield { orders: page.rows, waiting, movements: byOrder };
      left -= page.rows.length;
      const last = page.rows.at(-1);
      // A full page goes on after its last order; a bounded window's search after the window.
      after =
        page.rows.length === limit && last !== undefined
          ? { createdAtMs: last.created_at_ms, id: last.id }
          : page.windowEnd;
      if (after === undefined) return;
    }
  }
}
