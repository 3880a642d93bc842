import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import type { Clock } from '../../domain/clock.js';
import { unansweredDecline, type AuthorizationOutcome } from '../../domain/order-outcomes.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { RandomSource } from '../../domain/random-source.js';
import type { BindingCategory } from '../../domain/stored-credentials.js';
import {
  isUnknown,
  type AcquirerPort,
  type AuthenticationResult,
  type AuthorizationAnswer,
  type AuthorizationReference,
  type CardForAuthorization,
  type UnknownOutcome,
} from '../../processing/acquirer/acquirer-port.js';
import type { Executor, GroupCommit } from '../../store-engine/index.js';
import type { OrderRow, StepRow } from '../../store/schema.js';
import { causedBy, dccSide, paymentEventFor, type PaymentEventSink } from '../callbacks/payment-event.js';
import { chargeOf } from '../dcc/charge.js';
import { operationOutcome } from '../operation-outcome.js';
import { transferCompleted, transferEvent } from './transfer-outcomes.js';
import type { CredentialVault } from '../vault/credential-vault.js';
import { compensationStep } from './compensation-step.js';
import { pendingStep } from './pending-step.js';
import { startClaim, type ClaimIntent, type ClaimStores } from './claim-intent.js';
import {
  DONE,
  LOST,
  next,
  type Live,
  type Settled,
  type StepDefinition,
  type Stray,
} from './step-definition.js';
import { authorizationDetails, creditLegDetails, type AuthorizationDetails } from './step-details.js';
import { AUTHORIZATION_KINDS } from './step-kinds.js';

/** What only the live call knows: the card (never kept) and what to do with an approval. */
export interface AuthorizationTerms {
  readonly order: OrderRow;
  readonly card: CardForAuthorization;
  readonly twoPhase: boolean;
  readonly authentication?: AuthenticationResult;
  /** features=VERIFY: a zero-amount check of the card; nothing is held or paid. */
  readonly verification?: boolean;
  /** Store the card for this client once approved. */
  readonly storeCredential?: {
    readonly clientId: string;
    readonly category: BindingCategory;
    readonly email?: string | null;
  };
}

/** An operation the acquirer never received: it refuses the id from the inquiry on, so it did not happen. */
const NEVER_ARRIVED = { approved: false, reason: 'issuerTimeout' } as const;
type Answer = AuthorizationAnswer | typeof NEVER_ARRIVED;

/**
 * An authorization (a card payment, 3-D Secure settlement, binding or wallet payment) or a
 * transfer's debit. Without an answer the customer cannot wait: the order is declined with the
 * processing-timeout code at once, the step left pending, and recovery does the same before it
 * asks the acquirer. The settle finishes the step and, in the same unit: an approval pays the
 * order (a debit goes on to its credit leg), unless the order was declined meanwhile, in which
 * case the money is given back by a compensation step written there; a decline declines it.
 */
export class AuthorizationSteps implements StepDefinition<ClaimIntent, AuthorizationTerms, Answer> {
  readonly kinds = AUTHORIZATION_KINDS;

  constructor(
    /** The stores a claim's intent writes to, and this kind's settle with it. */
    private readonly stores: ClaimStores,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
    private readonly vault: CredentialVault,
  ) {}

  start(db: Executor, intent: ClaimIntent): Promise<void> {
    return startClaim(db, this.stores, intent);
  }

  send(step: StepRow, terms: AuthorizationTerms | undefined): Promise<AuthorizationAnswer | UnknownOutcome> {
    // The card is never kept: an authorization is sent by its live call alone, and recovered by inquiry.
    if (terms === undefined) throw new Error(`authorization ${step.id} cannot be sent without its card`);
    const base = {
      operationId: step.id,
      orderId: step.order_id,
      twoPhase: terms.twoPhase,
      card: terms.card,
      ...(terms.authentication === undefined ? {} : { authentication: terms.authentication }),
    };
    if (step.kind === 'debit')
      return this.acquirer.debit({ ...base, amountMinor: step.amount_minor, currency: step.currency });
    return this.acquirer.authorize({ ...base, ...chargeOf(terms.order) });
  }

  async ask(step: StepRow): Promise<Answer | UnknownOutcome | Stray> {
    const inquiry = await this.acquirer.inquire(step.id);
    if (isUnknown(inquiry)) return inquiry;
    if (!inquiry.found) return NEVER_ARRIVED;
    if (inquiry.call !== 'authorize' && inquiry.call !== 'debit')
      return { stray: `the acquirer holds a ${inquiry.call} under this authorization's id` };
    return inquiry.answer;
  }

  async unanswered(db: Executor, step: StepRow, nowMs: number): Promise<void> {
    await this.stores.orders.recordAuthorization(db, unansweredDecline(step.order_id, step.id, nowMs));
  }

