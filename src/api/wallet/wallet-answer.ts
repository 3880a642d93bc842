import type { OrderRow } from '../../store/schema.js';
import type { OperationContext } from '../operation.js';
import { walletOrderStatusView } from './wallet-order-status-view.js';

/**
 * A wallet payment that was processed: `success` true says only that (merchant-api.md, outcome
 * rules for wallet payment): paid when `orderStatus.orderStatus` is 1 or 2, declined otherwise.
 */
export function walletAnswer(order: OrderRow, context: OperationContext): Record<string, unknown> {
  return {
    success: true,
    data: { orderId: order.id },
    orderStatus: walletOrderStatusView(order, context),
  };
}
