import { ORDER_STATUS } from '../../domain/order-status.js';
import { isUnknown, type AcquirerPort, type CreditAnswer } from '../../processing/acquirer/acquirer-port.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { StepRow } from '../../store/schema.js';
import type { CardCredit } from '../card-credit.js';
import type { TransferCredits } from '../p2p/transfer-credits.js';
import { NEVER_ARRIVED } from './movement-steps.js';
import { attention, DONE, retry, type StepDefinition, type StepEnd } from './step-definition.js';

/**
 * Money sent to a card whose answer never came: an instantRefund.do credit, or a transfer's credit
 * leg (an OCT's alone). Abandoning it could lose a credit that was made, and sending it as new
 * could pay twice; so the acquirer is asked what it did, and its answer is written as the live
 * answer would have been. A credit it never received is refused from the inquiry on: for a
 * transfer that is a refused credit, and its debit is given back.
 */
export class CreditSteps implements StepDefinition {
  readonly kinds = ['credit', 'transferCredit'] as const;

  constructor(
    private readonly orders: OrderRepository,
    private readonly acquirer: AcquirerPort,
    private readonly instantCredits: CardCredit,
    private readonly transferCredits: TransferCredits,
  ) {}

  async resume(step: StepRow): Promise<StepEnd> {
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) return attention('the order of this credit is gone');
    if (step.kind === 'credit' && order.status !== ORDER_STATUS.registered)
      return attention(`the order reads status ${order.status} while its credit is pending`);
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return retry('the acquirer did not answer the inquiry');
    let answer: CreditAnswer = NEVER_ARRIVED;
    if (inquiry.found) {
      if (inquiry.call !== 'credit')
        return attention(`the acquirer holds a ${inquiry.call} under this credit's id`);
      answer = inquiry.answer;
    }
    if (step.kind === 'credit') await this.instantCredits.settle(order, step.id, answer);
    else await this.transferCredits.settle(order, step, answer);
    return DONE;
  }
}
