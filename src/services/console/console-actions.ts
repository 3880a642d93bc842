import { realTimeOnly, type Clock, type MerchantScope } from '../../domain/clock.js';
import type { ConsoleRight } from '../../domain/operator-roles.js';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import type { CallbackRepository } from '../../store/callback-repository.js';
import type { ConsoleOrderRepository } from '../../store-reports/console-order-repository.js';
import type { OrderRow } from '../../store/schema.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import type { StepAttention } from '../money-steps/step-attention.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import { Refusal } from '../../domain/refusals.js';
import type { ActionRequest, ActionResult, AuditedOnce } from './audited-once.js';
import { isExplicitAmount, movableMinor, sideCurrency, type MoneyAction } from './movable-amount.js';
import { ConsoleNotFound, requireRight, seesMerchant, visibleOrder, type Operator } from './operator.js';
import { NO_CALLBACK_OBSERVER, type CallbackObserver } from '../callbacks/callback-observer.js';

export type { ActionRequest, ActionResult } from './audited-once.js';

/** The console's actions on an order and the right each needs. */
export const ORDER_ACTION_RIGHTS = {
  capture: 'orders.capture',
  reverse: 'orders.reverse',
  refund: 'orders.refund',
  decline: 'orders.decline',
  replay: 'callbacks.replay',
  resolve: 'steps.resolve',
} as const satisfies Record<string, ConsoleRight>;

export type OrderAction = keyof typeof ORDER_ACTION_RIGHTS;

export function isOrderAction(value: string | undefined): value is OrderAction {
  return value !== undefined && Object.hasOwn(ORDER_ACTION_RIGHTS, value);
}

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
    private readonly callbackObserver: CallbackObserver = NO_CALLBACK_OBSERVER,
    private readonly scope: MerchantScope = realTimeOnly(clock),
  ) {}

  /** The order as the operator may see it, or ConsoleNotFound (never "exists elsewhere"). */
  order(operator: Operator, orderId: string): Promise<OrderRow> {
    return visibleOrder(this.orders, operator, orderId);
  }

  /**
   * The order an operator may open `action`'s confirmation of: ConsoleNotFound when it is not
   * theirs to see, ConsoleForbidden when their role may not take the action (no page offers a
   * button the submit would refuse).
   */
  async orderToAct(operator: Operator, orderId: string, action: OrderAction): Promise<OrderRow> {
    const order = await this.order(operator, orderId);
    requireRight(operator, ORDER_ACTION_RIGHTS[action], {
      action,
      merchantId: order.merchant_id,
      orderId: order.id,
    });
    return order;
  }

  capture(
    request: ActionRequest,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
  ): Promise<ActionResult> {
    return this.moveMoney(request, 'capture', orderId, amountMinor, side, (order) =>
      this.lifecycle.deposit(order, amountMinor, { side, details: { operator: request.operator.email } }),
    );
  }

  reverse(
    request: ActionRequest,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
  ): Promise<ActionResult> {
    return this.moveMoney(request, 'reverse', orderId, amountMinor, side, async (order) => {
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
    return this.moveMoney(request, 'refund', orderId, amountMinor, side, (order) =>
      this.lifecycle.refund(order, amountMinor, { side, details: { operator: request.operator.email } }),
    );
  }

  decline(request: ActionRequest, orderId: string): Promise<ActionResult> {
    return this.onOrder(request, 'decline', orderId, null, 'original', (order) =>
      this.lifecycle.decline(order),
    );
  }

  async replayCallback(request: ActionRequest, callbackId: string): Promise<ActionResult> {
    const callback = await this.orders.callback(callbackId);
    if (callback === undefined || !seesMerchant(request.operator, callback.merchant_id))
      throw new ConsoleNotFound(callbackId);
    requireRight(request.operator, 'callbacks.replay', {
      action: 'replayCallback',
      merchantId: callback.merchant_id,
      ...(callback.order_id === null ? {} : { orderId: callback.order_id }),
    });
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
      this.callbackObserver.callbackReplayed();
    });
  }

  async resolveStep(
    request: ActionRequest,
    orderId: string,
    stepId: string,
    note: string,
  ): Promise<ActionResult> {
    const order = await this.order(request.operator, orderId);
    requireRight(request.operator, 'steps.resolve', {
      action: 'resolveStep',
      merchantId: order.merchant_id,
      orderId: order.id,
    });
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

  /**
   * A capture, reversal or refund of exactly `amountMinor`: the amount the confirmation showed and
   * the audit records. Anything but a whole positive amount is refused here too, whatever the page
   * sent, because the money engine would read 0 as "the full amount" (the API's rule).
   */
  private moveMoney(
    request: ActionRequest,
    action: MoneyAction,
    orderId: string,
    amountMinor: number,
    side: MovementSide,
    act: (order: OrderRow) => Promise<void>,
  ): Promise<ActionResult> {
    return this.onOrder(request, action, orderId, amountMinor, side, async (order) => {
      if (!isExplicitAmount(amountMinor))
        throw new Refusal('PARAM_INVALID', {
          param: 'amount',
          reason: 'reason.integerRange',
          min: 1,
          max: movableMinor(action, order, side),
        });
      await act(order);
    });
  }

  private async onOrder(
    request: ActionRequest,
    action: 'decline' | MoneyAction,
    orderId: string,
    amountMinor: number | null,
    side: MovementSide,
    act: (order: OrderRow) => Promise<void>,
  ): Promise<ActionResult> {
    const order = await this.order(request.operator, orderId);
    const subject = {
      merchantId: order.merchant_id,
      orderId: order.id,
      amountMinor,
      currency: sideCurrency(order, side),
      details: { side },
    };
    requireRight(request.operator, ORDER_ACTION_RIGHTS[action], {
      action,
      merchantId: order.merchant_id,
      orderId: order.id,
      ...(amountMinor === null ? {} : { amountMinor, currency: subject.currency }),
    });
    // The audit is dated on real time; the money it moves, on the merchant's clock.
    return this.audited.outcome(request, action, subject, () =>
      this.scope.within(order.merchant_id, () => act(order)),
    );
  }
}
