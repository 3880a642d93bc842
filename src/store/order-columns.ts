import type { OrderConversion } from '../domain/dcc/order-conversion.js';
import { ACTION_CODE } from '../domain/action-codes.js';
import { DECLINE_REASONS } from '../domain/decline-reasons.js';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { OrderOperationRow, OrderRegistrationColumns, OrderRow, OrdersTable } from './schema.js';

/*
 * The columns of an order and of its operation rows, as the repositories write them: the lists a
 * prepared insert or update follows, and the mappings from a claim or an outcome to columns, so
 * the prepared statements, the claimed insert and the row built in memory never drift apart.
 */

export type NewOrder = OrderRegistrationColumns;

/** The order's DCC columns: the accepted conversion, or all empty. */
export function conversionColumns(conversion: OrderConversion | undefined) {
  return {
    dcc_uuid: conversion?.dccUuid ?? null,
    dcc_currency: conversion?.currency ?? null,
    dcc_amount_minor: conversion?.amountMinor ?? null,
    dcc_rate: conversion?.rate ?? null,
    dcc_direct_rate: conversion?.directRate ?? null,
    dcc_fee_percent: conversion?.feePercent ?? null,
  };
}

/** The order's status and amounts before a full reversal, kept on its operation row. */
export interface ReversalPrior {
  readonly status: number;
  readonly approved_minor: number;
  readonly deposited_minor: number;
  /** Absent on rows written before DCC (read as 0). */
  readonly dcc_approved_minor?: number;
  readonly dcc_deposited_minor?: number;
}

/** What expiring an order needs to know of it. */
export type ExpiringOrder = Pick<OrderRow, 'id' | 'merchant_id' | 'order_number' | 'dynamic_callback_url'>;

export interface PaymentClaim {
  readonly orderId: string;
  readonly attemptId: string;
  readonly paymentWay: string;
  readonly maskedPan: string;
  readonly expiry: string;
  readonly cardholderName: string | null;
  readonly network: string;
  readonly twoPhase: boolean;
  readonly autoCompleteAtMs: number | null;
  readonly autoReverseAtMs: number | null;
  /** JSON of the 3-D Secure result the authorization carries, if the customer authenticated. */
  readonly secureAuth: string | null;
  readonly tii: string | null;
  /** The stored credential paid with; an order registered with a bindingId keeps that one otherwise. */
  readonly bindingId: string | null;
  readonly nowMs: number;
}

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

/** An order nobody has paid yet: registered, or with its customer at the issuer's ACS. */
export const UNPAID = [ORDER_STATUS.registered, ORDER_STATUS.acsStarted];

/** Column order of a prepared insert: every column of the row. */
export const ORDER_COLUMNS = [
  'id',
  'merchant_id',
  'registered_by_merchant_id',
  'order_number',
  'amount_minor',
  'currency',
  'fee_minor',
  'two_phase',
  'status',
  'action_code',
  'created_at_ms',
  'expires_at_ms',
  'updated_at_ms',
  'language',
  'description',
  'return_url',
  'fail_url',
  'dynamic_callback_url',
  'client_id',
  'ip',
  'email',
  'post_address',
  'cardholder_name',
  'binding_id',
  'mcc',
  'mvv',
  'features',
  'json_params',
  'order_bundle',
  'payer_data',
  'marketplace',
  'payment_facilitator',
  'dcc_uuid',
  'dcc_currency',
  'dcc_amount_minor',
  'dcc_rate',
  'dcc_direct_rate',
  'dcc_fee_percent',
  'p2p_type',
  'p2p_details',
] as const satisfies readonly (keyof NewOrder)[];

/** What a payment claim sets on the order. */
export const CLAIM_COLUMNS = [
  'payment_attempt_id',
  'payment_way',
  'card_masked_pan',
  'card_expiry',
  'card_holder',
  'card_network',
  'two_phase',
  'auto_complete_at_ms',
  'auto_reverse_at_ms',
  'secure_auth',
  'tii',
  'binding_id',
  'updated_at_ms',
] as const satisfies readonly (keyof OrdersTable)[];

