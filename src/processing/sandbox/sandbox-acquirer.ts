import { createHash } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
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
  Inquiry,
  ReversalAnswer,
} from '../acquirer/acquirer-port.js';
import type { LedgerCall, LedgerEntry, SandboxLedger } from './sandbox-ledger.js';
import {
  DECLINED_CVC,
  EURO_BILLING,
  DECLINED_EXPIRY,
  LIMIT_CARD_MAX_MINOR,
  testCardFor,
  type IssuerBehaviour,
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

/** What the issuer says; `noAnswer`: performed (or declined by the acquirer's stand-in), answer lost. */
function issuerDecision(
  card: TestCard,
  request: {
    readonly card: CardForCredit & { readonly cvc?: string | undefined };
    readonly amountMinor: number;
    readonly authentication?: AuthorizationRequest['authentication'];
  },
): DeclineReason | 'approve' {
  const { expiry, cvc } = request.card;
  if (cvc === DECLINED_CVC) return 'incorrectCvc';
  if (expiry?.year === DECLINED_EXPIRY.year && expiry.month === DECLINED_EXPIRY.month) return 'invalidExpiry';
  // 4000 0084 0000 1629: the challenge passes, then the issuer declines.
  if (card.declineAfterChallenge === true && request.authentication !== undefined) return 'doNotHonour';
  switch (card.issuer) {
    case 'doNotHonour':
    case 'insufficientFunds':
    case 'lostCard':
    case 'expiredCard':
      return card.issuer;
    case 'cvcMustBe123':
      return cvc === '123' ? 'approve' : 'incorrectCvc';
    case 'limitAbove100000':
      return request.amountMinor > LIMIT_CARD_MAX_MINOR ? 'limitExceeded' : 'approve';
    // The issuer never answers: the acquirer's stand-in declines it, and says so when asked.
    case 'timeout':
      return 'issuerTimeout';
    case 'approve':
    case 'followUpAnswerLost':
    case 'firstAnswerLost':
    case 'neverReached':
    case 'reversalRefused':
    case 'reversalRetryable':
    case 'answerLostReversalRefused':
      return 'approve';
  }
}

/** The answer a caller waits for and never gets: the timeout guard turns it into an unknown outcome. */
function lost<T>(): Promise<T> {
  return new Promise<never>(() => undefined);
}

/** How many times a reversal refused retryably may be tried before 4000 0000 0000 0325 refuses it for good. */
const RETRYABLE_REFUSALS_BEFORE_FINAL = 1;

/**
 * The sandbox acquirer and its issuers: answers from the test cards, deterministically, and
 * remembers every operation by its id in its ledger (the database), as a real acquirer does: a
 * resend gets its first answer and is never performed twice, `inquire` tells what became of an
 * operation whose answer was lost, and a reversal names the operation it gives back. A card whose
 * answers get lost returns a promise that never settles; the timeout guard in front of every
 * acquirer turns that into an unknown outcome, as a real processing timeout is.
 */
export class SandboxAcquirer implements AcquirerPort {
  constructor(
    private readonly ledger: SandboxLedger,
    private readonly clock: Clock,
  ) {}

  authorize(request: AuthorizationRequest): Promise<AuthorizationAnswer> {
    return this.decide(request, request.twoPhase ? 'hold' : 'sale');
  }

  /** A transfer's debit: the sending card's issuer answers as for a one-phase payment. */
  debit(request: AuthorizationRequest): Promise<AuthorizationAnswer> {
    return this.decide(request, 'debit');
  }

  private async decide(request: AuthorizationRequest, call: LedgerCall): Promise<AuthorizationAnswer> {
    const digits = request.card.pan.reveal();
    const network = networkOf(digits);
    const card = testCardFor(digits);
    // It never arrives: nothing is recorded, nothing answered.
    if (card.issuer === 'neverReached') return lost();
    const decision = issuerDecision(card, request);
    const answer: AuthorizationAnswer =
      decision === 'approve'
        ? { approved: true, network, ...reference(request.orderId, `${call}:${request.operationId}`) }
        : { approved: false, network, reason: decision };
    const entry = {
      operationId: request.operationId,
      call,
      orderId: request.orderId,
      originalId: null,
      behaviour: card.issuer,
      amountMinor: request.amountMinor,
      currency: request.currency,
      answer: JSON.stringify(answer),
    };
    const first = await this.ledger.insert(entry, this.clock.nowMs());
    if (!first) return this.again<AuthorizationAnswer>(request.operationId, fencedDecline(network));
    if (
      card.issuer === 'timeout' ||
      card.issuer === 'firstAnswerLost' ||
      card.issuer === 'answerLostReversalRefused'
    )
      return lost();
    return answer;
  }

  /** A resend of an operation id already recorded: its first answer (or the refusal of a fenced id). */
  private async again<A>(operationId: string, whenFenced: A): Promise<A> {
    const stored = await this.ledger.find(operationId);
    if (stored === undefined) throw new Error(`sandbox ledger lost operation ${operationId}`);
    await this.ledger.resend(operationId, stored.calls, undefined, this.clock.nowMs());
    // It arrived after an inquiry gave up on it: refused, so the gateway's decision stands.
    if (stored.call === 'fenced') return whenFenced;
    return JSON.parse(stored.answer) as A;
  }

  capture(request: FollowUpRequest): Promise<FollowUpAnswer> {
    return this.followUp(request, 'capture');
  }

  refund(request: FollowUpRequest): Promise<FollowUpAnswer> {
    return this.followUp(request, 'refund');
  }

  /**
   * Gives back what the original moved. Refused by the cards that refuse reversals; answered
   * "original not found" when the acquirer holds nothing under the original (never reached,
   * declined, or fenced by an inquiry).
   */
  async reverse(request: FollowUpRequest): Promise<ReversalAnswer> {
    const original = await this.ledger.find(request.original.operationId);
    const behaviour = original?.behaviour ?? 'approve';
    const stored = await this.ledger.find(request.operationId);
    const calls = (stored?.calls ?? 0) + 1;
    const answer = reversalDecision(request, original, behaviour, calls);
    if (stored !== undefined) {
      if (stored.call === 'fenced') return { outcome: 'originalNotFound' };
      const earlier = JSON.parse(stored.answer) as ReversalAnswer;
      // A retryable refusal did nothing: the reversal sent again is decided again.
      const retried = earlier.outcome === 'refused' && !earlier.final;
      await this.ledger.resend(
        request.operationId,
        stored.calls,
        retried ? JSON.stringify(answer) : undefined,
        this.clock.nowMs(),
      );
      return retried ? answer : earlier;
    }
    const first = await this.recordFollowUp(request, 'reverse', behaviour, answer);
    if (!first) return this.again<ReversalAnswer>(request.operationId, { outcome: 'originalNotFound' });
    if (answersLost(behaviour)) return lost();
    return answer;
  }

  /**
   * Money to a card (instantRefund.do, a transfer's credit, an OCT): the card's issuer answers as
   * it answers an authorization (a declining test card declines). The card whose issuer does not
   * answer in time gets the credit made but its first answer lost; sent again, it gets the answer.
   */
  async credit(request: CreditRequest): Promise<CreditAnswer> {
    const card = testCardFor(request.card.pan.reveal());
    if (card.issuer === 'neverReached') return lost();
    const decision = issuerDecision(card, request);
    const answer: CreditAnswer =
      decision === 'approve' || decision === 'issuerTimeout'
        ? { approved: true, ...pick(reference(request.operationId, 'credit')) }
        : { approved: false, reason: decision };
    const first = await this.ledger.insert(
      {
        operationId: request.operationId,
        call: 'credit',
        orderId: request.orderId,
        originalId: null,
        behaviour: card.issuer,
        amountMinor: request.amountMinor,
        currency: request.currency,
        answer: JSON.stringify(answer),
      },
      this.clock.nowMs(),
    );
    if (!first) return this.again<CreditAnswer>(request.operationId, FENCED_FOLLOW_UP);
    if (card.issuer === 'timeout' || card.issuer === 'firstAnswerLost') return lost();
    return answer;
  }

  /**
   * What became of an operation id. Nothing recorded: "not found", and the id is fenced, so the
   * request if it is still on its way is refused when it arrives and the gateway's decision stands.
   */
  async inquire(operationId: string): Promise<Inquiry> {
    const stored = await this.ledger.find(operationId);
    if (stored === undefined) {
      const fenced = await this.ledger.insert(
        {
          operationId,
          call: 'fenced',
          orderId: '',
          originalId: null,
          behaviour: 'approve',
          amountMinor: 0,
          currency: '',
          answer: '{}',
        },
        this.clock.nowMs(),
      );
      return fenced ? { found: false } : this.inquire(operationId);
    }
    const answer: unknown = JSON.parse(stored.answer);
    switch (stored.call) {
      case 'fenced':
        return { found: false };
      case 'hold':
      case 'sale':
        return { found: true, call: 'authorize', answer: answer as AuthorizationAnswer };
      case 'debit':
        return { found: true, call: 'debit', answer: answer as AuthorizationAnswer };
      case 'reverse':
        return { found: true, call: 'reverse', answer: answer as ReversalAnswer };
      case 'capture':
      case 'refund':
      case 'credit':
        return { found: true, call: stored.call, answer: answer as FollowUpAnswer };
    }
  }

  /** The sandbox BIN file: the test cards' own billing, and the euro for every other card. */
  cardBilling(pan: Pan): Promise<CardBilling | undefined> {
    return Promise.resolve(testCardFor(pan.reveal()).billing ?? EURO_BILLING);
  }

  /** Writes the first sending of a capture, reversal or refund; false when its id is there already. */
  private recordFollowUp(
    request: FollowUpRequest,
    call: 'capture' | 'refund' | 'reverse',
    behaviour: string,
    answer: FollowUpAnswer | ReversalAnswer,
  ): Promise<boolean> {
    return this.ledger.insert(
      {
        operationId: request.operationId,
        call,
        orderId: request.orderId,
        originalId: request.original.operationId,
        behaviour,
        amountMinor: request.amountMinor,
        currency: request.currency,
        answer: JSON.stringify(answer),
      },
      this.clock.nowMs(),
    );
  }

  /** Captures and refunds of an approved authorization always succeed in the sandbox. */
  private async followUp(request: FollowUpRequest, call: 'capture' | 'refund'): Promise<FollowUpAnswer> {
    const behaviour = (await this.ledger.behaviourOf(request.original.operationId)) ?? 'approve';
    const answer: FollowUpAnswer = {
      approved: true,
      ...pick(reference(request.orderId, `${call}:${request.operationId}`)),
    };
    const first = await this.recordFollowUp(request, call, behaviour, answer);
    if (!first) return this.again<FollowUpAnswer>(request.operationId, FENCED_FOLLOW_UP);
    // Performed, but the answer never reaches the gateway; the request sent again gets it.
    if (answersLost(behaviour)) return lost();
    return answer;
  }
}

function pick({ rrn, approvalCode }: AuthorizationReference): { rrn: string; approvalCode: string } {
  return { rrn, approvalCode };
}

/** Cards whose follow-ups are performed but whose first answer is lost. */
function answersLost(behaviour: string): boolean {
  const lostOnes: readonly IssuerBehaviour[] = ['followUpAnswerLost', 'firstAnswerLost'];
  return (lostOnes as readonly string[]).includes(behaviour);
}

function reversalDecision(
  request: FollowUpRequest,
  original: LedgerEntry | undefined,
  behaviour: string,
  calls: number,
): ReversalAnswer {
  if (original === undefined || original.call === 'fenced') return { outcome: 'originalNotFound' };
  const stood = JSON.parse(original.answer) as { approved?: boolean };
  if (stood.approved !== true) return { outcome: 'originalNotFound' };
  if (behaviour === 'reversalRetryable') return { outcome: 'refused', final: false, reason: 'doNotHonour' };
  if (behaviour === 'answerLostReversalRefused')
    return { outcome: 'refused', final: true, reason: 'doNotHonour' };
  if (behaviour === 'reversalRefused')
    return { outcome: 'refused', final: calls > RETRYABLE_REFUSALS_BEFORE_FINAL, reason: 'doNotHonour' };
  return { outcome: 'reversed', ...pick(reference(request.orderId, `reverse:${request.operationId}`)) };
}

/** A call on an id an inquiry fenced: it arrived after the gateway gave up on it, so it is refused. */
const FENCED_FOLLOW_UP: FollowUpAnswer = { approved: false, reason: 'issuerTimeout' };
function fencedDecline(network: AuthorizationAnswer['network']): AuthorizationAnswer {
  return { approved: false, network, reason: 'issuerTimeout' };
}
