import { NO_MONEY_OBSERVER, type MoneyObserver } from './money-observer.js';
import type { Clock } from '../domain/clock.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { pendingOperationRow } from '../domain/operation-intent.js';
import { unansweredDecline, type AuthorizationOutcome } from '../domain/order-outcomes.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { RandomSource } from '../domain/random-source.js';
import { Refusal } from '../domain/refusals.js';
import {
  isUnknown,
  type AcquirerPort,
  type AuthenticationResult,
  type CardForAuthorization,
} from '../processing/acquirer/acquirer-port.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OperationRepository } from '../store/operation-repository.js';
import type { OrderRepository } from '../store/order-repository.js';
import {
  claimColumns,
  outcomeColumns,
  unpaidOrderRow,
  type NewOrder,
  type PaymentClaim,
} from '../store/order-columns.js';
import type { Executor } from '../store/prepared-query.js';
import type { OrderRow } from '../store/schema.js';
import { causedBy, dccSide, paymentEventFor, type PaymentEvent } from './callbacks/payment-event.js';
import { chargeOf } from './dcc/charge.js';
import { operationOutcome } from './operation-outcome.js';
import { paymentClaim } from './payment-claim.js';
import { refuseReusedNumber } from './order-registration.js';
import type { BindingCategory, Tii } from '../domain/stored-credentials.js';
import type { CredentialVault } from './vault/credential-vault.js';

/** An order after a claim and an authorization outcome, as the database now holds it. */
function paidOrder(order: OrderRow, claim: PaymentClaim, outcome: AuthorizationOutcome): OrderRow {
  return { ...order, ...claimColumns(claim, order.binding_id), ...outcomeColumns(outcome) };
}

/** Writes a callback to the outbox inside the transaction of the change it reports. */
export type PaymentEventSink = (db: Executor, event: PaymentEvent, nowMs: number) => Promise<void>;

/** How an order was paid (gateway-facts §2.6, version 9 `paymentWay`). */
export type PaymentWay =
  | 'CARD'
  | 'CARD_MOTO'
  | 'CARD_BINDING'
  | 'APPLE_PAY'
  | 'GOOGLE_PAY_TOKENIZED'
  | 'GOOGLE_PAY_CARD'
  | 'SAMSUNG_PAY';

export interface CardPaymentInput {
  readonly card: CardForAuthorization;
  readonly twoPhase: boolean;
  readonly paymentWay: PaymentWay;
  readonly autoCompleteAtMs?: number;
  readonly autoReverseAtMs?: number;
  /** The 3-D Secure result the issuer is told (ECI, authentication value). */
  readonly authentication?: AuthenticationResult;
  /** JSON of the 3-D Secure result for the order's status (cardAuthInfo.secureAuthInfo). */
  readonly secureAuth?: string;
  /** The transaction initiator indicator of the spec's tii table. */
  readonly tii?: Tii;
  /** The stored credential paid with. */
  readonly bindingId?: string;
  /** features=VERIFY: a zero-amount authorization that checks the card to store it; nothing is paid. */
  readonly verification?: boolean;
  /**
   * More writes that belong to the intent unit, so they commit (or fail) with the claim: a wallet
   * token marked as paid, whose second payment then stops on the table's key.
   */
  readonly intent?: (db: Executor) => Promise<void>;
  /** Store the card for this client once the payment is approved (tii CI, or clientId). */
  readonly storeCredential?: {
    readonly clientId: string;
    readonly category: BindingCategory;
    readonly email?: string | null;
  };
  /** X-Request-Id of the call that pays, for the callbacks of the payment. */
  readonly requestId?: string;
}

/** The outcome unit found the attempt finished already (by the recovery job). */
const OVERTAKEN = Symbol('overtaken');

/**
 * Pays a registered order with card data, in the fixed phases of every money operation: claim
 * the order and write the intent (one unit), call the acquirer, write the outcome and its
 * callback (one unit). The intent is durable before the acquirer is called, so a crash in
 * between leaves a pending operation that recovery can resolve, never a lost payment.
 */
