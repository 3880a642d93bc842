import type { Clock } from '../domain/clock.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import { isUnknown, type AcquirerPort } from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OperationRepository } from '../store/operation-repository.js';
import { unansweredDecline } from '../store/order-columns.js';
import type { OrderRepository } from '../store/order-repository.js';
import { chargeOf } from './dcc/charge.js';
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
 * Nobody knows what the issuer decided, so the attempt is declined with the processing-timeout
 * code (guarded by the attempt, so it and a late outcome of a process that was only slow never
 * both win), then the authorization is reversed at the acquirer (releasing the money if it was
 * approved, late or not), and once the reversal is answered the operation is closed. A reversal
 * without an answer leaves the operation pending for the next run.
 */
export class PaymentRecovery {
  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
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
    const nowMs = this.clock.nowMs();
    // The decline first: once it is written, an answer the live process still records loses to
    // it, so the order can never read paid while its authorization is being reversed.
    if (order.status !== ORDER_STATUS.declined) {
      const declined = await this.writes.run((db) =>
        this.orders.recordAuthorization(db, unansweredDecline(order.id, operation.id, nowMs)),
      );
      if (!declined) return false;
    }
    const reversal = await this.acquirer.reverse({
      orderId: order.id,
      operationId: operation.id,
      // What the authorization asked for: in the card's currency when the order was converted.
      ...chargeOf(order),
      original: { approvalCode: '', rrn: '', paymentNetRefNum: '', terminalId: '', authRefNum: '' },
    });
    // Unanswered, the reversal is sent again at the next run: the order stays declined meanwhile.
    if (isUnknown(reversal)) return false;
    return this.writes.run((db) =>
      this.operations.completePendingOperation(
        db,
        operation.id,
        operationOutcome({ approved: false, reason: 'issuerTimeout' }, this.clock.nowMs()),
      ),
    );
  }
}
