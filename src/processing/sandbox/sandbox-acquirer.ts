import { createHash } from 'node:crypto';
import { networkOf } from '../../domain/card-rules.js';
import type { DeclineReason } from '../../domain/decline-reasons.js';
import type { Pan } from '../../domain/pan.js';
import type {
  AcquirerPort,
  CardBilling,
  CardForCredit,
  AuthorizationAnswer,
  AuthorizationReference,
  AuthorizationRequest,
  CreditAnswer,
  CreditRequest,
  FollowUpAnswer,
  FollowUpRequest,
} from '../acquirer/acquirer-port.js';
import {
  DECLINED_CVC,
  EURO_BILLING,
  DECLINED_EXPIRY,
  LIMIT_CARD_MAX_MINOR,
  testCardFor,
  type TestCard,
} from './test-cards.js';

export const SANDBOX_TERMINAL_ID = 'GH000001';
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** Identifiers derived from the order and the step, so the same request gives the same answer. */
function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

function digitsFrom(bytes: Buffer, length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += String((bytes[i % bytes.length] ?? 0) % 10);
  return text;
}

function codeFrom(bytes: Buffer, length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i += 1)
    text += ALPHANUMERIC[(bytes[i % bytes.length] ?? 0) % ALPHANUMERIC.length];
  return text;
}

function reference(orderId: string, step: string): AuthorizationReference {
  const bytes = digest(orderId, step);
  const rrn = digitsFrom(bytes, 12);
  return {
    approvalCode: codeFrom(bytes.subarray(12), 6),
    rrn,
    paymentNetRefNum: digitsFrom(bytes.subarray(20), 15),
    terminalId: SANDBOX_TERMINAL_ID,
    authRefNum: rrn,
  };
}

function issuerDecision(
  card: TestCard,
  request: {
    readonly card: CardForCredit & { readonly cvc?: string | undefined };
    readonly amountMinor: number;
    readonly authentication?: AuthorizationRequest['authentication'];
  },
): DeclineReason | 'approve' | 'noAnswer' {
  const { expiry, cvc } = request.card;
  if (cvc === DECLINED_CVC) return 'incorrectCvc';
  if (expiry?.year === DECLINED_EXPIRY.year && expiry.month === DECLINED_EXPIRY.month) return 'invalidExpiry';
  // 4000 0084 0000 1629: the challenge passes, then the issuer declines.
  if (card.declineAfterChallenge === true && request.authentication !== undefined) return 'doNotHonour';
  switch (card.issuer) {
    case 'approve':
      return 'approve';
    case 'doNotHonour':
    case 'insufficientFunds':
    case 'lostCard':
    case 'expiredCard':
      return card.issuer;
    case 'cvcMustBe123':
      return cvc === '123' ? 'approve' : 'incorrectCvc';
    case 'limitAbove100000':
      return request.amountMinor > LIMIT_CARD_MAX_MINOR ? 'limitExceeded' : 'approve';
    case 'timeout':
      return 'noAnswer';
    case 'followUpAnswerLost':
      return 'approve';
  }
}

function pick({ rrn, approvalCode }: AuthorizationReference): { rrn: string; approvalCode: string } {
  return { rrn, approvalCode };
}

/** How many performed follow-ups (and orders whose answers get lost) the sandbox remembers. */
export const SANDBOX_MEMORY_ENTRIES_MAX = 100_000;

/** Insertion-ordered memory that forgets its oldest entries beyond SANDBOX_MEMORY_ENTRIES_MAX. */
function remember<K, V>(memory: Map<K, V>, key: K, value: V): void {
  memory.set(key, value);
  if (memory.size > SANDBOX_MEMORY_ENTRIES_MAX) {
    const oldest = memory.keys().next();
    if (oldest.done !== true) memory.delete(oldest.value);
  }
}

