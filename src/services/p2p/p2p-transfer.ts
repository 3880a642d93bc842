import { NO_MONEY_OBSERVER, type MoneyObserver } from '../money-observer.js';
import { networkOf, PAYMENT_SYSTEM_BY_NETWORK } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { pendingOperationRow } from '../../domain/operation-intent.js';
import { unansweredDecline } from '../../domain/order-outcomes.js';
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
import type { OrderRepository } from '../../store/order-repository.js';
import type { OrderOperationRow, OrderRow } from '../../store/schema.js';
import type { Executor } from '../../store/prepared-query.js';
import type { CardPaymentInput, PaymentEventSink } from '../card-payment.js';
import type { CredentialVault } from '../vault/credential-vault.js';
import { causedBy } from '../callbacks/payment-event.js';
import { operationOutcome } from '../operation-outcome.js';
import { paymentClaim } from '../payment-claim.js';
import { openCard, sealCard } from '../sealed-card.js';
import type { CreditLegDetails, TransferCredits } from './transfer-credits.js';
import {
  transferCompleted,
  transferDeclined,
  transferEvent,
  type TransferParties,
} from './transfer-outcomes.js';

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
  /** X-Request-Id of the call, for the callbacks it causes. */
  readonly requestId?: string;
}

/** The live debit's outcome unit found the order declined by the recovery job first. */
const OVERTAKEN = Symbol('overtaken');

/**
 * A card-to-card transfer in the fixed phases of every money operation, leg by leg, each leg a
 * step of the money engine. The claim, the pending debit and the sealed recipient card are one
 * unit; the debit's approval and the pending credit are the next, guarded by the order still
 * waiting for this debit, so once the recovery job has declined an unanswered debit a late
 * approval stops here and never sends the credit (the recovery job gives the debit back). The
 * credit's outcome is TransferCredits'. Unanswered legs are finished by the money engine from
 * what the acquirer says it did, so money never stays debited without a credit, a reversal, or a
 * step in `needsAttention` that a person must look at.
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
    private readonly emitEvent: PaymentEventSink,
    private readonly vault: CredentialVault,
    private readonly creditLegs: TransferCredits,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
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
    const claim = paymentClaim(order.id, debitId, from, { ...input, paymentWay: 'P2P' }, startedMs);
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
        details: JSON.stringify({ creditOperationId: creditId }),
      });
      await input.intent?.(db);
      if (input.to !== undefined) {
        await this.credits.keepCard(db, {
          id: creditId,
          merchant_id: order.merchant_id,
          card_sealed: sealCard(this.box, input.to, creditId),
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
      operationId: debitId,
      orderId: order.id,
      amountMinor: debitMinor,
      currency: order.currency,
      twoPhase: false,
      card: from,
      ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
    });
    const nowMs = this.clock.nowMs();
    this.observer.payment(
      aft ? 'AFT' : 'P2P',
      isUnknown(debit) ? 'unknown' : debit.approved ? 'approved' : 'declined',
      order.currency,
      isUnknown(debit) || debit.approved ? '' : debit.reason,
    );
    if (isUnknown(debit)) {
      // The customer cannot wait: declined now; the recovery job asks what the debit did.
      await this.writes.run((db) =>
        this.orders.recordAuthorization(db, unansweredDecline(order.id, debitId, nowMs)),
      );
      return this.orders.reread(claimed);
    }
    if (!debit.approved) {
      const actionCode = DECLINE_REASONS[debit.reason].actionCode;
      await this.writes.run(async (db) => {
        // The order first: once the recovery job declined it, its step is the recovery's.
        if (
          !(await this.orders.recordAuthorization(db, transferDeclined(order.id, debitId, actionCode, nowMs)))
        )
          return;
        await this.operations.completePendingOperation(db, debitId, operationOutcome(debit, nowMs));
        await this.credits.forgetCard(db, creditId);
      });
      return this.orders.reread(claimed);
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
      const funded = await this.writes.run(async (db) => {
        if (
          !(await this.orders.recordAuthorization(db, transferCompleted(claimed, debitId, reference, nowMs)))
        )
          return OVERTAKEN;
        await this.operations.completePendingOperation(db, debitId, operationOutcome(debit, nowMs));
        await this.emitEvent(db, causedBy(transferEvent(claimed, reference.rrn), input.requestId), nowMs);
        return true;
      });
      const read = await this.orders.reread(claimed);
      if (funded === OVERTAKEN || input.storeCredential === undefined) return read;
      return this.storeDebitedCard(read, input, reference);
    }
    const credit: OrderOperationRow = {
      ...pendingOperationRow({
        id: creditId,
        order,
        kind: 'transferCredit',
        amountMinor: input.amountMinor,
        nowMs,
      }),
      details: JSON.stringify({ debit: reference } satisfies CreditLegDetails),
    };
    const proceeds = await this.writes.run(async (db) => {
      if (!(await this.orders.stillClaimed(db, order.id, debitId, nowMs))) return false;
      if (!(await this.operations.completePendingOperation(db, debitId, operationOutcome(debit, nowMs))))
        return false;
      await this.operations.insertOperation(db, credit);
      return true;
    });
    // Overtaken by the recovery job: it declined the order and gives the debit back; no credit.
    if (!proceeds) return this.orders.reread(claimed);
    const done = await this.creditLegs.send(claimed, credit, input.requestId);
    if (done.status !== 2 || input.storeCredential === undefined) return done;
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
        ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
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
      toCardSealed: to === undefined ? null : sealCard(this.box, to, order.id),
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
    const to = order.to_card_sealed === null ? undefined : openCard(this.box, order.to_card_sealed, order.id);
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
      ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
    });
  }

  /** An OCT: the credit alone, claimed by its own operation. */
  private async creditOnly(order: OrderRow, input: TransferInput): Promise<OrderRow> {
    const to = input.to;
    if (to === undefined) throw new Error(`transfer ${order.id} has no card to credit`);
    const creditId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const claim = paymentClaim(order.id, creditId, to, { paymentWay: 'P2P' }, startedMs);
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
        card_sealed: sealCard(this.box, to, creditId),
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
    return this.creditLegs.send(claimed, credit, input.requestId);
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
}
