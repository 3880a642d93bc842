import type { Clock } from '../domain/clock.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { Refusal } from '../domain/refusals.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { OrderOperationRow, OrderRow } from '../store/schema.js';
import type { MerchantContext } from './merchant-context.js';
import type { OrderExpiry } from './order-expiry.js';

export interface OrderReference {
  readonly orderId?: string;
  readonly orderNumber?: string;
}

/** Reads orders for their merchant; an order past its lifetime reads as declined by timeout. */
export class OrderQuery {
  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly expiry: OrderExpiry,
    private readonly clock: Clock,
  ) {}

  async find(merchant: MerchantContext, reference: OrderReference): Promise<OrderRow> {
    const { orderId, orderNumber } = reference;
    // orderId wins when both are sent (gateway-facts §2.6).
    let row: OrderRow | undefined;
    if (orderId !== undefined) row = await this.orders.findById(merchant.id, orderId);
    else if (orderNumber !== undefined) row = await this.orders.findByNumber(merchant.id, orderNumber);
    else throw new Refusal('ORDER_REFERENCE_MISSING');
    if (row === undefined) throw new Refusal('ORDER_NOT_FOUND');
    return this.withExpiry(row);
  }

  /**
   * An order a merchant's capture, reversal, refund or decline may act on: a purchase. A transfer
   * (P2P, AFT, OCT) is not one of these calls' orders, so it is not found by them, as the P2P calls
   * and the pages treat an order of the other kind (a refund of a made transfer would create money).
   */
  async findPurchase(merchant: MerchantContext, reference: OrderReference): Promise<OrderRow> {
    const order = await this.find(merchant, reference);
    if (order.p2p_type !== null) throw new Refusal('ORDER_NOT_FOUND');
    return order;
  }

  /**
   * The order's approved refunds, oldest first; read only for orders that have any. An instant
   * refund's order (instantRefund.do) lists its credit here.
   */
  async refundsOf(order: OrderRow): Promise<OrderOperationRow[]> {
    if (order.refunded_minor === 0) return [];
    return (await this.operations.operationsOf(order.id)).filter(
      (op) => (op.kind === 'refund' || op.kind === 'credit') && op.state === 'approved',
    );
  }

  /** Evaluated at read time so a reader never sees a live order past its deadline, whatever the job's pace. */
  async withExpiry(row: OrderRow): Promise<OrderRow> {
    const nowMs = this.clock.nowMs();
    if (row.status !== ORDER_STATUS.registered || row.expires_at_ms > nowMs) return row;
    await this.expiry.expire(row);
    const fresh = await this.orders.findById(row.merchant_id, row.id);
    if (fresh === undefined) throw new Error(`order ${row.id} vanished while expiring`);
    return fresh;
  }
}
