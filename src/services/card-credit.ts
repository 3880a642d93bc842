import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random-source.js';
import type { CardForAuthorization } from '../processing/acquirer/acquirer-port.js';
import type { SecretBox } from '../security/secret-box.js';
import type { OrderRepository } from '../store/order-repository.js';
import { unpaidOrderRow, type NewOrder } from '../store/order-columns.js';
import type { OrderRow } from '../store/schema.js';
import type { CreditSteps } from './money-steps/credit-steps.js';
import type { MoneyStepEngine } from './money-steps/money-step-engine.js';
import { pendingStep } from './money-steps/pending-step.js';
import { paymentClaim } from './payment-claim.js';
import { sealCard } from './sealed-card.js';

export interface CreditInput {
  readonly card: CardForAuthorization;
  readonly paymentWay: 'CARD' | 'CARD_BINDING';
  /** The stored credential the money goes to. */
  readonly bindingId?: string;
  /** X-Request-Id of the call, for the callbacks it causes. */
  readonly requestId?: string;
}

/**
 * Pays money to a card without an earlier payment (instantRefund.do): a credit step of the money
 * engine, whose intent registers the order claimed by the credit with the card sealed, and whose
 * settle writes the outcome with its `refunded` callback. Without an answer the order stays
 * claimed at status 0 and recovery asks the acquirer what became of the credit.
 */
export class CardCredit {
  constructor(
    private readonly orders: OrderRepository,
    private readonly engine: MoneyStepEngine,
    private readonly credits: CreditSteps,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  /** Registers `order` and sends its amount to the card; the order as its outcome left it. */
  async credit(order: NewOrder, input: CreditInput): Promise<OrderRow> {
    const operationId = this.random.uuid();
    const startedMs = this.clock.nowMs();
    const unpaid = unpaidOrderRow(order);
    const step = pendingStep({
      id: operationId,
      order,
      kind: 'credit',
      amountMinor: order.amount_minor,
      nowMs: startedMs,
    });
    const intent = {
      step,
      order: unpaid,
      register: true,
      claim: paymentClaim(order.id, operationId, input.card, input, startedMs),
      creditCard: {
        id: operationId,
        merchant_id: order.merchant_id,
        card_sealed: sealCard(this.box, input.card, operationId),
        created_at_ms: startedMs,
      },
      spends: [],
    };
    const end = await this.engine.perform(
      this.credits,
      intent,
      step,
      input.requestId === undefined ? {} : { requestId: input.requestId },
    );
    return (end.answered ? end.settled.order : undefined) ?? this.orders.reread(unpaid);
  }
}
