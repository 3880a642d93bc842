import type { OrderReportRepository, ReportDateColumn } from '../store/order-report-repository.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import type { OrderQuery } from './order-query.js';

export interface LastOrdersRequest {
  readonly merchantIds: readonly string[];
  /** true: the period applies to the registration date; false: to the payment date. */
  readonly searchByCreatedDate: boolean;
  readonly fromMs: number;
  readonly toMs: number;
  readonly statuses: readonly number[];
  /** From 0. */
  readonly page: number;
  readonly size: number;
}

export interface ReportedOrder {
  readonly order: OrderRow;
  readonly refunds: readonly OrderOperationRow[];
}

export interface LastOrdersPage {
  readonly orders: readonly ReportedOrder[];
  readonly totalCount: number;
}

/** getLastOrdersForMerchants.do: a page of orders over a period, and how many the period holds. */
export class OrderReport {
  constructor(
    private readonly reports: OrderReportRepository,
    private readonly query: OrderQuery,
  ) {}

  async lastOrders(request: LastOrdersRequest): Promise<LastOrdersPage> {
    const { merchantIds, statuses, page, size } = request;
    if (merchantIds.length === 0 || statuses.length === 0) return { orders: [], totalCount: 0 };
    const dateColumn: ReportDateColumn = request.searchByCreatedDate ? 'created_at_ms' : 'auth_at_ms';
    const filter = { merchantIds, dateColumn, fromMs: request.fromMs, toMs: request.toMs, statuses };
    const offset = page * size;
    const rows = await this.reports.page(filter, size, offset);
    // A first page that is not full is the whole report: no need to count it.
    const totalCount = offset === 0 && rows.length < size ? rows.length : await this.reports.count(filter);
    const refunded = rows.filter((row) => row.refunded_minor > 0).map((row) => row.id);
    const refunds = await this.reports.approvedRefundsOf(merchantIds, refunded);
    const orders: ReportedOrder[] = [];
    for (const row of rows) {
      orders.push({
        // As for a single status: an order past its lifetime reads as declined, whatever the job's pace.
        order: await this.query.withExpiry(row),
        refunds: refunds.filter((refund) => refund.order_id === row.id),
      });
    }
    return { orders, totalCount };
  }
}
