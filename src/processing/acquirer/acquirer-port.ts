import type { AuthenticationResult, CardForAuthorization, CardForCredit } from '../../domain/payment-card.js';
import type { CardNetwork } from '../../domain/card-rules.js';
import type { DeclineReason } from '../../domain/decline-reasons.js';
import type { Pan } from '../../domain/pan.js';

export interface AuthorizationRequest {
  /**
   * The step this call carries out. Sent again (after a timeout or a restart) it is the same id,
   * so the acquirer recognizes the repeat, and `inquire` and a reversal can name it.
   */
  readonly operationId: string;
  readonly orderId: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** Two-phase: a hold to capture later; one-phase: authorize and capture at once. */
  readonly twoPhase: boolean;
  readonly card: CardForAuthorization;
  readonly authentication?: AuthenticationResult;
  readonly conversion?: ConversionDetails;
}

/** Identifiers the network assigns to an approved authorization. */
export interface AuthorizationReference {
  readonly approvalCode: string;
  readonly rrn: string;
  readonly paymentNetRefNum: string;
  readonly terminalId: string;
  readonly authRefNum: string;
}

export type AuthorizationAnswer =
  | ({ readonly approved: true; readonly network: CardNetwork } & AuthorizationReference)
  | { readonly approved: false; readonly network: CardNetwork; readonly reason: DeclineReason };

export interface FollowUpRequest {
  readonly orderId: string;
  /**
   * The operation row this call carries out. A request sent again (after a timeout or a restart)
   * has the same id, so the acquirer recognizes it and never performs it twice.
   */
  readonly operationId: string;
  readonly original: OriginalOperation;
  readonly amountMinor: number;
  readonly currency: string;
  readonly conversion?: ConversionDetails;
}

/**
 * The authorization (or transfer debit) a capture, reversal or refund follows: its step's id
 * always, and the network's references when its answer came (a reversal of an authorization whose
 * answer never came names it by the id alone).
 */
export interface OriginalOperation extends Partial<AuthorizationReference> {
  readonly operationId: string;
}

export type FollowUpAnswer =
  | { readonly approved: true; readonly rrn: string; readonly approvalCode: string }
  | { readonly approved: false; readonly reason: DeclineReason };

/**
 * No answer by the deadline. The acquirer may have done it or not (an approval can arrive late),
 * so the operation stays pending for the recovery job, which asks again or reverses: a timeout is
 * never taken for a decline.
 */
export interface UnknownOutcome {
  readonly outcome: 'unknown';
}

export const UNKNOWN_OUTCOME: UnknownOutcome = { outcome: 'unknown' };

export function isUnknown<A extends object>(answer: A | UnknownOutcome): answer is UnknownOutcome {
  return 'outcome' in answer && answer.outcome === 'unknown';
}

/**
 * Money paid to a card (instantRefund.do, a transfer's credit, an OCT). `operationId` names the
 * request: sent again after a crash, it is the same credit, so an acquirer can recognize the repeat.
 */
export interface CreditRequest {
  readonly operationId: string;
  readonly orderId: string;
  readonly card: CardForCredit;
  readonly amountMinor: number;
  readonly currency: string;
}

export type CreditAnswer = FollowUpAnswer;

/**
 * A card's billing currency (ISO 4217 numeric), issuing country (ISO 3166-1 alpha-2) and issuing
 * bank's name, from the network's BIN file.
 */
export interface CardBilling {
  readonly currency: string;
  readonly country: string;
  readonly bankName: string;
}

/**
 * An authorization or movement of a DCC order is sent in the card's currency; the acquirer is
 * told the original amount and the rate the customer accepted, as DCC messages carry them.
 */
export interface ConversionDetails {
  readonly dccUuid: string;
  readonly originalAmountMinor: number;
  readonly originalCurrency: string;
  readonly rate: string;
}

/**
 * How a reversal ended. `originalNotFound`: the acquirer holds nothing under the original (it never
 * reached it, or was declined), so there is nothing to give back. `refused`: the money was NOT
 * given back; `final` says whether sending it again can help.
 */
export type ReversalAnswer =
  | { readonly outcome: 'reversed'; readonly rrn: string; readonly approvalCode: string }
  | { readonly outcome: 'originalNotFound' }
  | { readonly outcome: 'refused'; readonly final: boolean; readonly reason: DeclineReason };

/** What the acquirer remembers of an operation id: the answer it gave, or nothing. */
export type Inquiry =
  | { readonly found: false }
  | { readonly found: true; readonly call: 'authorize' | 'debit'; readonly answer: AuthorizationAnswer }
  | { readonly found: true; readonly call: 'capture' | 'refund' | 'credit'; readonly answer: FollowUpAnswer }
  | { readonly found: true; readonly call: 'reverse'; readonly answer: ReversalAnswer };

/**
 * The acquirer as the core sees it. The sandbox issuer simulator implements it; a real acquirer
 * connector would translate these calls to its network messages and nothing else.
 */
export interface AcquirerPort {
  authorize(request: AuthorizationRequest): Promise<AuthorizationAnswer | UnknownOutcome>;
  /** The debit leg of a card-to-card transfer: money taken from the sending card at once. */
  debit(request: AuthorizationRequest): Promise<AuthorizationAnswer | UnknownOutcome>;
  capture(request: FollowUpRequest): Promise<FollowUpAnswer | UnknownOutcome>;
  reverse(request: FollowUpRequest): Promise<ReversalAnswer | UnknownOutcome>;
  refund(request: FollowUpRequest): Promise<FollowUpAnswer | UnknownOutcome>;
  credit(request: CreditRequest): Promise<CreditAnswer | UnknownOutcome>;
  /**
   * What became of an operation whose answer never came: asked before anything is compensated.
   * After "not found" the acquirer refuses that id for good, so a request still on its way can
   * no longer be performed behind the gateway's back.
   */
  inquire(operationId: string): Promise<Inquiry | UnknownOutcome>;
  /** The card's billing currency and country; undefined when the BIN file does not know the card. */
  cardBilling(pan: Pan): Promise<CardBilling | undefined>;
}

/** What the acquirer is sent about a card: the domain's values (decision 0153). */
export type { AuthenticationResult, CardForAuthorization, CardForCredit };