  async settle(step: StepRow, answer: Answer, live: Live<AuthorizationTerms>): Promise<Settled> {
    const nowMs = this.clock.nowMs();
    const details = authorizationDetails.decode(step.details);
    // Decided outside the unit: a unit run twice must write the same (group-commit.ts).
    const reversalId = this.random.uuid();
    return this.writes.run(async (db): Promise<Settled> => {
      if (
        !(await this.stores.operations.completePendingOperation(db, step.id, operationOutcome(answer, nowMs)))
      )
        return LOST;
      if (details.creditOperationId !== undefined && !(answer.approved && step.kind === 'debit'))
        await this.stores.credits.forgetCard(db, details.creditOperationId);
      if (!answer.approved) {
        const declined = {
          ...unansweredDecline(step.order_id, step.id, nowMs),
          actionCode: DECLINE_REASONS[answer.reason].actionCode,
        };
        return { end: DONE, order: await this.stores.orders.recordAuthorization(db, declined) };
      }
      const approved = await this.approve(db, step, answer, details, live, nowMs);
      if (approved !== undefined) return approved;
      // The customer was told "declined" (or never told anything): the money is given back.
      if (details.creditOperationId !== undefined)
        await this.stores.credits.forgetCard(db, details.creditOperationId);
      const reversal = compensationStep(reversalId, step, referenceOf(answer), nowMs);
      await this.stores.operations.insertOperation(db, reversal);
      return { end: next(reversal) };
    });
  }

  /** The approval on an order still waiting for this attempt; undefined when it no longer is. */
  private async approve(
    db: Executor,
    step: StepRow,
    answer: AuthorizationReference,
    details: AuthorizationDetails,
    live: Live<AuthorizationTerms>,
    nowMs: number,
  ): Promise<Settled | undefined> {
    const terms = live.terms;
    // Recovery declines an unanswered attempt before it asks: only a live answer pays an order.
    if (terms === undefined) return undefined;
    if (step.kind === 'debit') return this.approveDebit(db, step, answer, details, live, nowMs);
    const charge = chargeOf(terms.order);
    const dccMinor = charge.conversion === undefined ? 0 : charge.amountMinor;
    const verification = terms.verification === true;
    const paid = !verification;
    const outcome: AuthorizationOutcome = {
      ...unansweredDecline(step.order_id, step.id, nowMs),
      // Nothing is held or charged by a verification: the order ends as released.
      status: verification
        ? ORDER_STATUS.reversed
        : terms.twoPhase
          ? ORDER_STATUS.approved
          : ORDER_STATUS.deposited,
      actionCode: 0,
      ...referenceOf(answer),
      approvedMinor: paid ? step.amount_minor : 0,
      depositedMinor: paid && !terms.twoPhase ? step.amount_minor : 0,
      dccApprovedMinor: paid ? dccMinor : 0,
      dccDepositedMinor: paid && !terms.twoPhase ? dccMinor : 0,
    };
    const order = await this.stores.orders.recordAuthorization(db, outcome);
    if (order === undefined) return undefined;
    if (paid) {
      const operation = terms.twoPhase ? 'approved' : 'deposited';
      const event = paymentEventFor(order, operation, true, order.amount_minor, dccSide(order, dccMinor));
      await this.emit(db, causedBy(event, live.requestId), nowMs);
    }
    const store = terms.storeCredential;
    if (store === undefined) return { end: DONE, order };
    const { bindingId } = await this.vault.store(db, {
      merchantId: order.merchant_id,
      clientId: store.clientId,
      category: store.category,
      pan: terms.card.pan,
      expiry: terms.card.expiry,
      order,
      netRefNum: answer.paymentNetRefNum,
      paymentDateMs: nowMs,
      email: store.email ?? order.email,
      ...(live.requestId === undefined ? {} : { requestId: live.requestId }),
    });
    await this.stores.orders.setBinding(db, order.id, bindingId);
    return { end: DONE, order: { ...order, binding_id: bindingId } };
  }

  /** An AFT is made by its debit; a two-card transfer goes on to its credit leg. */
  private async approveDebit(
    db: Executor,
    step: StepRow,
    answer: AuthorizationReference,
    details: AuthorizationDetails,
    live: Live<AuthorizationTerms>,
    nowMs: number,
  ): Promise<Settled | undefined> {
    const { creditOperationId, creditMinor } = details;
    if (creditOperationId === undefined || creditMinor === undefined) {
      const made = transferCompleted(step.order_id, step.id, step.amount_minor, answer, nowMs);
      const order = await this.stores.orders.recordAuthorization(db, made);
      if (order === undefined) return undefined;
      await this.emit(db, causedBy(transferEvent(order, answer.rrn), live.requestId), nowMs);
      return { end: DONE, order };
    }
    if (!(await this.stores.orders.stillClaimed(db, step.order_id, step.id, nowMs))) return undefined;
    const credit = pendingStep({
      id: creditOperationId,
      order: { id: step.order_id, merchant_id: step.merchant_id, currency: step.currency },
      kind: 'transferCredit',
      amountMinor: creditMinor,
      nowMs,
      details: creditLegDetails.encode({
        debit: referenceOf(answer),
        attemptId: step.id,
        movedMinor: step.amount_minor,
      }),
    });
    await this.stores.operations.insertOperation(db, credit);
    return { end: next(credit) };
  }
}

/** The network's references of an approval, without the rest of its answer. */
export function referenceOf(reference: AuthorizationReference): AuthorizationReference {
  return {
    approvalCode: reference.approvalCode,
    rrn: reference.rrn,
    paymentNetRefNum: reference.paymentNetRefNum,
    terminalId: reference.terminalId,
    authRefNum: reference.authRefNum,
  };
}
