import { NO_MONEY_OBSERVER, type MoneyObserver } from './money-observer.js';
import { networkOf } from '../domain/card-rules.js';
import type { Clock } from '../domain/clock.js';
import { Pan } from '../domain/pan.js';
import { Refusal } from '../domain/refusals.js';
import { eciFor } from '../processing/threeds/authentication-value.js';
import type { ThreeDsServer } from '../processing/threeds/three-ds-server.js';
import type { GroupCommit } from '../store-engine/index.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { OrderRow } from '../store/schema.js';
import type { ThreeDsTransaction } from '../store/threeds-repository.js';
import type { CardPayment, CardPaymentInput } from './card-payment.js';
import type { CvcKeeper } from './cvc-keeper.js';
import type { AuthenticationRequest, PaymentStep, PaymentTerms } from './payment-step.js';
import type { SecureAuthInfo } from './secure-auth-info.js';
import { settledOrder } from './settled-order.js';

/** The order of a 3DS transaction; a transaction never outlives its order, so a missing one is a bug. */
export async function orderOf(
  orders: OrderRepository,
  transaction: Pick<ThreeDsTransaction, 'merchant_id' | 'order_id'>,
): Promise<OrderRow> {
  const order = await orders.findById(transaction.merchant_id, transaction.order_id);
  if (order === undefined) throw new Error(`order ${transaction.order_id} of a 3DS transaction is missing`);
  return order;
}

/**
 * The end of a 3-D Secure authentication: the payment (or transfer) once a result lets it, with
 * the result told to the issuer, or the order declined without reaching the acquirer; either way
 * the transaction is closed and its card erased.
 */
export class AuthenticatedSettlement {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly payment: CardPayment,
    private readonly server: ThreeDsServer,
    private readonly cvcs: CvcKeeper,
    private readonly clock: Clock,
    /** Settles card-to-card transfer orders once their debited card is authenticated. */
    private readonly transfers?: Pick<CardPayment, 'pay'>,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
  ) {}

  /** Who pays an order once its card is authenticated: the transfer for P2P orders, else the card payment. */
  settlerOf(order: OrderRow): Pick<CardPayment, 'pay'> {
    if (order.p2p_type === null) return this.payment;
    if (this.transfers === undefined) throw new Error(`no transfer settler for P2P order ${order.id}`);
    return this.transfers;
  }

  /** Pays a transaction this caller moved to `paying`, then closes it (the card is erased). */
  async pay(
    transaction: ThreeDsTransaction,
    order: OrderRow,
    terms: PaymentTerms,
    info: SecureAuthInfo,
    cvc: string | undefined,
    requestId: string | undefined,
  ): Promise<PaymentStep> {
    const kept = this.server.openCard(transaction);
    const input: CardPaymentInput = {
      card: {
        pan: new Pan(kept.pan),
        expiry: kept.expiry,
        ...(cvc === undefined ? {} : { cvc }),
        ...(kept.cardholderName === undefined ? {} : { cardholderName: kept.cardholderName }),
      },
      twoPhase: terms.twoPhase,
      paymentWay: terms.paymentWay,
      ...(terms.autoCompleteAtMs === undefined ? {} : { autoCompleteAtMs: terms.autoCompleteAtMs }),
      ...(terms.autoReverseAtMs === undefined ? {} : { autoReverseAtMs: terms.autoReverseAtMs }),
      ...(terms.tii === undefined ? {} : { tii: terms.tii }),
      ...(terms.bindingId === undefined ? {} : { bindingId: terms.bindingId }),
      ...(terms.storeCredential === undefined ? {} : { storeCredential: terms.storeCredential }),
      authentication: {
        eci: info.eci ?? eciFor(networkOf(kept.pan), 'failed'),
        ...(info.cavv === undefined ? {} : { authenticationValue: info.cavv }),
      },
      secureAuth: JSON.stringify(info),
      ...(requestId === undefined ? {} : { requestId }),
    };
    let paid: OrderRow;
    try {
      paid = await this.settlerOf(order).pay(order, input);
    } catch (error) {
      // Expired or cancelled meanwhile, or paid through another attempt (a second submit of the
      // payment page): report that attempt's outcome once it has one.
      if (!(error instanceof Refusal && error.key === 'ORDER_NOT_PAYABLE')) throw error;
      paid = await settledOrder(() => orderOf(this.orders, transaction));
    }
    await this.writes.run((db) => this.server.close(db, transaction.id, 'paying'));
    return { kind: 'decided', order: paid };
  }

  /** Declines for a transaction this caller moved to `paying`, and closes it. */
  async decline(
    transaction: ThreeDsTransaction,
    order: OrderRow,
    actionCode: number,
    info: SecureAuthInfo,
  ): Promise<{ kind: 'decided'; order: OrderRow }> {
    this.cvcs.take(transaction.id);
    const terms = JSON.parse(transaction.payment) as PaymentTerms;
    const way = order.p2p_type === null ? terms.paymentWay : order.p2p_type === 'AFT' ? 'AFT' : 'P2P';
    this.observer.payment(way, 'declined', order.currency, 'authenticationFailed');
    await this.writes.run(async (db) => {
      if (!(await this.server.close(db, transaction.id, 'paying'))) return;
      await this.orders.declineUnauthenticated(
        db,
        order.id,
        actionCode,
        JSON.stringify(info),
        this.clock.nowMs(),
      );
    });
    return { kind: 'decided', order: await orderOf(this.orders, transaction) };
  }

  notEnrolledInput(request: AuthenticationRequest): CardPaymentInput {
    const info: SecureAuthInfo = {
      eci: eciFor(networkOf(request.card.pan.reveal()), 'failed'),
      threeDSProtocolVersion: '2.1.0',
      threeDsType: 'NOT_ENROLLED',
    };
    return {
      card: request.card,
      ...request.terms,
      authentication: { eci: info.eci ?? '07' },
      secureAuth: JSON.stringify(info),
      ...(request.spends === undefined ? {} : { spends: request.spends }),
      ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    };
  }
}
