import { formatExpiry, networkOf, parseExpiry, PAYMENT_SYSTEM_BY_NETWORK } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import { Pan } from '../../domain/pan.js';
import type { RandomSource } from '../../domain/random-source.js';
import { Refusal } from '../../domain/refusals.js';
import {
  isUnknown,
  type AcquirerPort,
  type AuthenticationResult,
  type AuthorizationReference,
  type CardForAuthorization,
  type CardForCredit,
} from '../../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CreditRepository } from '../../store/credit-repository.js';
import type { GroupCommit } from '../../store/group-commit.js';
import type { OperationRepository } from '../../store/operation-repository.js';
import {
  pendingOperationRow,
  unansweredDecline,
  type AuthorizationOutcome,
  type PaymentClaim,
} from '../../store/order-columns.js';
import type { OrderRepository } from '../../store/order-repository.js';

import type { OrderOperationRow, OrderRow } from '../../store/schema.js';
import type { Executor } from '../../store/prepared-query.js';
import type { CardPaymentInput, PaymentEventSink } from '../card-payment.js';
import type { CredentialVault } from '../vault/credential-vault.js';
import { paymentEventFor } from '../callbacks/payment-event.js';
import { operationOutcome } from '../operation-outcome.js';

/** The operation kinds of a transfer: its two legs, and the debit's reversal when the credit is refused. */
export const TRANSFER_KINDS = ['debit', 'transferCredit', 'debitReversal'] as const;

export interface TransferInput {
  /** The debited card; absent for an OCT (credit only). */
  readonly from?: CardForAuthorization;
  /** The credited card; absent for an AFT (debit only). */
  readonly to?: CardForCredit;
  /** The amount credited (amountInput, or the registered amount). */
  readonly amountMinor: number;
  /** Debited on top of the amount (the merchant's fee plan). */
  readonly feeMinor: number;
  /** The debited card's 3-D Secure result, told to its issuer. */
  readonly authentication?: AuthenticationResult;
  /** JSON of the 3-D Secure result for the order's status. */
  readonly secureAuth?: string;
  /** The stored credential the debited card is (a binding in fromCard). */
  readonly bindingId?: string;
  /** The transaction initiator indicator of a stored-credential transfer (CI, F). */
  readonly tii?: string;
  /** More writes for the unit that starts the transfer (a wallet token spent). */
  readonly intent?: (db: Executor) => Promise<void>;
  /** Store the debited card for this client once the transfer is made (clientId, not bindingNotNeeded). */
  readonly storeCredential?: CardPaymentInput['storeCredential'];
}

/** What is kept of the credited card for a resend: never a CVC. */
interface SealedCard {
  readonly pan: string;
  readonly expiry?: string;
  readonly cardholderName?: string;
}

function sealedOf(card: CardForCredit): SealedCard {
  return {
    pan: card.pan.reveal(),
    ...(card.expiry === undefined ? {} : { expiry: formatExpiry(card.expiry) }),
    ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
  };
}

/** The issuers of a transfer's cards (the BIN file's bank name and country), kept for its callback. */
interface TransferParties {
  readonly debit?: { readonly bankName: string; readonly country: string };
  readonly credit?: { readonly bankName: string; readonly country: string };
}

/**
 * The P2P members of a transfer's callback (gateway-facts §8): operationType for AFT and OCT, the
 * transaction type indicator, each card's bank and country (ISO 3166-1 alpha-2), whether the two
 * countries differ, the registered recipient data (JSON), and the debit's RRN.
 */