/**
 * The sandbox issuer: answers from the test cards, deterministically. A card whose issuer never
 * answers returns a promise that does not settle; the timeout guard in front of every acquirer
 * turns that into an unknown outcome, as a real processing timeout is. Follow-ups are remembered
 * by operation id, as a real acquirer recognizes a repeated request: sent again, a capture,
 * reversal or refund gets its first answer and is never performed twice.
 */
export class SandboxAcquirer implements AcquirerPort {
  private readonly performed = new Map<string, FollowUpAnswer>();
  /** Orders paid with the card whose follow-up answers get lost (4000 0000 0000 0259). */
  private readonly answersLost = new Map<string, true>();

  authorize(request: AuthorizationRequest): Promise<AuthorizationAnswer> {
    return this.decide(request, 'authorize');
  }

  /** A transfer's debit: the sending card's issuer answers as for a one-phase payment. */
  debit(request: AuthorizationRequest): Promise<AuthorizationAnswer> {
    return this.decide(request, 'debit');
  }

  private decide(request: AuthorizationRequest, step: string): Promise<AuthorizationAnswer> {
    const digits = request.card.pan.reveal();
    const network = networkOf(digits);
    const card = testCardFor(digits);
    const decision = issuerDecision(card, request);
    if (decision === 'noAnswer') return new Promise<never>(() => undefined);
    if (decision !== 'approve') return Promise.resolve({ approved: false, network, reason: decision });
    if (card.issuer === 'followUpAnswerLost') remember(this.answersLost, request.orderId, true);
    return Promise.resolve({ approved: true, network, ...reference(request.orderId, step) });
  }

  capture(request: FollowUpRequest): Promise<FollowUpAnswer> {
    return this.followUp(request, 'capture');
  }

  reverse(request: FollowUpRequest): Promise<FollowUpAnswer> {
    return this.followUp(request, 'reverse');
  }

  refund(request: FollowUpRequest): Promise<FollowUpAnswer> {
    return this.followUp(request, 'refund');
  }

  /**
   * Money to a card (instantRefund.do): the card's issuer answers as it answers an authorization (a
   * declining test card declines, the timeout card never answers). The identifiers come from the
   * operation id, so a credit sent again after a crash gets the same answer and references.
   */
  credit(request: CreditRequest): Promise<CreditAnswer> {
    const earlier = this.performed.get(request.operationId);
    if (earlier !== undefined) return Promise.resolve(earlier);
    const decision = issuerDecision(testCardFor(request.card.pan.reveal()), request);
    const answer: CreditAnswer =
      decision === 'approve' || decision === 'noAnswer'
        ? { approved: true, ...pick(reference(request.operationId, 'credit')) }
        : { approved: false, reason: decision };
    remember(this.performed, request.operationId, answer);
    // The card whose issuer does not answer in time: the credit is made, but its first answer is
    // lost; the same credit sent again (the recovery job) gets it.
    if (decision === 'noAnswer') return new Promise<never>(() => undefined);
    return Promise.resolve(answer);
  }

  /** The sandbox BIN file: the test cards' own billing, and the euro for every other card. */
  cardBilling(pan: Pan): Promise<CardBilling | undefined> {
    return Promise.resolve(testCardFor(pan.reveal()).billing ?? EURO_BILLING);
  }

  /** Captures, reversals and refunds of an approved authorization always succeed in the sandbox. */
  private followUp(request: FollowUpRequest, step: string): Promise<FollowUpAnswer> {
    const earlier = this.performed.get(request.operationId);
    if (earlier !== undefined) return Promise.resolve(earlier);
    const { rrn, approvalCode } = reference(request.orderId, `${step}:${request.operationId}`);
    const answer: FollowUpAnswer = { approved: true, rrn, approvalCode };
    remember(this.performed, request.operationId, answer);
    // Performed, but the answer never reaches the gateway; the request sent again gets it.
    if (this.answersLost.has(request.orderId)) return new Promise<never>(() => undefined);
    return Promise.resolve(answer);
  }
}
