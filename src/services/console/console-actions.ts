import type { Clock } from '../../domain/clock.js';
import type { ConsoleRight } from '../../domain/operator-roles.js';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import { REFUSALS, Refusal } from '../../domain/refusals.js';
import { translate } from '../../i18n/translate.js';
import { AuditRepository } from '../../store/audit-repository.js';
import type { CallbackRepository } from '../../store/callback-repository.js';
import type { ConsoleOrderRepository } from '../../store/console-order-repository.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { ConsoleAuditRow, OrderRow } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { AdminError } from '../merchant-admin.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import type { StepAttention } from '../money-steps/step-attention.js';
import type { OrderLifecycle } from '../order-lifecycle.js';
import { ConsoleNotFound, requireRight, seesMerchant, type Operator } from './operator.js';

/** What an operator's action did: done, refused by the same rules as the API, or done before. */
export interface ActionResult {
  readonly outcome: 'done' | 'refused' | 'duplicate';
  /** Why it was refused, in English (the audit keeps the refusal's key too). */
  readonly message?: string;
  readonly auditId: string;
}

/** The form's one-time key (a UUID the confirmation page carries) and who acts. */
export interface ActionRequest {
  readonly operator: Operator;
  readonly key: string;
}

export interface Subject {
  readonly merchantId: string | null;
  readonly orderId: string | null;
  readonly amountMinor: number | null;
  readonly currency: string | null;
  readonly details?: Record<string, unknown>;
}

const KEY = /^[0-9a-f-]{36}$/;
/** How long a double click waits for the first submit's outcome before it says "done before". */
const DUPLICATE_WAIT_MS = 5_000;

/**
 * The console's actions on money and callbacks. Each goes through the service the API uses (the
 * same rules, refusals and money engine), is taken once per confirmation form (a double click
 * finds the key taken and reports the first submit's outcome), and ends with an audit entry.
 */
export class ConsoleActions {
  constructor(
    private readonly orders: ConsoleOrderRepository,
    private readonly audit: AuditRepository,
    private readonly lifecycle: OrderLifecycle,
    private readonly directory: MerchantDirectory,
    private readonly callbacks: CallbackRepository,
    private readonly attention: StepAttention,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
  ) {}

  /** The order as the operator may see it, or ConsoleNotFound (never "exists elsewhere"). */
  async order(operator: Operator, orderId: string): Promise<OrderRow> {
    const order = await this.orders.order(orderId);
    if (order === undefined || !seesMerchant(operator, order.merchant_id)) throw new ConsoleNotFound(orderId);
    return order;
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
    return this.once(request, 'replayCallback', subject, async () => {
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
    return this.once(request, 'resolveStep', subject, () =>
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
    return this.once(request, action, subject, () => act(order));
  }

  /**
   * Takes the form's key, acts, and writes the audit entry under the same key; other console
   * services (the sandbox tools) act through it too.
   */
  async once(
    request: ActionRequest,
    action: string,
    subject: Subject,
    act: () => Promise<void>,
  ): Promise<ActionResult> {
    if (!KEY.test(request.key)) throw new AdminError('the form has no valid action key; open it again');
    const nowMs = this.clock.nowMs();
    try {
      await this.writes.run((db) =>
        AuditRepository.takeActionKey(db, request.key, request.operator.id, nowMs),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.duplicate(request.key);
    }
    let outcome = 'done';
    let message: string | undefined;
    let refusalKey: string | undefined;
    try {
      await act();
    } catch (error) {
      if (error instanceof Refusal) {
        refusalKey = error.key;
        message = translate('en', { key: REFUSALS[error.key].message, vars: error.vars });
      } else if (error instanceof AdminError) {
        message = error.message;
      } else throw error;
      outcome = `refused: ${refusalKey ?? message}`;
    }
    const entry: ConsoleAuditRow = {
      id: request.key,
      operator_id: request.operator.id,
      operator_email: request.operator.email,
      at_ms: this.clock.nowMs(),
      action,
      merchant_id: subject.merchantId,
      order_id: subject.orderId,
      amount_minor: subject.amountMinor,
      currency: subject.currency,
      outcome,
      details: JSON.stringify({ ...subject.details, ...(message === undefined ? {} : { message }) }),
    };
    await this.writes.run((db) => AuditRepository.append(db, entry));
    return {
      outcome: outcome === 'done' ? 'done' : 'refused',
      ...(message === undefined ? {} : { message }),
      auditId: entry.id,
    };
  }

  /** A second submit of one form: the first's outcome once its audit entry is written. */
  private async duplicate(key: string): Promise<ActionResult> {
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    for (;;) {
      const first = await this.audit.find(key);
      if (first !== undefined || Date.now() >= deadline) return { outcome: 'duplicate', auditId: key };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