export function transferCallbackMembers(
  order: Pick<OrderRow, 'p2p_type' | 'p2p_details' | 'p2p_parties'>,
  debitRrn: string | undefined,
): Record<string, string> {
  const details = JSON.parse(order.p2p_details ?? '{}') as {
    transactionTypeIndicator?: string;
    billingRecipientData?: unknown;
  };
  const parties = JSON.parse(order.p2p_parties ?? '{}') as TransferParties;
  const members: Record<string, string> = {};
  if (order.p2p_type === 'AFT' || order.p2p_type === 'OCT') members.operationType = order.p2p_type;
  if (details.transactionTypeIndicator !== undefined)
    members.transactionTypeIndicator = details.transactionTypeIndicator;
  if (parties.debit !== undefined) {
    members.debitBankName = parties.debit.bankName;
    members.debitPanCountryCode = parties.debit.country;
  }
  if (parties.credit !== undefined) {
    members.creditBankName = parties.credit.bankName;
    members.creditPanCountryCode = parties.credit.country;
  }
  if (parties.debit !== undefined && parties.credit !== undefined)
    members.isInternationalP2P = String(parties.debit.country !== parties.credit.country);
  if (details.billingRecipientData !== undefined)
    members.recipientData = JSON.stringify(details.billingRecipientData);
  if (debitRrn !== undefined && debitRrn !== '') members.p2pDebitRrn = debitRrn;
  return members;
}

/** What each leg's operation row carries to the next step, so a resumed step needs nothing else. */
interface LegDetails {
  readonly creditOperationId?: string;
  readonly debit?: AuthorizationReference;
  readonly declineActionCode?: number;
}

/**
 * A card-to-card transfer in the fixed phases of every money operation, leg by leg. The claim,
 * the pending debit and the sealed recipient card are one unit; the debit's approval and the
 * pending credit are the next, so after an approved debit there is always a credit to finish; the
 * credit's approval completes the order with its callback. A refused credit reverses the debit. A
 * credit without an answer is sent again (same operation id) rather than abandoned: reversing the
 * debit while a late credit could still land would make money. The recovery job resumes any leg
 * a stopped process left: an unanswered debit is declined and reversed, a credit or a reversal
 * sent again. So money never stays debited without a credit or a reversal.
 */
export class P2pTransfer {
  constructor(
    private readonly orders: OrderRepository,
    private readonly operations: OperationRepository,
    private readonly credits: CreditRepository,
    private readonly writes: GroupCommit,
    private readonly acquirer: AcquirerPort,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly emit: PaymentEventSink,
    private readonly vault: CredentialVault,
  ) {}

