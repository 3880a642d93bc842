import {
  isUnknown,
  type AcquirerPort,
  type FollowUpAnswer,
} from '../../processing/acquirer/acquirer-port.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { StepRow } from '../../store/schema.js';
import { reversalAsFollowUp } from '../movement-terms.js';
import { MOVEMENT_KINDS, type OrderLifecycle } from '../order-lifecycle.js';
import { attention, DONE, retry, type StepDefinition, type StepEnd } from './step-definition.js';

/** An operation the acquirer never received: it refuses the id from the inquiry on, so it did not happen. */
export const NEVER_ARRIVED: FollowUpAnswer = { approved: false, reason: 'issuerTimeout' };

/**
 * A merchant's capture, reversal or refund whose answer never came (already applied to the
 * order, its step pending). The acquirer is asked what it did; its answer is then written as the
 * live answer would have been (completed with its callback, or the order's change undone). An
 * operation it never received is refused from then on, so it is undone as refused.
 */
export class MovementSteps implements StepDefinition {
  readonly kinds = MOVEMENT_KINDS;

  constructor(
    private readonly orders: OrderRepository,
    private readonly lifecycle: OrderLifecycle,
    private readonly acquirer: AcquirerPort,
  ) {}

  async resume(step: StepRow): Promise<StepEnd> {
    const order = await this.orders.findById(step.merchant_id, step.order_id);
    if (order === undefined) return attention('the order of this movement is gone');
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return retry('the acquirer did not answer the inquiry');
    let answer = NEVER_ARRIVED;
    if (inquiry.found) {
      if (inquiry.call === 'reverse') answer = reversalAsFollowUp(inquiry.answer);
      else if (inquiry.call === 'capture' || inquiry.call === 'refund') answer = inquiry.answer;
      else return attention(`the acquirer holds a ${inquiry.call} under this movement's id`);
    }
    await this.lifecycle.settle(order, step, answer);
    return DONE;
  }
}