/** What an authorization's outcome sets on the order. */
export const OUTCOME_COLUMNS = [
  'status',
  'action_code',
  'approval_code',
  'rrn',
  'payment_net_ref_num',
  'terminal_id',
  'auth_ref_num',
  'auth_at_ms',
  'approved_minor',
  'deposited_minor',
  'dcc_approved_minor',
  'dcc_deposited_minor',
  'deposited_at_ms',
  'updated_at_ms',
] as const satisfies readonly (keyof OrdersTable)[];

/** A registration row plus what the claim adds (some columns are in both lists: written once). */
export const CLAIMED_ORDER_COLUMNS = [...new Set([...ORDER_COLUMNS, ...CLAIM_COLUMNS])];

/**
 * A registered order as its row reads before anybody pays it. Every column is written out in one
 * literal: a row made by spreading the registration and then adding the 29 payment columns
 * leaves V8 adding members one at a time to a copy of a 40-member object, which measured
 * 0.12 ms per payment (docs/performance.md, change 10); later spreads that only replace members
 * of a complete row stay cheap.
 */
export function unpaidOrderRow(order: NewOrder): OrderRow {
  return {
    id: order.id,
    merchant_id: order.merchant_id,
    registered_by_merchant_id: order.registered_by_merchant_id,
    order_number: order.order_number,
    amount_minor: order.amount_minor,
    currency: order.currency,
    fee_minor: order.fee_minor,
    two_phase: order.two_phase,
    status: order.status,
    action_code: order.action_code,
    created_at_ms: order.created_at_ms,
    expires_at_ms: order.expires_at_ms,
    updated_at_ms: order.updated_at_ms,
    language: order.language,
    description: order.description,
    return_url: order.return_url,
    fail_url: order.fail_url,
    dynamic_callback_url: order.dynamic_callback_url,
    client_id: order.client_id,
    ip: order.ip,
    email: order.email,
    post_address: order.post_address,
    cardholder_name: order.cardholder_name,
    binding_id: order.binding_id,
    mcc: order.mcc,
    mvv: order.mvv,
    features: order.features,
    json_params: order.json_params,
    order_bundle: order.order_bundle,
    payer_data: order.payer_data,
    marketplace: order.marketplace,
    payment_facilitator: order.payment_facilitator,
    dcc_uuid: order.dcc_uuid,
    dcc_currency: order.dcc_currency,
    dcc_amount_minor: order.dcc_amount_minor,
    dcc_rate: order.dcc_rate,
    dcc_direct_rate: order.dcc_direct_rate,
    dcc_fee_percent: order.dcc_fee_percent,
    p2p_type: order.p2p_type,
    p2p_details: order.p2p_details,
    payment_attempt_id: null,
    payment_way: null,
    card_masked_pan: null,
    card_expiry: null,
    card_holder: null,
    card_network: null,
    approval_code: null,
    rrn: null,
    payment_net_ref_num: null,
    terminal_id: null,
    auth_ref_num: null,
    auth_at_ms: null,
    deposited_at_ms: null,
    reversed_at_ms: null,
    refunded_at_ms: null,
    auto_complete_at_ms: null,
    auto_reverse_at_ms: null,
    secure_auth: null,
    tii: null,
    to_masked_pan: null,
    to_network: null,
    to_card_sealed: null,
    p2p_parties: null,
    approved_minor: 0,
    deposited_minor: 0,
    refunded_minor: 0,
    dcc_approved_minor: 0,
    dcc_deposited_minor: 0,
    dcc_refunded_minor: 0,
  };
}

