import { NO_MONEY_OBSERVER, type MoneyObserver } from './money-observer.js';
import { ACTION_CODE } from '../domain/action-codes.js';
import { realTimeOnly, type Clock, type MerchantScope } from '../domain/clock.js';
import type { V1Result } from '../processing/threeds/directory-port.js';
import { Refusal } from '../domain/refusals.js';
import type {
  AppDevice,
  BrowserData,
  Enrollment,
  ThreeDsServer,
  ThreeDsTransactionDraft,
} from '../processing/threeds/three-ds-server.js';
import type { GroupCommit } from '../store-engine/index.js';
import type { OrderRepository } from '../store/order-repository.js';
import type { NewOrder } from '../store/order-columns.js';
import type { OrderRow } from '../store/schema.js';
import type { ThreeDsTransaction } from '../store/threeds-repository.js';
import type { IntentWrites } from './money-steps/intent-writes.js';
import type { CardPayment } from './card-payment.js';
import type { CvcKeeper } from './cvc-keeper.js';
import { refuseReusedNumber } from './order-registration.js';
import type { AuthenticationRequest, Completion, PaymentStep, PaymentTerms } from './payment-step.js';
import { unauthenticatedActionCode, type SecureAuthInfo } from './secure-auth-info.js';
import { AuthenticatedSettlement, orderOf } from './authenticated-settlement.js';
import { keptCard, purchaseOf } from './three-ds-purchase.js';

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
    /**
     * The ACS's answers come back through the customer's browser, outside any merchant's call:
     * the payment they finish runs on the order's merchant's clock (its sandbox test clock).
     */
    private readonly scope: MerchantScope = realTimeOnly(clock),
  ) {
    this.settlement = new AuthenticatedSettlement(
      orders,
      writes,
      payment,
      server,
      cvcs,
      clock,
      transfers,
      observer,
    );
  }

  private readonly settlement: AuthenticatedSettlement;

  private observeAuthentication(
    transaction: Pick<ThreeDsTransaction, 'device_channel'>,
    flow: 'frictionless' | 'challenge' | 'error',
    transStatus: string,
  ): void {
    this.observer.authentication(transaction.device_channel === '01' ? 'app' : 'browser', flow, transStatus);
  }

  /** instantPayment.do: registers `order` and starts paying it, with 3-D Secure when the card is enrolled. */
  async registerAndStart(
    order: NewOrder,
    request: AuthenticationRequest,
    browser: BrowserData,
  ): Promise<PaymentStep> {
    const enrollment = this.enroll(order, request);
    if (enrollment.kind === 'notEnrolled') {
      const paid = await this.payment.registerAndPay(order, this.settlement.notEnrolledInput(request));
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
        order: await this.settlement.settlerOf(order).pay(order, this.settlement.notEnrolledInput(request)),
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
      card: keptCard(request.card),
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
    const order = await orderOf(this.orders, transaction);
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
      purchaseOf(
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
        return {
          kind: 'appChallenge',
          order: await orderOf(this.orders, transaction),
          challenge: outcome.app,
        };
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
        return this.settlement.pay(
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
        return this.settlement.decline(transaction, order, unauthenticatedActionCode(aresStatus, false), {
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
    return this.scope.within(transaction.merchant_id, async () => {
      // One post of the result pays; a second (double submit) waits for it and reports the outcome.
      if (!(await this.server.claimForPaying(transaction))) {
        return { order: (await this.whereItStands(transaction)).order, finishUrl };
      }
      // The RReq, not the CRes, is authoritative (protocols.md §1.1); both must say yes.
      const step = await this.settleChallenge(transaction, cres.transStatus === 'Y', requestId);
      return { order: step.order, finishUrl };
    });
  }

  /** Pays a challenge this caller claimed when the RReq (and `alsoPassed`) say yes; declines otherwise. */
  private async settleChallenge(
    transaction: ThreeDsTransaction,
    alsoPassed: boolean,
    requestId: string | undefined,
  ): Promise<PaymentStep> {
    this.observeAuthentication(transaction, 'challenge', transaction.rreq_status ?? 'U');
    const order = await orderOf(this.orders, transaction);
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
      ? this.settlement.pay(transaction, order, terms, info, this.cvcs.take(transaction.id), requestId)
      : this.settlement.decline(transaction, order, ACTION_CODE.challengeFailed, info);
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
    return this.scope.within(transaction.merchant_id, () => this.settleV1(transaction, result, requestId));
  }

  private async settleV1(
    transaction: ThreeDsTransaction,
    result: V1Result,
    requestId: string | undefined,
  ): Promise<Completion> {
    const finishUrl = transaction.finish_url;
    if (!(await this.server.claimForPaying(transaction))) {
      return { order: (await this.whereItStands(transaction)).order, finishUrl };
    }
    const order = await orderOf(this.orders, transaction);
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
        ? await this.settlement.pay(
            transaction,
            order,
            terms,
            info,
            this.cvcs.take(transaction.id),
            requestId,
          )
        : await this.settlement.decline(transaction, order, ACTION_CODE.challengeFailed, info);
    return { order: step.order, finishUrl };
  }

  /** Once no other caller is at work on the transaction: its challenge to hand over, or the order. */
  private async whereItStands(transaction: ThreeDsTransaction): Promise<PaymentStep> {
    const settled = (await this.server.settled(transaction.id)) ?? transaction;
    return this.pendingStep(settled);
  }

  /** The customer's browser is being sent to the ACS: the order shows status 5 from now on. */
  async customerAtAcs(transaction: ThreeDsTransaction): Promise<void> {
    const nowMs = this.scope.within(transaction.merchant_id, () => this.clock.nowMs());
    await this.orders.markAcsStarted(transaction.order_id, nowMs);
  }

  /** Where a transaction waiting for the customer stands, to hand the browser over (again). */
  async pendingStep(transaction: ThreeDsTransaction, order?: OrderRow): Promise<PaymentStep> {
    const current = order ?? (await orderOf(this.orders, transaction));
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
      const transaction = await this.server.startV1(draft, purchaseOf(order, request.merchantName, browser));
      return this.pendingStep(transaction, order);
    }
    if (draft.device_channel === '01') {
      return { kind: 'appMethod', order, invitation: await this.server.appInvitation(draft) };
    }
    return { kind: 'method', order, invitation: this.server.invitation(draft) };
  }
}
