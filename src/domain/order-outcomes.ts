import { DECLINE_REASONS } from './decline-reasons.js';
import { ORDER_STATUS } from './order-status.js';

/** What an authorization's answer makes of the order: its status, codes and amounts. */
export interface AuthorizationOutcome {
  readonly orderId: string;
  readonly attemptId: string;
  readonly status: number;
  readonly actionCode: number;
  readonly approvalCode: string | null;
  readonly rrn: string | null;
  readonly paymentNetRefNum: string | null;
  readonly terminalId: string | null;
  readonly authRefNum: string | null;
  readonly approvedMinor: number;
  readonly depositedMinor: number;
  /** The same in the order's DCC currency (0 without conversion). */
  readonly dccApprovedMinor: number;
  readonly dccDepositedMinor: number;
  readonly nowMs: number;
}

const ISSUER_TIMEOUT_ACTION_CODE = DECLINE_REASONS.issuerTimeout.actionCode;

/** An authorization declined for want of the issuer's answer (processing timeout, 151019). */
export function unansweredDecline(orderId: string, attemptId: string, nowMs: number): AuthorizationOutcome {
  return {
    orderId,
    attemptId,
    status: ORDER_STATUS.declined,
    actionCode: ISSUER_TIMEOUT_ACTION_CODE,
    approvalCode: null,
    rrn: null,
    paymentNetRefNum: null,
    terminalId: null,
    authRefNum: null,
    approvedMinor: 0,
    depositedMinor: 0,
    dccApprovedMinor: 0,
    dccDepositedMinor: 0,
    nowMs,
  };
}
