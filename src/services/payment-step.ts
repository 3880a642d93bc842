import type { CardForAuthorization } from '../processing/acquirer/acquirer-port.js';
import type { MessageVersion } from '../processing/threeds/emv-messages.js';
import type { AppChallenge, AppInvitation, MethodInvitation } from '../processing/threeds/three-ds-server.js';
import type { OrderRow } from '../store/schema.js';
import type { CardPaymentInput } from './card-payment.js';

/*
 * What a card payment with 3-D Secure asks for and where it stands: the vocabulary shared by the
 * orchestration (AuthenticatedPayment) and the operations and pages that drive it.
 */

/** How to pay once the customer is authenticated; kept with the 3DS transaction. */
export type PaymentTerms = Pick<
  CardPaymentInput,
  'twoPhase' | 'paymentWay' | 'autoCompleteAtMs' | 'autoReverseAtMs' | 'tii' | 'bindingId' | 'storeCredential'
>;

export interface AuthenticationRequest {
  readonly card: CardForAuthorization;
  readonly terms: PaymentTerms;
  readonly requestedVersion?: MessageVersion;
  /** threeDSVer2FinishUrl: where the customer goes after the ACS instead of returnUrl / failUrl. */
  readonly finishUrl?: string;
  /** threeDSMethodNotificationUrl: also told when the 3DS Method completes. */
  readonly merchantNotificationUrl?: string;
  readonly merchantName: string;
  /** The customer's email given with this payment (paymentOrderBinding.do), for the AReq. */
  readonly email?: string;
  /**
   * More writes for the unit that registers the order (a wallet token marked as paid); not kept
   * with the 3DS transaction.
   */
  readonly spends?: CardPaymentInput['spends'];
  /** '01' when the payment comes from an app's 3DS SDK (threeDSSDK=true). */
  readonly deviceChannel?: '01' | '02';
  /** X-Request-Id of the call, for the callback of a payment decided in it; not kept. */
  readonly requestId?: string;
}

export type PaymentStep =
  /** Paid or declined: nothing more for the customer to do. */
  | { readonly kind: 'decided'; readonly order: OrderRow }
  /** 3-D Secure 2 first step: run the 3DS Method, then continue with the transaction id. */
  | { readonly kind: 'method'; readonly order: OrderRow; readonly invitation: MethodInvitation }
  /** The issuer wants a challenge: the browser posts `creq` to `acsUrl`. */
  | {
      readonly kind: 'challenge';
      readonly order: OrderRow;
      readonly transactionId: string;
      readonly acsUrl: string;
      readonly packedCReq: string;
    }
  /** 3-D Secure 2 in an app, first step: the SDK encrypts device data to this key, then the call is repeated. */
  | { readonly kind: 'appMethod'; readonly order: OrderRow; readonly invitation: AppInvitation }
  /** The issuer wants a challenge in the app: the SDK runs it with the ACS directly. */
  | { readonly kind: 'appChallenge'; readonly order: OrderRow; readonly challenge: AppChallenge }
  /** 3-D Secure 1.0: the browser posts PaReq, MD and TermUrl to `acsUrl`. */
  | {
      readonly kind: 'v1';
      readonly order: OrderRow;
      readonly transactionId: string;
      readonly acsUrl: string;
      readonly paReq: string;
      readonly termUrl: string;
    };

/** A decided payment and where its customer goes next (threeDSVer2FinishUrl, if the merchant gave one). */
export interface Completion {
  readonly order: OrderRow;
  readonly finishUrl: string | null;
}