/** The order's columns after `claim`; `bindingId` is the order's own when the claim names none. */
export function claimColumns(
  claim: PaymentClaim,
  bindingId: string | null,
): Pick<OrderRow, (typeof CLAIM_COLUMNS)[number]> {
  return {
    payment_attempt_id: claim.attemptId,
    payment_way: claim.paymentWay,
    card_masked_pan: claim.maskedPan,
    card_expiry: claim.expiry,
    card_holder: claim.cardholderName,
    card_network: claim.network,
    two_phase: claim.twoPhase ? 1 : 0,
    auto_complete_at_ms: claim.autoCompleteAtMs,
    auto_reverse_at_ms: claim.autoReverseAtMs,
    secure_auth: claim.secureAuth,
    tii: claim.tii,
    binding_id: claim.bindingId ?? bindingId,
    updated_at_ms: claim.nowMs,
  };
}

/** The order's columns after an authorization's outcome. */
export function outcomeColumns(
  outcome: AuthorizationOutcome,
): Pick<OrderRow, (typeof OUTCOME_COLUMNS)[number]> {
  return {
    status: outcome.status,
    action_code: outcome.actionCode,
    approval_code: outcome.approvalCode,
    rrn: outcome.rrn,
    payment_net_ref_num: outcome.paymentNetRefNum,
    terminal_id: outcome.terminalId,
    auth_ref_num: outcome.authRefNum,
    auth_at_ms: outcome.nowMs,
    approved_minor: outcome.approvedMinor,
    deposited_minor: outcome.depositedMinor,
    dcc_approved_minor: outcome.dccApprovedMinor,
    dcc_deposited_minor: outcome.dccDepositedMinor,
    deposited_at_ms: outcome.depositedMinor > 0 ? outcome.nowMs : null,
    updated_at_ms: outcome.nowMs,
  };
}

export const OPERATION_COLUMNS = [
  'id',
  'order_id',
  'merchant_id',
  'kind',
  'state',
  'amount_minor',
  'currency',
  'action_code',
  'rrn',
  'approval_code',
  'external_id',
  'details',
  'prior',
  'dcc_amount_minor',
  'created_at_ms',
  'completed_at_ms',
] as const satisfies readonly (keyof OrderOperationRow)[];

// A type test: adding a registration column without adding it here fails to compile.
type MissingColumns = Exclude<keyof NewOrder, (typeof ORDER_COLUMNS)[number]>;
const allColumnsListed: MissingColumns extends never ? true : MissingColumns = true;
void allColumnsListed;
type MissingOperationColumns = Exclude<keyof OrderOperationRow, (typeof OPERATION_COLUMNS)[number]>;
const allOperationColumnsListed: MissingOperationColumns extends never ? true : MissingOperationColumns =
  true;
void allOperationColumnsListed;

/** What a new operation row records of its intent. */
export interface OperationIntent {
  readonly id: string;
  readonly order: Pick<OrderRow, 'id' | 'merchant_id' | 'currency'>;
  readonly kind: string;
  readonly amountMinor: number;
  readonly nowMs: number;
  readonly externalId?: string | undefined;
  /** JSON of what the request carried besides the amount. */
  readonly details?: string | null;
  /** JSON of what a full reversal zeroed. */
  readonly prior?: string | null;
  /** The movement in the order's DCC currency, for orders paid with conversion. */
  readonly dccAmountMinor?: number | null;
}

/** An operation row as written before the acquirer is called: pending, in the start state. */
export function pendingOperationRow(intent: OperationIntent): OrderOperationRow {
  return {
    id: intent.id,
    order_id: intent.order.id,
    merchant_id: intent.order.merchant_id,
    kind: intent.kind,
    state: 'pending',
    amount_minor: intent.amountMinor,
    currency: intent.order.currency,
    action_code: ACTION_CODE.started,
    rrn: null,
    approval_code: null,
    external_id: intent.externalId ?? null,
    details: intent.details ?? null,
    prior: intent.prior ?? null,
    dcc_amount_minor: intent.dccAmountMinor ?? null,
    created_at_ms: intent.nowMs,
    completed_at_ms: null,
  };
}

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
