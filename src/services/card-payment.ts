import { NO_MONEY_OBSERVER, type MoneyObserver } from './money-observer.js';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import type { AuthenticationResult, CardForAuthorization } from '../processing/acquirer/acquirer-port.js';
import type { OrderRepository } from '../store/order-repository.js';
import { unpaidOrderRow, type NewOrder } from '../store/order-columns.js';
import type { OrderRow } from '../store/schema.js';
import { paymentClaim } from './payment-claim.js';
import type { BindingCategory, Tii } from '../domain/stored-credentials.js';
import type { AuthorizationSteps } from './money-steps/authorization-steps.js';
import { pendingStep } from './money-steps/pending-step.js';
import type { IntentWrite } from './money-steps/intent-writes.js';
import type { MoneyStepEngine } from './money-steps/money-step-engine.js';

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
   * What the payment spends, written in its intent's unit so it commits (or fails) with the
   * claim: a wallet token or a DCC calculation, whose second use then stops on its table's key.
   */
  readonly spends?: readonly IntentWrite[];
  /** Store the card for this client once the payment is approved (tii CI, or clientId). */
  readonly storeCredential?: {
    readonly clientId: string;
    readonly category: BindingCategory;
    readonly email?: string | null;
  };
  /** X-Request-Id of the call that pays, for the callbacks of the payment. */
  readonly requestId?: string;
}

/**
 * Pays a registered order with card data: an authorization step of the money engine, which
 * writes the claim and the pending step (one unit), calls the acquirer, and settles the answer
 * with its callback (one unit, guarded by the step). The intent is durable before the acquirer is
 * called, so a crash in between leaves a pending step that recovery resolves, never a lost payment.
 */
export class CardPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly engine: MoneyStepEngine,
    private readonly authorizations: AuthorizationSteps,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
  ) {}

  /** Pays an order registered earlier (the hosted page, paymentOrderBinding). */
  async pay(order: OrderRow, input: CardPaymentInput): Promise<OrderRow> {
    return this.attempt(order, input, false);
  }

  /**
   * Registers `order` and pays it (instantPayment.do, motoPayment.do): the order goes in already
   * claimed by this attempt, with the pending authorization, as one durable unit before the
   * acquirer is called.
   */
  async registerAndPay(order: NewOrder, input: CardPaymentInput): Promise<OrderRow> {
    return this.attempt(unpaidOrderRow(order), input, true);
  }

  private async attempt(order: OrderRow, input: CardPaymentInput, register: boolean): Promise<OrderRow> {
    const attemptId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const step = pendingStep({
      id: attemptId,
      order,
      kind: 'authorization',
      amountMinor: order.amount_minor,
      dccAmountMinor: order.dcc_amount_minor,
      nowMs: startedMs,
    });
    const intent = {
      step,
      order,
      register,
      claim: paymentClaim(order.id, attemptId, input.card, input, startedMs),
      spends: input.spends ?? [],
    };
    const end = await this.engine.perform(this.authorizations, intent, step, {
      terms: {
        order,
        card: input.card,
        twoPhase: input.twoPhase,
        ...(input.authentication === undefined ? {} : { authentication: input.authentication }),
        ...(input.verification === undefined ? {} : { verification: input.verification }),
        ...(input.storeCredential === undefined ? {} : { storeCredential: input.storeCredential }),
      },
      ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
    });
    const paid = end.answered ? end.settled.order : undefined;
    // Another writer settled first, or no answer came: the order as it now reads.
    const read = paid ?? (await this.orders.reread(order));
    const answer = end.answered ? end.answer : undefined;
    this.observer.payment(
      input.paymentWay,
      answer === undefined ? 'unknown' : answer.approved ? 'approved' : 'declined',
      order.currency,
      answer === undefined || answer.approved ? '' : answer.reason,
    );
    return read;
  }
}
