import type { Clock } from '../domain/clock.js';
import { PAYMENT_SYSTEM_BY_NETWORK, formatExpiry, networkOf } from '../domain/card-rules.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { Refusal } from '../domain/refusals.js';
import type {
  AcquirerPort,
  AuthenticationResult,
  CardForAuthorization,
} from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { NewOrder, OrderRepository } from '../store/order-repository.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import type { Executor } from '../store/prepared-query.js';
import type { OrderRow } from '../store/schema.js';
import { paymentEventFor, type PaymentEvent } from './callbacks/payment-event.js';
import { operationOutcome } from './operation-outcome.js';

/** What paying needs of an order: a registered one, or one being registered in the same unit. */
export type PayableOrder = Pick<
  OrderRow,
  'id' | 'merchant_id' | 'order_number' | 'amount_minor' | 'currency' | 'dynamic_callback_url'
>;

/** Writes a callback to the outbox inside the transaction of the change it reports. */
export type PaymentEventSink = (db: Executor, event: PaymentEvent, nowMs: number) => Promise<void>;

export interface CardPaymentInput {
  readonly card: CardForAuthorization;
  readonly twoPhase: boolean;
  readonly paymentWay: 'CARD' | 'CARD_MOTO';
  readonly autoCompleteAtMs?: number;
  readonly autoReverseAtMs?: number;
  /** The 3-D Secure result the issuer is told (ECI, authentication value). */
  readonly authentication?: AuthenticationResult;
  /** JSON of the 3-D Secure result for the order's status (cardAuthInfo.secureAuthInfo). */
  readonly secureAuth?: string;
}

/** The transaction start state (gateway-facts §5.2): an authorization whose answer is not in yet. */
const ACTION_CODE_STARTED = -9000;

/**
 * Pays a registered order with card data, in the fixed phases of every money operation: claim
 * the order and write the intent (one unit), call the acquirer, write the outcome and its
 * callback (one unit). The intent is durable before the acquirer is called, so a crash in
 * between leaves a pending operation that recovery can resolve, never a lost payment.
 */
export class CardPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
  ) {}

  /** Pays an order registered earlier (the hosted page, paymentOrderBinding). */
  async pay(order: PayableOrder, input: CardPaymentInput): Promise<OrderRow> {
    return this.attempt(order, input, undefined);
  }

  /**
   * Registers `order` and pays it (instantPayment.do, motoPayment.do): the order row, its claim and
   * the pending authorization are one durable unit before the acquirer is called.
   */
  async registerAndPay(order: NewOrder, input: CardPaymentInput): Promise<OrderRow> {
    try {
      return await this.attempt(order, input, (db) => this.orders.insertIn(db, order));
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal('ORDER_NUMBER_DUPLICATE');
      throw error;
    }
  }

  private async attempt(
    order: PayableOrder,
    input: CardPaymentInput,
    insertFirst: ((db: Executor) => Promise<void>) | undefined,
  ): Promise<OrderRow> {
    const attemptId = this.random.uuid();
    const digits = input.card.pan.reveal();
    const network = networkOf(digits);
    const startedMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      await insertFirst?.(db);
      const claimed = await this.orders.claimForPayment(db, {
        orderId: order.id,
        attemptId,
        paymentWay: input.paymentWay,
        maskedPan: input.card.pan.masked,
        expiry: formatExpiry(input.card.expiry),
        cardholderName: input.card.cardholderName ?? null,
        network: PAYMENT_SYSTEM_BY_NETWORK[network],
        twoPhase: input.twoPhase,
        autoCompleteAtMs: input.autoCompleteAtMs ?? null,
        autoReverseAtMs: input.autoReverseAtMs ?? null,
        secureAuth: input.secureAuth ?? null,
        nowMs: startedMs,
      });
      if (!claimed) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.orders.insertOperation(db, {
        id: attemptId,
        order_id: order.id,
        merchant_id: order.merchant_id,
        kind: 'authorization',
        state: 'pending',
        amount_minor: order.amount_minor,
        currency: order.currency,
        action_code: ACTION_CODE_STARTED,
        rrn: null,
        approval_code: null,
        external_id: null,
        details: null,
        created_at_ms: startedMs,
        completed_at_ms: null,
      });
    });

    const answer = await this.acquirer.authorize({
      orderId: order.id,
      amountMinor: order.amount_minor,
      currency: order.currency,
      twoPhase: input.twoPhase,
      card: input.card,
      ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
    });

    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      const approvedMinor = answer.approved ? order.amount_minor : 0;
      const recorded = await this.orders.recordAuthorization(db, {
        orderId: order.id,
        attemptId,
        status: !answer.approved
          ? ORDER_STATUS.declined
          : input.twoPhase
            ? ORDER_STATUS.approved
            : ORDER_STATUS.deposited,
        actionCode: answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode,
        approvalCode: answer.approved ? answer.approvalCode : null,
        rrn: answer.approved ? answer.rrn : null,
        paymentNetRefNum: answer.approved ? answer.paymentNetRefNum : null,
        terminalId: answer.approved ? answer.terminalId : null,
        authRefNum: answer.approved ? answer.authRefNum : null,
        approvedMinor,
        depositedMinor: answer.approved && !input.twoPhase ? order.amount_minor : 0,
        nowMs,
      });
      // The claim guarantees this attempt alone may finish the order; anything else is a bug.
      if (!recorded) throw new Error(`order ${order.id} changed under payment attempt ${attemptId}`);
      await this.orders.completeOperation(db, attemptId, operationOutcome(answer, nowMs));
      if (answer.approved) {
        const operation = input.twoPhase ? 'approved' : 'deposited';
        await this.emit(db, paymentEventFor(order, operation, true, order.amount_minor), nowMs);
      }
    });
    const fresh = await this.orders.findById(order.merchant_id, order.id);
    if (fresh === undefined) throw new Error(`order ${order.id} vanished after payment`);
    return fresh;
  }
}
