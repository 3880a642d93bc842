import type { Clock } from '../../domain/clock.js';
import type { ConsoleRight } from '../../domain/operator-roles.js';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import type { CallbackRepository } from '../../store/callback-repository.js';
import type { ConsoleOrderRepository } from '../../store/console-order-repository.js';
import type { OrderRow } from '../../store/schema.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import type { StepAttention } from '../money-steps/step-attention.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import type { ActionRequest, ActionResult, AuditedOnce } from './audited-once.js';
import { ConsoleNotFound, requireRight, seesMerchant, visibleOrder, type Operator } from './operator.js';

export type { ActionRequest, ActionResult } from './audited-once.js';

/**
 * The console's actions on money and callbacks. Each goes through the service the API uses (the
 * same rules, refusals and money engine), is taken once per confirmation form (a double click
 * finds the key taken and reports the first submit's outcome), and ends with an audit entry.
 */
export class ConsoleActions {
  constructor(
    private readonly orders: ConsoleOrderRepository,
    private readonly audited: AuditedOnce,
    private readonly lifecycle: OrderLifecycle,
    private readonly directory: MerchantDirectory,
    private readonly callbacks: CallbackRepository,
    private readonly attention: StepAttention,
    private readonly clock: Clock,
  ) {}

  /** The order as the operator may see it, or ConsoleNotFound (never "exists elsewhere"). */
  order(operator: Operator, orderId: string): Promise<OrderRow> {
    return visibleOrder(this.orders, operator, orderId);
  }

  capture(
    request: ActionRequest,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
  ): Promise<ActionResult> {
    return this.onOrder(request, 'orders.capture', 'capture', orderId, amountMinor, side, (order) =>
      this.lifecycle.deposit(order, amountMinor, { side, details: { operator: request.operator.email } }),
    );
  }

  reverse(
    request: ActionRequest,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
  ): Promise<ActionResult> {
    return this.onOrder(request, 'orders.reverse', 'reverse', orderId, amountMinor, side, async (order) => {
      const merchant = await this.directory.byId(order.merchant_id);
      if (merchant === undefined) throw new ConsoleNotFound(order.merchant_id);
      await this.lifecycle.reverse(merchant, order, amountMinor, {
        side,
        details: { operator: request.operator.email },
      });
    });
  }

  refund(
    request: ActionRequest,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
  ): Promise<ActionResult> {
    return this.onOrder(request, 'orders.refund', 'refund', orderId, amountMinor, side, (order) =>
      this.lifecycle.refund(order, amountMinor, { side, details: { operator: request.operator.email } }),
    );
  }

  decline(request: ActionRequest, orderId: string): Promise<ActionResult> {
    return this.onOrder(request, 'orders.decline', 'decline', orderId, null, 'original', (order) =>
      this.lifecycle.decline(order),
    );
  }

  async replayCallback(request: ActionRequest, callbackId: string): Promise<ActionResult> {
    requireRight(request.operator, 'callbacks.replay');
    const callback = await this.orders.callback(callbackId);
    if (callback === undefined || !seesMerchant(request.operator, callback.merchant_id))
      throw new ConsoleNotFound(callbackId);
    const subject = {
      merchantId: callback.merchant_id,
      orderId: callback.order_id,
      amountMinor: null,
      currency: null,
      details: { callbackId },
    };
    return this.audited.outcome(request, 'replayCallback', subject, async () => {
      if (!(await this.callbacks.replay(callbackId, this.clock.nowMs())))
        throw new ConsoleNotFound(callbackId);
    });
  }

  async resolveStep(
    request: ActionRequest,
    orderId: string,
    stepId: string,
    note: string,
  ): Promise<ActionResult> {
    requireRight(request.operator, 'steps.resolve');
    const order = await this.order(request.operator, orderId);
    const step = (await this.orders.operations(order.id)).find((operation) => operation.id === stepId);
    if (step === undefined) throw new ConsoleNotFound(stepId);
    const subject = {
      merchantId: order.merchant_id,
      orderId: order.id,
      amountMinor: step.amount_minor,
      currency: step.currency,
      details: { stepId, note },
    };
    return this.audited.outcome(request, 'resolveStep', subject, () =>
      this.attention.resolve(stepId, note, request.operator.email),
    );
  }

  private async onOrder(
    request: ActionRequest,
    right: ConsoleRight,
    action: string,
    orderId: string,
    amountMinor: number | null,
    side: MovementSide,
    act: (order: OrderRow) => Promise<void>,
  ): Promise<ActionResult> {
    requireRight(request.operator, right);
    const order = await this.order(request.operator, orderId);
    const subject = {
      merchantId: order.merchant_id,
      orderId: order.id,
      amountMinor,
      currency: side === 'dcc' ? (order.dcc_currency ?? order.currency) : order.currency,
      details: { side },
    };
    return this.audited.outcome(request, action, subject, () => act(order));
  }
}