  async perform(order: OrderRow, input: TransferInput): Promise<OrderRow> {
    if (order.p2p_type === 'OCT') return this.creditOnly(order, input);
    const from = input.from;
    if (from === undefined) throw new Error(`transfer ${order.id} has no card to debit`);
    const aft = order.p2p_type === 'AFT';
    if (!aft && input.to === undefined) throw new Error(`transfer ${order.id} has no card to credit`);
    const debitId = this.random.uuid();
    const creditId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const debitMinor = input.amountMinor + input.feeMinor;
    const claim: PaymentClaim = {
      orderId: order.id,
      attemptId: debitId,
      paymentWay: 'P2P',
      maskedPan: from.pan.masked,
      expiry: formatExpiry(from.expiry),
      cardholderName: from.cardholderName ?? null,
      network: PAYMENT_SYSTEM_BY_NETWORK[networkOf(from.pan.reveal())],
      twoPhase: false,
      autoCompleteAtMs: null,
      autoReverseAtMs: null,
      secureAuth: input.secureAuth ?? null,
      tii: input.tii ?? null,
      bindingId: input.bindingId ?? null,
      nowMs: startedMs,
    };
    const kept = input.to === undefined ? undefined : sealedOf(input.to);
    const transfer = await this.transferColumns(input);
    await this.writes.run(async (db) => {
      if (!(await this.orders.claimForPayment(db, claim))) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.orders.setTransfer(db, order.id, debitId, transfer);
      await this.operations.insertOperation(db, {
        ...pendingOperationRow({
          id: debitId,
          order,
          kind: 'debit',
          amountMinor: debitMinor,
          nowMs: startedMs,
        }),
        details: JSON.stringify({ creditOperationId: creditId } satisfies LegDetails),
      });
      await input.intent?.(db);
      if (kept !== undefined) {
        await this.credits.keepCard(db, {
          id: creditId,
          merchant_id: order.merchant_id,
          card_sealed: this.box.seal(JSON.stringify(kept), creditId),
          created_at_ms: startedMs,
        });
      }
    });
    const claimed: OrderRow = {
      ...order,
      amount_minor: input.amountMinor,
      fee_minor: input.feeMinor,
      payment_attempt_id: debitId,
      to_masked_pan: transfer.toMaskedPan,
      to_network: transfer.toNetwork,
      p2p_parties: transfer.parties,
    };
    const debit = await this.acquirer.debit({
      orderId: order.id,
      amountMinor: debitMinor,
      currency: order.currency,
      twoPhase: false,
      card: from,
      ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
    });
    const nowMs = this.clock.nowMs();
    if (isUnknown(debit)) {
      // The customer cannot wait: declined now; the recovery job reverses whatever the debit did.
      await this.writes.run((db) =>
        this.orders.recordAuthorization(db, unansweredDecline(order.id, debitId, nowMs)),
      );
      return this.current(claimed);
    }
    if (!debit.approved) {
      const actionCode = DECLINE_REASONS[debit.reason].actionCode;
      await this.writes.run(async (db) => {
        await this.operations.completeOperation(db, debitId, operationOutcome(debit, nowMs));
        await this.orders.recordAuthorization(db, this.declined(order.id, debitId, actionCode, nowMs));
        await this.credits.forgetCard(db, creditId);
      });
      return this.current(claimed);
    }
    const reference: AuthorizationReference = {
      approvalCode: debit.approvalCode,
      rrn: debit.rrn,
      paymentNetRefNum: debit.paymentNetRefNum,
      terminalId: debit.terminalId,
      authRefNum: debit.authRefNum,
    };
    if (aft) {
      // Account funding: the debit is the whole transfer.
      await this.writes.run(async (db) => {
        await this.operations.completeOperation(db, debitId, operationOutcome(debit, nowMs));
        await this.orders.recordAuthorization(db, this.completed(claimed, debitId, reference, nowMs));
        await this.emit(db, this.transferEvent(claimed, reference.rrn), nowMs);
      });
      const funded = await this.current(claimed);
      return input.storeCredential === undefined ? funded : this.storeDebitedCard(funded, input, reference);
    }
    const credit: OrderOperationRow = {
      ...pendingOperationRow({
        id: creditId,
        order,
        kind: 'transferCredit',
        amountMinor: input.amountMinor,
        nowMs,
      }),
      details: JSON.stringify({ debit: reference } satisfies LegDetails),
    };
    await this.writes.run(async (db) => {
      await this.operations.completeOperation(db, debitId, operationOutcome(debit, nowMs));
      await this.operations.insertOperation(db, credit);
    });
    const done = await this.sendCredit(claimed, credit);
    if (done.status !== ORDER_STATUS.deposited || input.storeCredential === undefined) return done;
    return this.storeDebitedCard(done, input, reference);
  }

  /** A transfer made with card data for a client: the debited card becomes the client's binding. */
  private async storeDebitedCard(
    order: OrderRow,
    input: TransferInput,
    reference: AuthorizationReference,
  ): Promise<OrderRow> {
    const store = input.storeCredential;
    const from = input.from;
    if (store === undefined || from === undefined) return order;
    const bindingId = await this.writes.run(async (db) => {
      const stored = await this.vault.store(db, {
        merchantId: order.merchant_id,
        clientId: store.clientId,
        category: store.category,
        pan: from.pan,
        expiry: from.expiry,
        order,
        netRefNum: reference.paymentNetRefNum,
        paymentDateMs: this.clock.nowMs(),
        email: store.email ?? order.email,
      });
      await this.orders.setBinding(db, order.id, stored.bindingId);
      return stored.bindingId;
    });
    return { ...order, binding_id: bindingId };
  }

  /**
   * Before 3-D Secure on the debited card: the amounts and the recipient card are kept on the
   * order (sealed) until the authenticated debit starts the transfer (`pay`).
   */
  async prepare(
    order: OrderRow,
    to: CardForCredit | undefined,
    amountMinor: number,
    feeMinor: number,
  ): Promise<OrderRow> {
    const nowMs = this.clock.nowMs();
    const prepared = {
      amountMinor,
      feeMinor,
      toMaskedPan: to?.pan.masked ?? null,
      toNetwork: to === undefined ? null : PAYMENT_SYSTEM_BY_NETWORK[networkOf(to.pan.reveal())],
      toCardSealed: to === undefined ? null : this.box.seal(JSON.stringify(sealedOf(to)), order.id),
    };
    if (!(await this.orders.prepareTransfer(order.id, prepared, nowMs)))
      throw new Refusal('ORDER_NOT_PAYABLE');
    return {
      ...order,
      amount_minor: amountMinor,
      fee_minor: feeMinor,
      to_masked_pan: prepared.toMaskedPan,
      to_network: prepared.toNetwork,
      to_card_sealed: prepared.toCardSealed,
    };
  }

