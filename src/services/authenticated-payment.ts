import { NO_MONEY_OBSERVER, type MoneyObserver } from './money-observer.js';
import { ACTION_CODE } from '../domain/action-codes.js';
import { networkOf } from '../domain/card-rules.js';
import type { Clock } from '../domain/clock.js';
import { Pan } from '../domain/pan.js';
import { Refusal } from '../domain/refusals.js';
import type { CardForAuthorization } from '../processing/acquirer/acquirer-port.js';
import { eciFor } from '../processing/threeds/authentication-value.js';
import type {
  AppDevice,
  BrowserData,
  Enrollment,
  PurchaseContext,
  ThreeDsServer,
  ThreeDsTransactionDraft,
} from '../processing/threeds/three-ds-server.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { NewOrder } from '../store/order-columns.js';
import { chargeOf } from './dcc/charge.js';
import type { OrderRow } from '../store/schema.js';
import type { ThreeDsTransaction } from '../store/threeds-repository.js';
import type { IntentWrites } from './money-steps/intent-writes.js';
import type { CardPayment, CardPaymentInput } from './card-payment.js';
import type { CvcKeeper } from './cvc-keeper.js';
import { refuseReusedNumber } from './order-registration.js';
import type { AuthenticationRequest, Completion, PaymentStep, PaymentTerms } from './payment-step.js';
import { unauthenticatedActionCode, type SecureAuthInfo } from './secure-auth-info.js';
import { settledOrder } from './settled-order.js';

/**
 * Card payments with 3-D Secure: enrolls the card with the 3DS Server, hands the customer to
 * the ACS when the issuer asks, and pays through CardPayment once an authentication result lets
 * it (Y or A, or a card that is not enrolled). A failed authentication declines the order
 * without ever reaching the acquirer.
 */
