import { Refusal } from '../../domain/refusals.js';
import type {
  AuthenticationResult,
  CardForAuthorization,
  CardForCredit,
} from '../../processing/acquirer/acquirer-port.js';
import type { BrowserData } from '../../processing/threeds/three-ds-server.js';
import type { OrderRow } from '../../store/schema.js';
import type { AuthenticatedPayment } from '../authenticated-payment.js';
import type { CardPaymentInput } from '../card-payment.js';
import type { PaymentStep } from '../payment-step.js';
import type { P2pTransfer, TransferInput } from './p2p-transfer.js';

export interface TransferRequest {
  readonly from: CardForAuthorization;
  /** Absent for an AFT. */
  readonly to?: CardForCredit;
  readonly amountMinor: number;
  readonly feeMinor: number;
  readonly bindingId?: string;
  readonly tii?: CardPaymentInput['tii'];
  readonly storeCredential?: CardPaymentInput['storeCredential'];
  /** The debited card comes authenticated (a wallet cryptogram, the merchant's own 3DS server). */
  readonly authentication?: AuthenticationResult;
  readonly secureAuth?: string;
  readonly authenticated?: boolean;
  /** An SCA exemption the merchant claims (externalScaExemptionIndicator): no 3-D Secure. */
  readonly exemption?: string;
  /** No 3-D Secure for this merchant (permission sslOnly). */
  readonly sslOnly: boolean;
  readonly spends?: TransferInput['spends'];
  readonly merchantName: string;
  readonly finishUrl?: string | undefined;
  readonly merchantNotificationUrl?: string | undefined;
  readonly email?: string | undefined;
  /** '01' when the payer is in an app (threeDSSDK=true). */
  readonly deviceChannel?: '01' | '02';
  /** X-Request-Id of the call, for the callbacks of a transfer decided in it. */
  readonly requestId?: string;
}

/**
 * Starts the transfer of a debit-side order (two cards, or an AFT): at once when no 3-D Secure
 * applies, else with 3-D Secure 2 on the debited card, the recipient kept sealed on the order until
 * the authenticated debit runs. The P2P operations and the transfer page both start here.
 */
export class TransferStart {
  constructor(
    private readonly transfers: P2pTransfer,
    private readonly authenticated: AuthenticatedPayment,
  ) {}

  async start(order: OrderRow, request: TransferRequest, browser: BrowserData): Promise<PaymentStep> {
    const credential = {
      ...(request.bindingId === undefined ? {} : { bindingId: request.bindingId }),
      ...(request.tii === undefined ? {} : { tii: request.tii }),
      ...(request.storeCredential === undefined ? {} : { storeCredential: request.storeCredential }),
    };
    const exempt = request.exemption !== undefined;
    if (request.sslOnly || exempt || request.authenticated === true) {
      const done = await this.transfers.perform(order, {
        from: request.from,
        ...(request.to === undefined ? {} : { to: request.to }),
        amountMinor: request.amountMinor,
        feeMinor: request.feeMinor,
        ...credential,
        ...(request.authentication === undefined ? {} : { authentication: request.authentication }),
        ...(request.secureAuth === undefined || exempt ? {} : { secureAuth: request.secureAuth }),
        ...(request.spends === undefined ? {} : { spends: request.spends }),
        ...(request.exemption === undefined
          ? {}
          : { secureAuth: JSON.stringify({ threeDsType: 'EXEMPTION', exemption: request.exemption }) }),
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
      });
      return { kind: 'decided', order: done };
    }
    if (request.spends !== undefined) {
      // A wallet card the wallet did not authenticate (PAN_ONLY) on a merchant that authenticates.
      throw new Refusal('FEATURE_NOT_ENABLED', {
        param: 'fromCard.paymentToken',
        feature: '3-D Secure for PAN_ONLY wallet tokens on transfers',
      });
    }
    const prepared = await this.transfers.prepare(order, request.to, request.amountMinor, request.feeMinor);
    return this.authenticated.start(
      prepared,
      {
        card: request.from,
        terms: {
          twoPhase: false,
          paymentWay: request.bindingId === undefined ? 'CARD' : 'CARD_BINDING',
          ...credential,
        },
        finishUrl: request.finishUrl,
        merchantNotificationUrl: request.merchantNotificationUrl,
        merchantName: request.merchantName,
        ...(request.email === undefined ? {} : { email: request.email }),
        ...(request.deviceChannel === undefined ? {} : { deviceChannel: request.deviceChannel }),
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
      },
      browser,
    );
  }
}