  /**
   * The transfer once its debited card is authenticated (AuthenticatedPayment settles P2P orders
   * here, as it settles payments with CardPayment): the recipient card kept by `prepare`.
   */
  async pay(order: OrderRow, input: CardPaymentInput): Promise<OrderRow> {
    // An AFT credits no card: only a two-card transfer kept a recipient.
    const to = order.to_card_sealed === null ? undefined : this.openRecipient(order.to_card_sealed, order.id);
    return this.perform(order, {
      from: input.card,
      ...(to === undefined ? {} : { to }),
      amountMinor: order.amount_minor,
      feeMinor: order.fee_minor ?? 0,
      ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
      ...(input.secureAuth === undefined ? {} : { secureAuth: input.secureAuth }),
      ...(input.bindingId === undefined ? {} : { bindingId: input.bindingId }),
      ...(input.tii === undefined ? {} : { tii: input.tii }),
      ...(input.storeCredential === undefined ? {} : { storeCredential: input.storeCredential }),
    });
  }

  private openRecipient(sealedText: string, boundTo: string): CardForCredit {
    const sealed = JSON.parse(this.box.open(sealedText, boundTo)) as SealedCard;
    const expiry = sealed.expiry === undefined ? undefined : parseExpiry(sealed.expiry);
    return {
      pan: new Pan(sealed.pan),
      ...(expiry === undefined ? {} : { expiry }),
      ...(sealed.cardholderName === undefined ? {} : { cardholderName: sealed.cardholderName }),
    };
  }

  /** Transfer legs a stopped process left pending; the recovery job resumes each once it is stale. */
  stalled(olderThanMs: number, limit: number): Promise<OrderOperationRow[]> {
    return this.operations.stalledOf(TRANSFER_KINDS, olderThanMs, limit);
  }

  /** Resumes one stalled leg; true when it reached its end. */
  async resume(operation: OrderOperationRow): Promise<boolean> {
    if (operation.state !== 'pending') return false;
    const order = await this.orders.findById(operation.merchant_id, operation.order_id);
    if (order === undefined) return false;
    if (operation.kind === 'transferCredit') {
      return (await this.sendCredit(order, operation)).status !== ORDER_STATUS.registered;
    }
    if (operation.kind === 'debitReversal') return this.reverseDebit(order, operation);
    if (operation.kind !== 'debit' || order.payment_attempt_id !== operation.id) return false;
    // An unanswered debit: declined first (a late approval then loses), then reversed at the acquirer.
    const nowMs = this.clock.nowMs();
    await this.writes.run((db) =>
      this.orders.recordAuthorization(db, unansweredDecline(order.id, operation.id, nowMs)),
    );
    const reversal = await this.acquirer.reverse({
      orderId: order.id,
      operationId: operation.id,
      amountMinor: operation.amount_minor,
      currency: operation.currency,
      original: { approvalCode: '', rrn: '', paymentNetRefNum: '', terminalId: '', authRefNum: '' },
    });
    if (isUnknown(reversal)) return false;
    const details = JSON.parse(operation.details ?? '{}') as LegDetails;
    return this.writes.run(async (db) => {
      const finished = await this.operations.completePendingOperation(
        db,
        operation.id,
        operationOutcome({ approved: false, reason: 'issuerTimeout' }, this.clock.nowMs()),
      );
      if (details.creditOperationId !== undefined)
        await this.credits.forgetCard(db, details.creditOperationId);
      return finished;
    });
  }

