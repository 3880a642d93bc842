import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import type { AuthorizationAnswer, FollowUpAnswer } from '../processing/acquirer/acquirer-port.js';
import type { OrderOperationRow } from '../store/schema.js';

type AcquirerAnswer = AuthorizationAnswer | FollowUpAnswer;

/** The end of an operation row, from the acquirer's answer. */
export function operationOutcome(
  answer: AcquirerAnswer,
  nowMs: number,
): Pick<OrderOperationRow, 'state' | 'action_code' | 'rrn' | 'approval_code' | 'completed_at_ms'> {
  return {
    state: answer.approved ? 'approved' : 'declined',
    action_code: answer.approved ? 0 : DECLINE_REASONS[answer.reason].actionCode,
    rrn: answer.approved ? answer.rrn : null,
    approval_code: answer.approved ? answer.approvalCode : null,
    completed_at_ms: nowMs,
  };
}
