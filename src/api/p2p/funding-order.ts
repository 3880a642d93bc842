import { ORDER_STATUS } from '../../domain/order-status.js';
import { Refusal } from '../../domain/refusals.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import type { TransferOrders } from '../../services/p2p/transfer-orders.js';
import { debitTransactionReferenceOf } from './p2p-status-view.js';

/**
 * An OCT that follows an AFT names it (debitMdOrder): a made AFT of this merchant. When that AFT
 * has a network reference (network M), the OCT must carry it as debitTransactionReference.
 */
export async function checkFundingOrder(
  transferOrders: TransferOrders,
  merchant: MerchantContext,
  params: {
    readonly debitMdOrder?: string | undefined;
    readonly debitTransactionReference?: string | undefined;
  },
): Promise<void> {
  if (params.debitMdOrder === undefined) return;
  const funding = await transferOrders.find(merchant, { orderId: params.debitMdOrder });
  if (funding.p2p_type !== 'AFT' || funding.status !== ORDER_STATUS.deposited)
    throw new Refusal('ORDER_NOT_FOUND');
  const reference = debitTransactionReferenceOf(funding, await transferOrders.legsOf(funding));
  if (reference === undefined) return;
  if (params.debitTransactionReference === undefined) {
    throw new Refusal('PARAM_MISSING', { param: 'debitTransactionReference' });
  }
  if (params.debitTransactionReference !== reference) {
    throw new Refusal('PARAM_CONFLICT', { param: 'debitTransactionReference', other: 'debitMdOrder' });
  }
}
