import {
  isUnknown,
  type AcquirerPort,
  type AuthorizationAnswer,
  type FollowUpAnswer,
  type Inquiry,
  type ReversalAnswer,
  type UnknownOutcome,
} from '../processing/acquirer/acquirer-port.js';
import type { GatehouseMetrics } from './metrics.js';

type Answer = AuthorizationAnswer | FollowUpAnswer | ReversalAnswer | Inquiry;

/** approved, declined, refused (a reversal the acquirer would not do), or unknown (no answer). */
function answerOf(answer: Answer | UnknownOutcome): string {
  if (isUnknown(answer)) return 'unknown';
  if ('approved' in answer) return answer.approved ? 'approved' : 'declined';
  if ('outcome' in answer) return answer.outcome === 'refused' ? 'refused' : 'approved';
  return answer.found ? 'found' : 'notFound';
}

function approved(answer: Answer | UnknownOutcome): boolean {
  return answerOf(answer) === 'approved';
}

/**
 * Counts every acquirer call by kind and answer, times it, and adds what the acquirer approved to
 * the money moved. Wrapped outside the timeout guard, so a call without an answer counts as
 * unknown at the deadline.
 */
export function withMetrics(acquirer: AcquirerPort, metrics: GatehouseMetrics): AcquirerPort {
  async function counted<A extends Answer>(
    kind: string,
    call: Promise<A | UnknownOutcome>,
    moved?: { readonly amountMinor: number; readonly currency: string },
  ): Promise<A | UnknownOutcome> {
    const started = process.hrtime.bigint();
    const answer = await call;
    metrics.acquirerCall(kind, answerOf(answer), Number(process.hrtime.bigint() - started) / 1e9);
    if (moved !== undefined && approved(answer)) metrics.moneyMoved(kind, moved.currency, moved.amountMinor);
    return answer;
  }
  return {
    authorize: (request) =>
      counted(request.twoPhase ? 'hold' : 'payment', acquirer.authorize(request), request),
    debit: (request) => counted('debit', acquirer.debit(request), request),
    capture: (request) => counted('capture', acquirer.capture(request), request),
    reverse: (request) => counted('reversal', acquirer.reverse(request), request),
    refund: (request) => counted('refund', acquirer.refund(request), request),
    credit: (request) => counted('credit', acquirer.credit(request), request),
    inquire: (operationId) => counted('inquiry', acquirer.inquire(operationId)),
    cardBilling: (pan) => acquirer.cardBilling(pan),
  };
}
