import { unansweredDecline, type AuthorizationOutcome } from '../../domain/order-outcomes.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { AuthorizationReference } from '../../processing/acquirer/acquirer-port.js';
import type { OrderRow } from '../../store/schema.js';
import { paymentEventFor } from '../callbacks/payment-event.js';

/** The issuers of a transfer's cards (the BIN file's bank name and country), kept for its callback. */
export interface TransferParties {
  readonly debit?: { readonly bankName: string; readonly country: string };
  readonly credit?: { readonly bankName: string; readonly country: string };
}

/**
 * The P2P members of a transfer's callback (gateway-facts §8): operationType for AFT and OCT, the
 * transaction type indicator, each card's bank and country (ISO 3166-1 alpha-2), whether the two
 * countries differ, the registered recipient data (JSON), and the debit's RRN.
 */
export function transferCallbackMembers(
  order: Pick<OrderRow, 'p2p_type' | 'p2p_details' | 'p2p_parties'>,
  debitRrn: string | undefined,
): Record<string, string> {
  const details = JSON.parse(order.p2p_details ?? '{}') as {
    transactionTypeIndicator?: string;
    billingRecipientData?: unknown;
  };
  const parties = JSON.parse(order.p2p_parties ?? '{}') as TransferParties;
  const members: Record<string, string> = {};
  if (order.p2p_type === 'AFT' || order.p2p_type === 'OCT') members.operationType = order.p2p_type;
  if (details.transactionTypeIndicator !== undefined)
    members.transactionTypeIndicator = details.transactionTypeIndicator;
  if (parties.debit !== undefined) {
    members.debitBankName = parties.debit.bankName;
    members.debitPanCountryCode = parties.debit.country;
  }
  if (parties.credit !== undefined) {
    members.creditBankName = parties.credit.bankName;
    members.creditPanCountryCode = parties.credit.country;
  }
  if (parties.debit !== undefined && parties.credit !== undefined)
    members.isInternationalP2P = String(parties.debit.country !== parties.credit.country);
  if (details.billingRecipientData !== undefined)
    members.recipientData = JSON.stringify(details.billingRecipientData);
  if (debitRrn !== undefined && debitRrn !== '') members.p2pDebitRrn = debitRrn;
  return members;
}

/** The order's outcome when the transfer is made: everything debited (amount + fee) is deposited. */
export function transferCompleted(
  orderId: string,
  attemptId: string,
  movedMinor: number,
  reference: AuthorizationReference,
  nowMs: number,
): AuthorizationOutcome {
  return {
    orderId,
    attemptId,
    status: ORDER_STATUS.deposited,
    actionCode: 0,
    approvalCode: reference.approvalCode,
    rrn: reference.rrn,
    paymentNetRefNum: reference.paymentNetRefNum,
    terminalId: reference.terminalId,
    authRefNum: reference.authRefNum,
    approvedMinor: movedMinor,
    depositedMinor: movedMinor,
    dccApprovedMinor: 0,
    dccDepositedMinor: 0,
    nowMs,
  };
}

/** The order's outcome when the transfer is declined with `actionCode`. */
export function transferDeclined(
  orderId: string,
  attemptId: string,
  actionCode: number,
  nowMs: number,
): AuthorizationOutcome {
  return { ...unansweredDecline(orderId, attemptId, nowMs), actionCode };
}

/** The `deposited` callback of a made transfer, with the P2P members of gateway-facts §8. */
export function transferEvent(order: OrderRow, debitRrn: string | undefined) {
  return paymentEventFor(
    order,
    'deposited',
    true,
    order.amount_minor,
    transferCallbackMembers(order, debitRrn),
  );
}
