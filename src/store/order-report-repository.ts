import type { Kysely } from 'kysely';
import type { Database, OrderOperationRow, OrderRow } from './schema.js';

/** Which date a report's period applies to: registration, or the payment (the issuer's answer). */
export type ReportDateColumn = 'created_at_ms' | 'auth_at_ms';

export interface OrderReportFilter {
  /** Never empty: the merchants whose orders the report covers. */
  readonly merchantIds: readonly string[];
  readonly dateColumn: ReportDateColumn;
  /** Inclusive bounds, epoch milliseconds. */
  readonly fromMs: number;
  readonly toMs: number;
  /** Never empty. */
  readonly statuses: readonly number[];
}

/**
 * Up to this many merchants, a page is the merge of one bounded index scan per merchant (each
 * already in report order); beyond it, one scan over them all and a sort, so the statement stays
 * small (SQLite allows 500 terms in a compound select).
 */
export const REPORT_MERGE_MERCHANTS_MAX = 50;

/**
 * The reads of getLastOrdersForMerchants.do, shaped for the indexes of migration 0008 (measured on
 * a million orders: docs/decisions/0074-the-merchant-report-on-a-million-orders.md). Every query is
 * scoped by the merchant ids.
 */
export class OrderReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private scan(filter: OrderReportFilter, merchantIds: readonly string[]) {
    const { dateColumn, fromMs, toMs, statuses } = filter;
    return (
      this.db
        .selectFrom('orders')
        .select((eb) => ['id', eb.ref(dateColumn).as('sort_at')])
        .where('merchant_id', 'in', merchantIds)
        // Implied by the range; written out so the partial index on the payment date matches plainly.
        .$if(dateColumn === 'auth_at_ms', (qb) => qb.where('auth_at_ms', 'is not', null))
        .where(dateColumn, '>=', fromMs)
        .where(dateColumn, '<=', toMs)
        .where('status', 'in', statuses)
    );
  }

  /** One merchant's page, or several merchants' in one scan and sort. */
  private direct(filter: OrderReportFilter, limit: number, offset: number) {
    return this.scan(filter, filter.merchantIds)
      .orderBy(filter.dateColumn, 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset);
  }

  /** Several merchants' page: each contributes at most offset + limit rows, read in index order. */
  private merged(filter: OrderReportFilter, limit: number, offset: number) {
    const branches = filter.merchantIds.map((merchantId, index) =>
      this.db
        .selectFrom(
          this.scan(filter, [merchantId])
            .orderBy(filter.dateColumn, 'desc')
            .orderBy('id', 'desc')
            .limit(offset + limit)
            .as(`m${index}`),
        )
        .select(['id', 'sort_at']),
    );
    return branches
      .slice(1)
      .reduce((union, next) => union.unionAll(next), branches[0]!)
      .orderBy('sort_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset);
  }

  /**
   * One page of orders in report order: the period's date, then id, descending. The page is chosen
   * from the index alone; only its rows are then read, by primary key.
   */
  async page(filter: OrderReportFilter, limit: number, offset: number): Promise<OrderRow[]> {
    const count = filter.merchantIds.length;
    const ids =
      count === 1 || count > REPORT_MERGE_MERCHANTS_MAX
        ? this.direct(filter, limit, offset).as('page')
        : this.merged(filter, limit, offset).as('page');
    return this.db
      .selectFrom(ids)
      .innerJoin('orders', 'orders.id', 'page.id')
      .selectAll('orders')
      .orderBy('page.sort_at', 'desc')
      .orderBy('page.id', 'desc')
      .execute();
  }

  /** How many orders the whole report holds, counted from the index. */
  async count(filter: OrderReportFilter): Promise<number> {
    const { merchantIds, dateColumn, fromMs, toMs, statuses } = filter;
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('merchant_id', 'in', merchantIds)
      .$if(dateColumn === 'auth_at_ms', (qb) => qb.where('auth_at_ms', 'is not', null))
      .where(dateColumn, '>=', fromMs)
      .where(dateColumn, '<=', toMs)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The approved refunds of these orders, oldest first. */
  async approvedRefundsOf(
    merchantIds: readonly string[],
    orderIds: readonly string[],
  ): Promise<OrderOperationRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('order_operations')
      .selectAll()
      .where('merchant_id', 'in', merchantIds)
      .where('order_id', 'in', orderIds)
      .where('kind', '=', 'refund')
      .where('state', '=', 'approved')
      .orderBy('created_at_ms')
      .orderBy('id')
      .execute();
  }
}
