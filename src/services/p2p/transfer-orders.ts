import { Refusal } from '../../domain/refusals.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import type { OrderOperationRow, OrderRow } from '../../store/schema.js';
import type { MerchantContext } from '../merchant-context.js';
import type { OrderQuery, OrderReference } from '../order-query.js';

/** Reads transfer orders for the P2P calls: the order of a merchant, and its legs. */
export class TransferOrders {
  constructor(
    private readonly orders: OrderQuery,
    private readonly operations: OperationRepository,
  ) {}

  /** A transfer order of this merchant; any other order is "not found" to the P2P calls. */
  async find(merchant: MerchantContext, reference: OrderReference): Promise<OrderRow> {
    const order = await this.orders.find(merchant, reference);
    if (order.p2p_type === null) throw new Refusal('ORDER_NOT_FOUND');
    return order;
  }

  /** The order's legs (debit, credit, reversal and the rest), oldest first. */
  legsOf(order: Pick<OrderRow, 'id'>): Promise<OrderOperationRow[]> {
    return this.operations.operationsOf(order.id);
  }
}
