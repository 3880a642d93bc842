import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { AcquirerPort } from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { OrderOperationRow } from '../store/schema.js';
import { operationOutcome } from './operation-outcome.js';

/**
 * Finishes an authorization whose process stopped between the acquirer call and writing its
 * outcome. Nobody knows what the issuer answered, so the authorization is reversed at the
 * acquirer (releasing the money if it was approved) and the attempt is declined with the
 * processing-timeout code. Both the decline and the operation's end are guarded by the attempt,
 * so a late outcome from a process that was only slow, or another node's recovery, wins once.
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
      (order.status !== ORDER_STATUS.registered && order.status !== ORDER_STATUS.acsStarted)
    ) {
      return false;
    }
    await this.acquirer.reverse({
      orderId: order.id,
      amountMinor: operation.amount_minor,
      currency: operation.currency,
      original: { approvalCode: '', rrn: '', paymentNetRefNum: '', terminalId: '', authRefNum: '' },
    });
    const nowMs = this.clock.nowMs();
    const actionCode = DECLINE_REASONS.issuerTimeout.actionCode;
    return this.writes.run(async (db) => {
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
      await this.orders.completeOperation(
        db,
        operation.id,
        operationOutcome({ approved: false, reason: 'issuerTimeout' }, nowMs),
      );
      return true;
    });
  }
}