  /** The credit leg (first sent, or sent again): completes the transfer, or reverses the debit. */
  private async sendCredit(order: OrderRow, credit: OrderOperationRow): Promise<OrderRow> {
    const kept = await this.credits.card(credit.id);
    if (kept === undefined) return this.current(order);
    const answer = await this.acquirer.credit({
      operationId: credit.id,
      orderId: order.id,
      card: this.openRecipient(kept.card_sealed, credit.id),
      amountMinor: credit.amount_minor,
      currency: credit.currency,
    });
    // Unanswered: the credit may have been made, so it is sent again later, never given up.
    if (isUnknown(answer)) return this.current(order);
    // An OCT has no debit: its credit's own answer is the transfer's reference.
    const debit =
      (JSON.parse(credit.details ?? '{}') as LegDetails).debit ??
      (answer.approved
        ? {
            approvalCode: answer.approvalCode,
            rrn: answer.rrn,
            paymentNetRefNum: '',
            terminalId: '',
            authRefNum: answer.rrn,
          }
        : undefined);
    const nowMs = this.clock.nowMs();
    const attemptId = order.payment_attempt_id ?? '';
    if (answer.approved && debit !== undefined) {
      const outcome = this.completed(order, attemptId, debit, nowMs);
      // An OCT's reference is its credit's own: it debited no card.
      const debitRrn = order.p2p_type === 'OCT' ? undefined : debit.rrn;
      await this.writes.run(async (db) => {
        if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs))))
          return;
        if (!(await this.orders.recordAuthorization(db, outcome))) {
          throw new Error(`order ${order.id} changed under transfer credit ${credit.id}`);
        }
        await this.credits.forgetCard(db, credit.id);
        await this.emit(db, this.transferEvent(order, debitRrn), nowMs);
      });
      return this.current(order);
    }
    if (debit === undefined) {
      // A refused original credit: nothing was debited, so nothing is given back.
      await this.writes.run(async (db) => {
        if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs))))
          return;
        await this.credits.forgetCard(db, credit.id);
        const code = answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode;
        await this.orders.recordAuthorization(db, this.declined(order.id, attemptId, code, nowMs));
      });
      return this.current(order);
    }
    if (answer.approved) throw new Error('unreachable: an approved credit always has a reference');
    const reversal: OrderOperationRow = {
      ...pendingOperationRow({
        id: this.random.uuid(),
        order,
        kind: 'debitReversal',
        amountMinor: order.amount_minor + (order.fee_minor ?? 0),
        nowMs,
      }),
      details: JSON.stringify({
        debit,
        declineActionCode: DECLINE_REASONS[answer.reason].actionCode,
      } satisfies LegDetails),
    };
    const started = await this.writes.run(async (db) => {
      if (!(await this.operations.completePendingOperation(db, credit.id, operationOutcome(answer, nowMs)))) {
        return false;
      }
      await this.credits.forgetCard(db, credit.id);
      await this.operations.insertOperation(db, reversal);
      return true;
    });
    if (started) await this.reverseDebit(order, reversal);
    return this.current(order);
  }

  /** A refused credit's debit, given back: then the order is declined with the credit's reason. */
  private async reverseDebit(order: OrderRow, reversal: OrderOperationRow): Promise<boolean> {
    const details = JSON.parse(reversal.details ?? '{}') as LegDetails;
    if (details.debit === undefined)
      throw new Error(`debit reversal ${reversal.id} lost its debit's reference`);
    const answer = await this.acquirer.reverse({
      orderId: order.id,
      operationId: reversal.id,
      amountMinor: reversal.amount_minor,
      currency: reversal.currency,
      original: details.debit,
    });
    if (isUnknown(answer)) return false;
    const nowMs = this.clock.nowMs();
    const actionCode = details.declineActionCode ?? DECLINE_REASONS.doNotHonour.actionCode;
    return this.writes.run(async (db) => {
      if (
        !(await this.operations.completePendingOperation(db, reversal.id, operationOutcome(answer, nowMs)))
      ) {
        return false;
      }
      await this.orders.recordAuthorization(
        db,
        this.declined(order.id, order.payment_attempt_id ?? '', actionCode, nowMs),
      );
      return true;
    });
  }

  /** An OCT: the credit alone, claimed by its own operation. */
  private async creditOnly(order: OrderRow, input: TransferInput): Promise<OrderRow> {
    const to = input.to;
    if (to === undefined) throw new Error(`transfer ${order.id} has no card to credit`);
    const creditId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const claim: PaymentClaim = {
      orderId: order.id,
      attemptId: creditId,
      paymentWay: 'P2P',
      maskedPan: to.pan.masked,
      expiry: to.expiry === undefined ? '' : formatExpiry(to.expiry),
      cardholderName: to.cardholderName ?? null,
      network: PAYMENT_SYSTEM_BY_NETWORK[networkOf(to.pan.reveal())],
      twoPhase: false,
      autoCompleteAtMs: null,
      autoReverseAtMs: null,
      secureAuth: null,
      tii: null,
      bindingId: null,
      nowMs: startedMs,
    };
    const credit = pendingOperationRow({
      id: creditId,
      order,
      kind: 'transferCredit',
      amountMinor: input.amountMinor,
      nowMs: startedMs,
    });
    const transfer = await this.transferColumns(input);
    await this.writes.run(async (db) => {
      if (!(await this.orders.claimForPayment(db, claim))) throw new Refusal('ORDER_NOT_PAYABLE');
      await this.orders.setTransfer(db, order.id, creditId, transfer);
      await this.operations.insertOperation(db, credit);
      await this.credits.keepCard(db, {
        id: creditId,
        merchant_id: order.merchant_id,
        card_sealed: this.box.seal(JSON.stringify(sealedOf(to)), creditId),
        created_at_ms: startedMs,
      });
    });
    const claimed: OrderRow = {
      ...order,
      amount_minor: input.amountMinor,
      fee_minor: input.feeMinor,
      payment_attempt_id: creditId,
      to_masked_pan: to.pan.masked,
      p2p_parties: transfer.parties,
    };
    return this.sendCredit(claimed, credit);
  }

  private async transferColumns(input: TransferInput) {
    const [debit, credit] = await Promise.all([
      input.from === undefined ? undefined : this.acquirer.cardBilling(input.from.pan),
      input.to === undefined ? undefined : this.acquirer.cardBilling(input.to.pan),
    ]);
    const parties: TransferParties = {
      ...(debit === undefined ? {} : { debit: { bankName: debit.bankName, country: debit.country } }),
      ...(credit === undefined ? {} : { credit: { bankName: credit.bankName, country: credit.country } }),
    };
    return {
      amountMinor: input.amountMinor,
      feeMinor: input.feeMinor,
      toMaskedPan: input.to?.pan.masked ?? null,
      toNetwork: input.to === undefined ? null : PAYMENT_SYSTEM_BY_NETWORK[networkOf(input.to.pan.reveal())],
      parties: JSON.stringify(parties),
    };
  }

  /** The order's outcome when the transfer is made: everything debited (amount + fee) is deposited. */
  private completed(
    order: OrderRow,
    attemptId: string,
    reference: AuthorizationReference,
    nowMs: number,
  ): AuthorizationOutcome {
    const movedMinor = order.amount_minor + (order.fee_minor ?? 0);
    return {
      orderId: order.id,
      attemptId,
      status: ORDER_STATUS.deposited,
      actionCode: 0,
      approvalCode: reference.approvalCode,
      rrn: reference.rrn,
      paymentNetRefNum: reference.paymentNetRefNum,
      terminalId: reference.terminalId,
      authRefNum: reference.authRefNum,
      approvedMinor: movedMinor,
      depositedMinor: movedMinor,
      dccApprovedMinor: 0,
      dccDepositedMinor: 0,
      nowMs,
    };
  }

  /** The `deposited` callback of a made transfer, with the P2P members of gateway-facts §8. */
  private transferEvent(order: OrderRow, debitRrn: string | undefined) {
    return paymentEventFor(
      order,
      'deposited',
      true,
      order.amount_minor,
      transferCallbackMembers(order, debitRrn),
    );
  }

  private declined(
    orderId: string,
    attemptId: string,
    actionCode: number,
    nowMs: number,
  ): AuthorizationOutcome {
    return { ...unansweredDecline(orderId, attemptId, nowMs), actionCode };
  }

  private async current(order: OrderRow): Promise<OrderRow> {
    const read = await this.orders.findById(order.merchant_id, order.id);
    if (read === undefined) throw new Error(`order ${order.id} vanished under its transfer`);
    return read;
  }
}