export class AuthenticatedPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly writes: GroupCommit,
    private readonly payment: CardPayment,
    private readonly server: ThreeDsServer,
    private readonly cvcs: CvcKeeper,
    private readonly clock: Clock,
    /** What a payment spends, written with its order when 3-D Secure comes first. */
    private readonly spends: IntentWrites,
    /** Settles card-to-card transfer orders once their debited card is authenticated. */
    private readonly transfers?: Pick<CardPayment, 'pay'>,
    private readonly observer: MoneyObserver = NO_MONEY_OBSERVER,
  ) {}

  private observeAuthentication(
    transaction: Pick<ThreeDsTransaction, 'device_channel'>,
    flow: 'frictionless' | 'challenge' | 'error',
    transStatus: string,
  ): void {
    this.observer.authentication(transaction.device_channel === '01' ? 'app' : 'browser', flow, transStatus);
  }

  /** Who pays an order once its card is authenticated: the transfer for P2P orders, else the card payment. */
  private settlerOf(order: OrderRow): Pick<CardPayment, 'pay'> {
    if (order.p2p_type === null) return this.payment;
    if (this.transfers === undefined) throw new Error(`no transfer settler for P2P order ${order.id}`);
    return this.transfers;
  }

  /** instantPayment.do: registers `order` and starts paying it, with 3-D Secure when the card is enrolled. */
  async registerAndStart(
    order: NewOrder,
    request: AuthenticationRequest,
    browser: BrowserData,
  ): Promise<PaymentStep> {
    const enrollment = this.enroll(order, request);
    if (enrollment.kind === 'notEnrolled') {
      const paid = await this.payment.registerAndPay(order, this.notEnrolledInput(request));
      return { kind: 'decided', order: paid };
    }
    await refuseReusedNumber(() =>
      this.writes.run(async (db) => {
        await this.orders.insertIn(db, order);
        await this.server.record(db, enrollment.transaction);
        await this.spends.apply(db, request.spends ?? [], order, order.created_at_ms);
      }),
    );
    return this.afterEnrollment(order.merchant_id, order.id, enrollment.transaction, request, browser);
  }

  /** The hosted payment page: starts paying an order registered earlier. */
  async start(order: OrderRow, request: AuthenticationRequest, browser: BrowserData): Promise<PaymentStep> {
    const enrollment = this.enroll(order, request);
    if (enrollment.kind === 'notEnrolled') {
      return {
        kind: 'decided',
        order: await this.settlerOf(order).pay(order, this.notEnrolledInput(request)),
      };
    }
    await this.writes.run((db) => this.server.record(db, enrollment.transaction));
    return this.afterEnrollment(order.merchant_id, order.id, enrollment.transaction, request, browser);
  }

  /** The card's enrollment, and the 3DS transaction to write with the order when it is enrolled. */
  private enroll(order: Pick<OrderRow, 'id' | 'merchant_id'>, request: AuthenticationRequest): Enrollment {
    return this.server.enroll({
      orderId: order.id,
      merchantId: order.merchant_id,
      card: this.keptCard(request.card),
      requestedVersion: request.requestedVersion,
      finishUrl: request.finishUrl,
      merchantNotificationUrl: request.merchantNotificationUrl,
      payment: { ...request.terms, ...(request.email === undefined ? {} : { email: request.email }) },
      ...(request.deviceChannel === undefined ? {} : { deviceChannel: request.deviceChannel }),
    });
  }

  /**
   * The step after the 3DS Method (the repeated instantPayment.do, or the hosted page): sends the
   * AReq and pays, declines, or hands over the challenge. A transaction past that step answers
   * where it stands, so repeating the call is harmless.
   */
  async proceed(
    transaction: ThreeDsTransaction,
    context: {
      merchantName: string;
      cvc?: string;
      browser: BrowserData;
      amountMinor?: number;
      /** The app's SDK values (threeDSSDK*), for a transaction started with threeDSSDK=true. */
      app?: AppDevice;
      /** X-Request-Id of the call, for the callback of a payment decided in it. */
      requestId?: string;
    },
  ): Promise<PaymentStep> {
    const order = await this.order(transaction);
    // The repeated request must be the same payment: checked before anything is sent anywhere.
    if (context.amountMinor !== undefined && context.amountMinor !== order.amount_minor) {
      throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'threeDSServerTransId' });
    }
    if (transaction.stage !== 'method') return this.whereItStands(transaction);
    if (transaction.device_channel === '01' && context.app === undefined) {
      throw new Refusal('PARAM_MISSING', { param: 'threeDSSDKEncData' });
    }
    if (transaction.device_channel !== '01' && context.app !== undefined) {
      throw new Refusal('PARAM_CONFLICT', { param: 'threeDSSDK', other: 'threeDSServerTransId' });
    }
    const terms = JSON.parse(transaction.payment) as PaymentTerms & { email?: string };
    const outcome = await this.server.authenticate(
      transaction,
      this.purchase(
        terms.email === undefined ? order : { ...order, email: terms.email },
        context.merchantName,
        context.browser,
        context.app,
      ),
    );
    switch (outcome.kind) {
      case 'busy':
        // A concurrent repeat of the same request is at work: answer with its result.
        return this.whereItStands(transaction);
      case 'challenge':
        if (context.cvc !== undefined) {
          this.cvcs.keep(transaction.id, context.cvc, order.expires_at_ms, this.clock.nowMs());
        }
        return {
          kind: 'challenge',
          order,
          transactionId: transaction.id,
          acsUrl: outcome.acsUrl,
          packedCReq: outcome.packedCReq,
        };
      case 'appChallenge':
        if (context.cvc !== undefined) {
          this.cvcs.keep(transaction.id, context.cvc, order.expires_at_ms, this.clock.nowMs());
        }
        // The app is now at the ACS, as a browser is after acsRedirect.do: status 5.
        await this.orders.markAcsStarted(order.id, this.clock.nowMs());
        return { kind: 'appChallenge', order: await this.order(transaction), challenge: outcome.app };
      case 'authenticated': {
        this.observeAuthentication(transaction, 'frictionless', outcome.ares.transStatus);
        const info: SecureAuthInfo = {
          ...(outcome.ares.eci === undefined ? {} : { eci: outcome.ares.eci }),
          ...(outcome.ares.authenticationValue === undefined
            ? {}
            : { cavv: outcome.ares.authenticationValue }),
          threeDSProtocolVersion: transaction.message_version,
          aresTransStatus: outcome.ares.transStatus,
          threeDsType: 'FRICTIONLESS',
        };
        return this.payAuthenticated(
          transaction,
          order,
          terms,
          info,
          context.cvc ?? this.cvcs.take(transaction.id),
          context.requestId,
        );
      }
      case 'failed':
      case 'error': {
        const aresStatus = outcome.kind === 'failed' ? outcome.ares.transStatus : 'U';
        this.observeAuthentication(
          transaction,
          outcome.kind === 'failed' ? 'frictionless' : 'error',
          aresStatus,
        );
        return this.decline(transaction, order, unauthenticatedActionCode(aresStatus, false), {
          threeDSProtocolVersion: transaction.message_version,
          aresTransStatus: aresStatus,
          threeDsType: 'FRICTIONLESS',
        });
      }
    }
  }

  /** The final CRes the ACS sent through the browser: pays on the RReq's result, or declines. */
  async completeChallenge(packedCRes: string, requestId?: string): Promise<Completion | undefined> {
    const read = await this.server.readChallengeResult(packedCRes);
    if (read === undefined) return undefined;
    const { transaction, cres } = read;
    const finishUrl = transaction.finish_url;
    // One post of the result pays; a second (double submit) waits for it and reports the outcome.
    if (!(await this.server.claimForPaying(transaction))) {
      return { order: (await this.whereItStands(transaction)).order, finishUrl };
    }
    // The RReq, not the CRes, is authoritative (protocols.md §1.1); both must say yes.
    const step = await this.settleChallenge(transaction, cres.transStatus === 'Y', requestId);
    return { order: step.order, finishUrl };
  }

  /** Pays a challenge this caller claimed when the RReq (and `alsoPassed`) say yes; declines otherwise. */
  private async settleChallenge(
    transaction: ThreeDsTransaction,
    alsoPassed: boolean,
    requestId: string | undefined,
  ): Promise<PaymentStep> {
    this.observeAuthentication(transaction, 'challenge', transaction.rreq_status ?? 'U');
    const order = await this.order(transaction);
    const terms = JSON.parse(transaction.payment) as PaymentTerms;
    const info: SecureAuthInfo = {
      ...(transaction.eci === null ? {} : { eci: transaction.eci }),
      ...(transaction.authentication_value === null ? {} : { cavv: transaction.authentication_value }),
      threeDSProtocolVersion: transaction.message_version,
      aresTransStatus: transaction.ares_status ?? 'C',
      ...(transaction.rreq_status === null ? {} : { rreqTransStatus: transaction.rreq_status }),
      threeDsType: 'CHALLENGE',
    };
    const passed = (transaction.rreq_status === 'Y' || transaction.rreq_status === 'A') && alsoPassed;
    return passed
      ? this.payAuthenticated(transaction, order, terms, info, this.cvcs.take(transaction.id), requestId)
      : this.decline(transaction, order, ACTION_CODE.challengeFailed, info);
  }

  /**
   * After an app's challenge (finish3dsVer2Payment.do, finishThreeDsVer2.do): pays on the RReq's
   * result, or declines. The app has no browser to bring a CRes back, so the RReq alone decides;
   * before it arrives the authentication is still under way. Any later call reads the outcome.
   */
  async finish(transaction: ThreeDsTransaction, requestId?: string): Promise<OrderRow> {
    const awaitingResult =
      transaction.stage === 'challenge' &&
      (transaction.device_channel !== '01' || transaction.rreq_status === null);
    if (transaction.stage === 'method' || awaitingResult) throw new Refusal('AUTHENTICATION_IN_PROGRESS');
    if (transaction.stage === 'challenge' && (await this.server.claimForPaying(transaction))) {
      // No CRes comes back from an app: the RReq alone decides.
      return (await this.settleChallenge(transaction, true, requestId)).order;
    }
    const step = await this.whereItStands(transaction);
    if (step.kind !== 'decided') throw new Refusal('AUTHENTICATION_IN_PROGRESS');
    return step.order;
  }

  /** The PaRes of 3-D Secure 1.0 posted to the TermUrl, with MD naming the transaction. */
  async completeV1(paRes: string, md: string, requestId?: string): Promise<Completion | undefined> {
    const read = await this.server.readV1Result(paRes, md);
    if (read === undefined) return undefined;
    const { transaction, result } = read;
    const finishUrl = transaction.finish_url;
    if (!(await this.server.claimForPaying(transaction))) {
      return { order: (await this.whereItStands(transaction)).order, finishUrl };
    }
    const order = await this.order(transaction);
    const terms = JSON.parse(transaction.payment) as PaymentTerms;
    const info: SecureAuthInfo = {
      eci: result.eci,
      ...(result.cavv === undefined ? {} : { cavv: result.cavv }),
      threeDSProtocolVersion: transaction.message_version,
      paResStatus: result.status,
      threeDsType: 'CHALLENGE',
    };
    const step =
      result.status === 'Y' || result.status === 'A'
        ? await this.payAuthenticated(
            transaction,
            order,
            terms,
            info,
            this.cvcs.take(transaction.id),
            requestId,
          )
        : await this.decline(transaction, order, ACTION_CODE.challengeFailed, info);
    return { order: step.order, finishUrl };
  }

  /** Once no other caller is at work on the transaction: its challenge to hand over, or the order. */
  private async whereItStands(transaction: ThreeDsTransaction): Promise<PaymentStep> {
    const settled = (await this.server.settled(transaction.id)) ?? transaction;
    return this.pendingStep(settled);
  }

  /** The customer's browser is being sent to the ACS: the order shows status 5 from now on. */
  async customerAtAcs(transaction: ThreeDsTransaction): Promise<void> {
    await this.orders.markAcsStarted(transaction.order_id, this.clock.nowMs());
  }

  /** Where a transaction waiting for the customer stands, to hand the browser over (again). */
  async pendingStep(transaction: ThreeDsTransaction, order?: OrderRow): Promise<PaymentStep> {
    const current = order ?? (await this.order(transaction));
    const app = transaction.stage === 'challenge' ? this.server.appChallenge(transaction) : undefined;
    if (app !== undefined) return { kind: 'appChallenge', order: current, challenge: app };
    if (transaction.stage !== 'challenge' || transaction.acs_url === null)
      return { kind: 'decided', order: current };
    if (transaction.protocol === '1') {
      return {
        kind: 'v1',
        order: current,
        transactionId: transaction.id,
        acsUrl: transaction.acs_url,
        paReq: transaction.pa_req ?? '',
        termUrl: this.server.termUrl(),
      };
    }
    return {
      kind: 'challenge',
      order: current,
      transactionId: transaction.id,
      acsUrl: transaction.acs_url,
      packedCReq: this.server.packedCReq(transaction),
    };
  }

  private async afterEnrollment(
    merchantId: string,
    orderId: string,
    draft: ThreeDsTransactionDraft,
    request: AuthenticationRequest,
    browser: BrowserData,
  ): Promise<PaymentStep> {
    const order = await this.orders.findById(merchantId, orderId);
    if (order === undefined) throw new Error(`order ${orderId} vanished after registration`);
    this.cvcs.keep(draft.id, request.card.cvc, order.expires_at_ms, this.clock.nowMs());
    if (draft.protocol === '1') {
      const transaction = await this.server.startV1(
        draft,
        this.purchase(order, request.merchantName, browser),
      );
      return this.pendingStep(transaction, order);
    }
    if (draft.device_channel === '01') {
      return { kind: 'appMethod', order, invitation: await this.server.appInvitation(draft) };
    }
    return { kind: 'method', order, invitation: this.server.invitation(draft) };
  }

  /** Pays a transaction this caller moved to `paying`, then closes it (the card is erased). */
  private async payAuthenticated(
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
      paid = await settledOrder(() => this.order(transaction));
    }
    await this.writes.run((db) => this.server.close(db, transaction.id, 'paying'));
    return { kind: 'decided', order: paid };
  }

  /** Declines for a transaction this caller moved to `paying`, and closes it. */
  private async decline(
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
    return { kind: 'decided', order: await this.order(transaction) };
  }

  private notEnrolledInput(request: AuthenticationRequest): CardPaymentInput {
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

  private keptCard(card: CardForAuthorization) {
    return {
      pan: card.pan.reveal(),
      expiry: card.expiry,
      ...(card.cardholderName === undefined ? {} : { cardholderName: card.cardholderName }),
    };
  }

  /** The AReq's purchase: in the card's currency when the customer chose DCC (merchant-api.md scenario 2). */
  private purchase(
    order: OrderRow,
    merchantName: string,
    browser: BrowserData,
    app?: AppDevice,
  ): PurchaseContext {
    const { amountMinor, currency } = chargeOf(order);
    return {
      ...(app === undefined ? {} : { app }),
      amountMinor,
      currency,
      merchantName,
      merchantId: order.merchant_id,
      mcc: order.mcc,
      email: order.email,
      browser,
    };
  }

  private async order(transaction: Pick<ThreeDsTransaction, 'merchant_id' | 'order_id'>): Promise<OrderRow> {
    const order = await this.orders.findById(transaction.merchant_id, transaction.order_id);
    if (order === undefined) throw new Error(`order ${transaction.order_id} of a 3DS transaction is missing`);
    return order;
  }
}