export class CardPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
    private readonly vault?: CredentialVault,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
  ) {}

  /** Pays an order registered earlier (the hosted page, paymentOrderBinding). */
  async pay(order: OrderRow, input: CardPaymentInput): Promise<OrderRow> {
    return this.attempt(order, input, 'claim');
  }

  /**
   * Registers `order` and pays it (instantPayment.do, motoPayment.do): the order goes in already
   * claimed by this attempt, with the pending authorization, as one durable unit before the
   * acquirer is called.
   */
  async registerAndPay(order: NewOrder, input: CardPaymentInput): Promise<OrderRow> {
    return this.attempt(unpaidOrderRow(order), input, 'insert');
  }

  private async attempt(
    order: OrderRow,
    input: CardPaymentInput,
    how: 'insert' | 'claim',
  ): Promise<OrderRow> {
    const attemptId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const claim = paymentClaim(order.id, attemptId, input.card, input, startedMs);
    await this.writes.run(async (db) => {
      if (how === 'insert') {
        // Only the order's own unique index means a reused order number.
        await refuseReusedNumber(() => this.orders.insertClaimedIn(db, order, claim));
      } else if (!(await this.orders.claimForPayment(db, claim))) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.operations.insertOperation(
        db,
        pendingOperationRow({
          id: attemptId,
          order,
          kind: 'authorization',
          amountMinor: order.amount_minor,
          dccAmountMinor: order.dcc_amount_minor,
          nowMs: startedMs,
        }),
      );
      await input.intent?.(db);
    });

    const charge = chargeOf(order);
    const answer = await this.acquirer.authorize({
      operationId: attemptId,
      orderId: order.id,
      ...charge,
      twoPhase: input.twoPhase,
      card: input.card,
      ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
    });

    const nowMs = this.clock.nowMs();
    if (isUnknown(answer)) {
      this.observer.payment(input.paymentWay, 'unknown', order.currency);
      return this.declineUnanswered(order, claim, nowMs);
    }
    const dccMinor = charge.conversion === undefined ? 0 : charge.amountMinor;
    const approves = answer.approved && input.verification !== true;
    const outcome: AuthorizationOutcome = {
      orderId: order.id,
      attemptId,
      status: !answer.approved
        ? ORDER_STATUS.declined
        : input.verification === true
          ? // Nothing is held or charged by a verification: the order ends as released.
            ORDER_STATUS.reversed
          : input.twoPhase
            ? ORDER_STATUS.approved
            : ORDER_STATUS.deposited,
      actionCode: answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode,
      approvalCode: answer.approved ? answer.approvalCode : null,
      rrn: answer.approved ? answer.rrn : null,
      paymentNetRefNum: answer.approved ? answer.paymentNetRefNum : null,
      terminalId: answer.approved ? answer.terminalId : null,
      authRefNum: answer.approved ? answer.authRefNum : null,
      approvedMinor: approves ? order.amount_minor : 0,
      depositedMinor: approves && !input.twoPhase ? order.amount_minor : 0,
      dccApprovedMinor: approves ? dccMinor : 0,
      dccDepositedMinor: approves && !input.twoPhase ? dccMinor : 0,
      nowMs,
    };
    const stored = await this.writes.run(async (db) => {
      // Only the recovery job can have finished this attempt first (its answer came after the
      // recovery deadline); then its decision stands and the order is read as it left it.
      if (!(await this.orders.recordAuthorization(db, outcome))) return OVERTAKEN;
      await this.operations.completeOperation(db, attemptId, operationOutcome(answer, nowMs));
      if (!answer.approved) return undefined;
      if (input.verification !== true) {
        const operation = input.twoPhase ? 'approved' : 'deposited';
        await this.emit(
          db,
          causedBy(
            paymentEventFor(order, operation, true, order.amount_minor, dccSide(order, dccMinor)),
            input.requestId,
          ),
          nowMs,
        );
      }
      if (input.storeCredential === undefined || this.vault === undefined) return undefined;
      const { bindingId } = await this.vault.store(db, {
        merchantId: order.merchant_id,
        clientId: input.storeCredential.clientId,
        category: input.storeCredential.category,
        pan: input.card.pan,
        expiry: input.card.expiry,
        order,
        netRefNum: answer.paymentNetRefNum,
        paymentDateMs: nowMs,
        email: input.storeCredential.email ?? order.email,
        ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
      });
      await this.orders.setBinding(db, order.id, bindingId);
      return bindingId;
    });
    if (stored === OVERTAKEN) return this.orders.reread(order);
    this.observer.payment(
      input.paymentWay,
      answer.approved ? 'approved' : 'declined',
      order.currency,
      answer.approved ? '' : answer.reason,
    );
    // The row as both units left it: the guarded updates above matched exactly this attempt.
    const paid = paidOrder(order, claim, outcome);
    return stored === undefined ? paid : { ...paid, binding_id: stored };
  }

  /**
   * The issuer did not answer in time. The customer cannot wait: the order is declined with the
   * processing-timeout code now, while its authorization stays pending, so the recovery job
   * reverses it at the acquirer (a late approval is released, never kept) and then closes it.
   */
  private async declineUnanswered(order: OrderRow, claim: PaymentClaim, nowMs: number): Promise<OrderRow> {
    const outcome = unansweredDecline(order.id, claim.attemptId, nowMs);
    const recorded = await this.writes.run((db) => this.orders.recordAuthorization(db, outcome));
    return recorded ? paidOrder(order, claim, outcome) : this.orders.reread(order);
  }
}
