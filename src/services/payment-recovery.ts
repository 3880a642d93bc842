import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { isUnknown, type AcquirerPort } from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { OrderOperationRow } from '../store/schema.js';
import { operationOutcome } from './operation-outcome.js';

/** Orders whose authorization may still be pending: unpaid, or declined when its answer never came. */
const RECOVERABLE: readonly number[] = [
  ORDER_STATUS.registered,
  ORDER_STATUS.acsStarted,
  ORDER_STATUS.declined,
];

/**
 * Finishes an authorization whose answer never came: its process stopped during the acquirer
 * call, or the acquirer did not answer by the deadline (the order was then declined at once).
 * Nobody knows what the issuer decided, so the authorization is reversed at the acquirer
 * (releasing the money if it was approved, late or not); once the acquirer has answered the
 * reversal, the attempt is declined with the processing-timeout code if it was not already, and
 * the operation is closed. A reversal without an answer leaves everything pending for the next
 * run. The decline and the operation's end are guarded by the attempt, so a late outcome from a
 * process that was only slow, or another node's recovery, wins once.
 */
export class PaymentRecovery {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
  ) {}

  async recover(operation: OrderOperationRow): Promise<boolean> {
    const order = await this.orders.findById(operation.merchant_id, operation.order_id);
    if (
      order === undefined ||
      order.payment_attempt_id !== operation.id ||
      !RECOVERABLE.includes(order.status)
    ) {
      return false;
    }
    const reversal = await this.acquirer.reverse({
      orderId: order.id,
      operationId: operation.id,
      amountMinor: operation.amount_minor,
      currency: operation.currency,
      original: { approvalCode: '', rrn: '', paymentNetRefNum: '', terminalId: '', authRefNum: '' },
    });
    if (isUnknown(reversal)) return false;
    const nowMs = this.clock.nowMs();
    const actionCode = DECLINE_REASONS.issuerTimeout.actionCode;
    return this.writes.run(async (db) => {
      if (order.status !== ORDER_STATUS.declined) {
        const declined = await this.orders.recordAuthorization(db, {
          orderId: order.id,
          attemptId: operation.id,
          status: ORDER_STATUS.declined,
          actionCode,
          approvalCode: null,
          rrn: null,
          paymentNetRefNum: null,
          terminalId: null,
          authRefNum: null,
          approvedMinor: 0,
          depositedMinor: 0,
          nowMs,
        });
        if (!declined) return false;
      }
      return this.orders.completePendingOperation(
        db,
        operation.id,
        operationOutcome({ approved: false, reason: 'issuerTimeout' }, nowMs),
      );
    });
  }
}
