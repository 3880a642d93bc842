import { NO_MONEY_OBSERVER, type MoneyObserver } from '../money-observer.js';
import { networkOf, PAYMENT_SYSTEM_BY_NETWORK } from '../../domain/card-rules.js';
import type { Clock } from '../../domain/clock.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { RandomSource } from '../../domain/random-source.js';
import { Refusal } from '../../domain/refusals.js';
import type {
  AcquirerPort,
  AuthenticationResult,
  CardForAuthorization,
  CardForCredit,
} from '../../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { OrderRepository } from '../../store/order-repository.js';
import type { OrderRow } from '../../store/schema.js';
import type { CardPaymentInput } from '../card-payment.js';
import type { AuthorizationSteps } from '../money-steps/authorization-steps.js';
import type { CreditSteps } from '../money-steps/credit-steps.js';
import type { IntentWrite } from '../money-steps/intent-writes.js';
import type { MoneyStepEngine } from '../money-steps/money-step-engine.js';
import { pendingStep } from '../money-steps/pending-step.js';
import { authorizationDetails, creditLegDetails } from '../money-steps/step-details.js';
import type { TransferParties } from '../money-steps/transfer-outcomes.js';
import type { CredentialVault } from '../vault/credential-vault.js';
import { paymentClaim } from '../payment-claim.js';
import { openCard, sealCard } from '../sealed-card.js';

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
  /** What the transfer spends in the unit that starts it (a wallet token). */
  readonly spends?: readonly IntentWrite[];
  /** Store the debited card for this client once the transfer is made (clientId, not bindingNotNeeded). */
  readonly storeCredential?: CardPaymentInput['storeCredential'];
  /** X-Request-Id of the call, for the callbacks it causes. */
  readonly requestId?: string;
}

/**
 * A card-to-card transfer, leg by leg, each leg a step of the money engine. The debit's intent
 * claims the order, sets its amounts and keeps the recipient card sealed; its settle either makes
 * an AFT, or writes the pending credit leg (guarded by the order still waiting for this debit),
 * which the engine sends at once; the credit's settle makes the transfer, or gives the debit back.
 * An OCT is its credit leg alone. Unanswered legs are finished by the same definitions in
 * recovery, so money never stays debited without a credit, a reversal, or a step in
 * `needsAttention` that a person must look at.
 */
export class P2pTransfer {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly engine: MoneyStepEngine,
    private readonly debits: AuthorizationSteps,
    private readonly creditLegs: CreditSteps,
    private readonly acquirer: AcquirerPort,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly vault: CredentialVault,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
  ) {}

  async perform(order: OrderRow, input: TransferInput): Promise<OrderRow> {
    if (order.p2p_type === 'OCT') return this.creditOnly(order, input);
    const from = input.from;
    if (from === undefined) throw new Error(`transfer ${order.id} has no card to debit`);
    const aft = order.p2p_type === 'AFT';
    const to = aft ? undefined : input.to;
    if (!aft && to === undefined) throw new Error(`transfer ${order.id} has no card to credit`);
    const debitId = this.random.uuid();
    const creditId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const step = pendingStep({
      id: debitId,
      order,
      kind: 'debit',
      amountMinor: input.amountMinor + input.feeMinor,
      nowMs: startedMs,
      details: authorizationDetails.encode(
        to === undefined ? {} : { creditOperationId: creditId, creditMinor: input.amountMinor },
      ),
    });
    const intent = {
      step,
      order,
      register: false,
      claim: paymentClaim(order.id, debitId, from, { ...input, paymentWay: 'P2P' }, startedMs),
      transfer: await this.transferColumns(input),
      ...(to === undefined ? {} : { creditCard: this.keptCard(order, creditId, to, startedMs) }),
      spends: input.spends ?? [],
    };
    const end = await this.engine.perform(this.debits, intent, step, {
      terms: {
        order,
        card: from,
        twoPhase: false,
        ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
      },
      ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
    });
    const debit = end.answered ? end.answer : undefined;
    this.observer.payment(
      aft ? 'AFT' : 'P2P',
      debit === undefined ? 'unknown' : debit.approved ? 'approved' : 'declined',
      order.currency,
      debit === undefined || debit.approved ? '' : debit.reason,
    );
    const done = (end.answered ? end.settled.order : undefined) ?? (await this.orders.reread(order));
    if (done.status !== ORDER_STATUS.deposited || debit === undefined || !debit.approved) return done;
    return this.storeDebitedCard(done, input, debit.paymentNetRefNum);
  }

  private keptCard(order: OrderRow, creditId: string, to: CardForCredit, nowMs: number) {
    return {
      id: creditId,
      merchant_id: order.merchant_id,
      card_sealed: sealCard(this.box, to, creditId),
      created_at_ms: nowMs,
    };
  }

  /** A transfer made with card data for a client: the debited card becomes the client's binding. */
  private async storeDebitedCard(
    order: OrderRow,
    input: TransferInput,
    netRefNum: string,
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
        netRefNum,
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

  /** An OCT: the credit leg alone, claiming the order itself. */
  private async creditOnly(order: OrderRow, input: TransferInput): Promise<OrderRow> {
    const to = input.to;
    if (to === undefined) throw new Error(`transfer ${order.id} has no card to credit`);
    const creditId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const step = pendingStep({
      id: creditId,
      order,
      kind: 'transferCredit',
      amountMinor: input.amountMinor,
      nowMs: startedMs,
      details: creditLegDetails.encode({
        attemptId: creditId,
        movedMinor: input.amountMinor + input.feeMinor,
      }),
    });
    const intent = {
      step,
      order,
      register: false,
      claim: paymentClaim(order.id, creditId, to, { paymentWay: 'P2P' }, startedMs),
      transfer: await this.transferColumns(input),
      creditCard: this.keptCard(order, creditId, to, startedMs),
      spends: [],
    };
    const end = await this.engine.perform(
      this.creditLegs,
      intent,
      step,
      input.requestId === undefined ? {} : { requestId: input.requestId },
    );
    return (end.answered ? end.settled.order : undefined) ?? this.orders.reread(order);
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
