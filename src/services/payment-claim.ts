import { PAYMENT_SYSTEM_BY_NETWORK, formatExpiry, networkOf } from '../domain/card-rules.js';
import type { CardForCredit } from '../processing/acquirer/acquirer-port.js';
import type { PaymentClaim } from '../store/order-columns.js';

/** What a claim records besides the card: each defaults to "none". */
export interface ClaimTerms {
  readonly paymentWay: string;
  readonly twoPhase?: boolean;
  readonly autoCompleteAtMs?: number | undefined;
  readonly autoReverseAtMs?: number | undefined;
  readonly secureAuth?: string | undefined;
  readonly tii?: string | undefined;
  readonly bindingId?: string | undefined;
}

/**
 * The claim an attempt puts on an order before the acquirer is called: the attempt's step id and
 * the card's masked number, expiry, holder and network (every family claims the same way).
 */
export function paymentClaim(
  orderId: string,
  attemptId: string,
  card: CardForCredit,
  terms: ClaimTerms,
  nowMs: number,
): PaymentClaim {
  return {
    orderId,
    attemptId,
    paymentWay: terms.paymentWay,
    maskedPan: card.pan.masked,
    expiry: card.expiry === undefined ? '' : formatExpiry(card.expiry),
    cardholderName: card.cardholderName ?? null,
    network: PAYMENT_SYSTEM_BY_NETWORK[networkOf(card.pan.reveal())],
    twoPhase: terms.twoPhase ?? false,
    autoCompleteAtMs: terms.autoCompleteAtMs ?? null,
    autoReverseAtMs: terms.autoReverseAtMs ?? null,
    secureAuth: terms.secureAuth ?? null,
    tii: terms.tii ?? null,
    bindingId: terms.bindingId ?? null,
    nowMs,
  };
}
